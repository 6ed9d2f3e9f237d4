/**
 * Which token (and so which Web API clients) and which bot identity a channel's calls use. One workspace:
 * the configured bot token for every channel, as before. Many: the installation of the channel's
 * workspace (`ChannelRef.workspaceId` is the team id), read from the shared database on each use, so a
 * workspace that removed the app on another instance is not posted to with its old token.
 */
import { webApi } from '@slack/bolt';
import { DeliveryError, isPaperboyError } from '../../src/errors';
import { notInstalledReason } from '../../src/subscriptions/workspace-installations';
import type { SlackIdentity } from './slack-identity';
import type { InstalledWorkspace } from './slack-installations';

export interface SlackWorkspace {
  client: webApi.WebClient;
  /** Never retries on its own (keyed posts are retried by the port after checking history). */
  keyedClient: webApi.WebClient;
  identity: SlackIdentity;
}

export interface SlackWorkspaces {
  /** Throws a `DeliveryError` when the workspace has no usable installation. */
  get(teamId: string): Promise<SlackWorkspace>;
}

export type MakeClients = (token: string) => Pick<SlackWorkspace, 'client' | 'keyedClient'>;

/** Clients for a token: both with the adapter's options, the keyed one without retries. */
export function clientMaker(options: webApi.WebClientOptions, onRateLimited: () => void): MakeClients {
  return (token) => {
    const client = new webApi.WebClient(token, options);
    const keyedClient = new webApi.WebClient(token, { ...options, retryConfig: { retries: 0 } });
    for (const each of [client, keyedClient]) each.on(webApi.WebClientEvent.RATE_LIMITED, onRateLimited);
    return { client, keyedClient };
  };
}

/** The single-workspace set-up: one bot token for every channel. */
export const oneWorkspace = (workspace: SlackWorkspace): SlackWorkspaces => ({
  get: async () => workspace,
});

/** Clients are kept per token (a reinstall's new token gets new ones); at most `maxClients` are kept. */
export function installedWorkspaces(options: {
  find(teamId: string): Promise<InstalledWorkspace | null>;
  makeClients: MakeClients;
  maxClients?: number;
}): SlackWorkspaces {
  const byToken = new Map<string, Pick<SlackWorkspace, 'client' | 'keyedClient'>>();
  const maxClients = options.maxClients ?? 500;
  return {
    async get(teamId) {
      let installed: InstalledWorkspace | null;
      try {
        installed = await options.find(teamId);
      } catch (error) {
        // A token the key cannot open: the operator's key is wrong, which pausing channels would not fix.
        if (isPaperboyError(error) && error.code === 'config_invalid')
          throw new DeliveryError('transient', error.message, { cause: error });
        throw error;
      }
      if (!installed) {
        // The message is the subscription's pause reason: installing the app resumes what it paused.
        throw new DeliveryError('unauthorized', notInstalledReason);
      }
      let clients = byToken.get(installed.token);
      if (!clients) {
        clients = options.makeClients(installed.token);
        if (byToken.size >= maxClients) byToken.delete(byToken.keys().next().value as string);
        byToken.set(installed.token, clients);
      }
      return {
        ...clients,
        identity: { botId: installed.botId, botUserId: installed.botUserId, teamUrl: installed.teamUrl },
      };
    },
  };
}
