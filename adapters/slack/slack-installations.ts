/**
 * Bolt's `InstallationStore` over the core's installations (the shared database, so every instance behind a
 * load balancer sees every workspace): the bot token sealed with the encryption key before it is stored and
 * opened on the way out; a token sealed with the previous key (while rotating) is sealed again with the
 * current one, after the request that opened it. Workspace installs only: an Enterprise Grid org-wide install is refused.
 */
import type { Installation, InstallationQuery, InstallationStore } from '@slack/bolt';
import type { Logger } from '../../src/logging/logger';
import type { SecretBox } from '../../src/secrets/secret-box';
import type { Installation as StoredInstallation } from '../../src/store/store';
import type { WorkspaceInstallations } from '../../src/subscriptions/workspace-installations';

/** What a workspace's installation gives the adapter: its token and who the bot is there. */
export interface InstalledWorkspace {
  teamId: string;
  token: string;
  botId: string | null;
  botUserId: string | null;
  /** `https://team.slack.com/`, for permalinks. */
  teamUrl: string | null;
}

export interface SlackInstallationsOptions {
  installations: WorkspaceInstallations;
  box: SecretBox;
  log: Logger;
  /** auth.test with a new token: the workspace URL (Bolt's installer keeps only the bot id). */
  teamUrlOf(token: string): Promise<string | null>;
}

export interface SlackInstallations {
  /** Bolt's side: the installer stores, Bolt's authorize fetches. */
  readonly store: InstallationStore;
  /** The adapter's side (posts, history): null when the workspace has no installation. */
  find(teamId: string): Promise<InstalledWorkspace | null>;
  /** app_uninstalled / tokens_revoked: the token is deleted and the workspace's digests paused. */
  removed(teamId: string): Promise<{ deleted: boolean; paused: number }>;
}

const boundTo = (teamId: string) => `slack:${teamId}`;

interface Metadata {
  teamName?: string;
  botId?: string;
  botUserId?: string;
  scopes?: string[];
  appId?: string;
  teamUrl?: string | null;
  installerUserId?: string;
}

export function createSlackInstallations(options: SlackInstallationsOptions): SlackInstallations {
  const { installations, box, log } = options;

  /** Workspaces whose token is being sealed again right now (one write each, not one per request). */
  const resealing = new Set<string>();

  /**
   * Sealing again with the current key is a write, and `open` runs while Bolt authorizes a request, before
   * it is acknowledged: the write is left to after the request, and one refused (another process holds the
   * database's lock) is simply tried again on the token's next use.
   */
  function resealLater(stored: StoredInstallation, plaintext: string): void {
    const team = stored.workspaceId;
    if (resealing.has(team)) return;
    resealing.add(team);
    setImmediate(() => {
      installations
        .reseal(stored, box.seal(plaintext, boundTo(team)))
        .then(
          () => log.info({ team }, 'slack token sealed again with the current encryption key'),
          (error: unknown) =>
            log.warn({ team, err: error }, 'slack token not sealed again yet; tried again on its next use'),
        )
        .finally(() => resealing.delete(team));
    });
  }

  function open(stored: StoredInstallation): string {
    const { plaintext, keyId } = box.open(stored.secret, boundTo(stored.workspaceId));
    if (keyId !== box.keyId) resealLater(stored, plaintext);
    return plaintext;
  }

  const store: InstallationStore = {
    async storeInstallation(installation) {
      const teamId = installation.team?.id;
      if (installation.isEnterpriseInstall || !teamId) {
        throw new Error(
          'org-wide (Enterprise Grid) installs are not supported: install paperboy per workspace',
        );
      }
      const bot = installation.bot;
      if (!bot) throw new Error('the install gave no bot token (the bot scopes were not granted)');
      const metadata: Metadata = {
        ...(installation.team?.name ? { teamName: installation.team.name } : {}),
        botId: bot.id,
        botUserId: bot.userId,
        scopes: bot.scopes,
        ...(installation.appId ? { appId: installation.appId } : {}),
        teamUrl: await options.teamUrlOf(bot.token),
        installerUserId: installation.user.id,
      };
      const { resumed } = await installations.installed(
        teamId,
        box.seal(bot.token, boundTo(teamId)),
        metadata as Record<string, unknown>,
      );
      log.info({ team: teamId, resumed }, 'slack workspace installed the app');
    },
    async fetchInstallation(query: InstallationQuery<boolean>): Promise<Installation> {
      const teamId = query.teamId;
      const stored = teamId ? await installations.get(teamId) : null;
      if (!stored || !teamId) throw new Error(`no installation for Slack workspace ${teamId ?? '(none)'}`);
      const metadata = stored.metadata as Metadata;
      return {
        team: { id: teamId, ...(metadata.teamName ? { name: metadata.teamName } : {}) },
        enterprise: undefined,
        user: { token: undefined, scopes: undefined, id: metadata.installerUserId ?? '' },
        bot: {
          token: open(stored),
          scopes: metadata.scopes ?? [],
          id: metadata.botId ?? '',
          userId: metadata.botUserId ?? '',
        },
        ...(metadata.appId ? { appId: metadata.appId } : {}),
        tokenType: 'bot',
        isEnterpriseInstall: false,
        authVersion: 'v2',
      };
    },
    async deleteInstallation(query) {
      if (query.teamId) await installations.removed(query.teamId);
    },
  };

  return {
    store,
    async find(teamId) {
      const stored = await installations.get(teamId);
      if (!stored) return null;
      const metadata = stored.metadata as Metadata;
      return {
        teamId,
        token: open(stored),
        botId: metadata.botId ?? null,
        botUserId: metadata.botUserId ?? null,
        teamUrl: metadata.teamUrl ?? null,
      };
    },
    removed: (teamId) => installations.removed(teamId),
  };
}
