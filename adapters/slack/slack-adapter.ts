/**
 * The Slack adapter: wires @slack/bolt to the core. Inbound, `/papers` commands, reply buttons and reaction
 * events become core calls; outbound, the port posts the digest. Socket Mode when an app token is given (the
 * default), HTTP mode on `/slack/events` when only a signing secret is. One workspace with `botToken`; with
 * `install`, every workspace that installs the app through the OAuth flow, each with its own token.
 */
import type { Server } from 'node:http';
import { App, SocketModeReceiver, type webApi } from '@slack/bolt';
import type { CommandService } from '../../commands/command-service';
import { type ChatAdapter, noTelemetry, type PlatformTelemetry } from '../../src/chat/chat-adapter';
import type { ChatPort } from '../../src/chat/chat-port';
import { type Clock, systemClock } from '../../src/clock';
import type { Logger } from '../../src/logging/logger';
import type { SecretBox } from '../../src/secrets/secret-box';
import { waitOutHeldLock } from '../../src/store/store-retry';
import type { WorkspaceInstallations } from '../../src/subscriptions/workspace-installations';
import { registerCommandHandlers } from './slack-commands';
import { createSlackDirectories } from './slack-directory';
import type { SlackIdentity } from './slack-identity';
import { authorizeUrlBeside, installFlowOptions } from './slack-install-flow';
import { createSlackInstallations, type SlackInstallations } from './slack-installations';
import { listenerErrorHandler } from './slack-listener-errors';
import { boltLogger } from './slack-logger';
import { createPacer, realSleep, type Sleep } from './slack-pacer';
import { createSlackPort } from './slack-port';
import { registerReactionHandlers } from './slack-reactions';
import { createReceiver, pickMode, type SlackMode } from './slack-receivers';
import { type SocketWatch, watchSocketReconnects } from './slack-reconnects';
import { type ClaimOnce, createReplayGuard, inMemoryClaims } from './slack-replays';
import { registerUninstallHandlers } from './slack-uninstalls';
import { WorkTracker } from './slack-work';
import { clientMaker, installedWorkspaces, oneWorkspace, type SlackWorkspaces } from './slack-workspaces';

/** Many workspaces: the OAuth install flow (HTTP mode), tokens sealed in the shared database. */
export interface SlackInstallOptions {
  clientId: string;
  clientSecret: string;
  stateSecret: string;
  installations: WorkspaceInstallations;
  box: SecretBox;
  redirectUri?: string | undefined;
  /** Slack's authorize page; by default the one beside `apiUrl`. */
  authorizationUrl?: string | undefined;
}

export interface SlackAdapterOptions {
  /** One workspace. Exactly one of `botToken` and `install` is given. */
  botToken?: string | undefined;
  install?: SlackInstallOptions | undefined;
  /** `xapp-…`: Socket Mode. */
  appToken?: string | undefined;
  /** HTTP mode, used when there is no app token. */
  signingSecret?: string | undefined;
  /** HTTP mode listen port (0 picks a free one) and host. */
  port?: number | undefined;
  host?: string | undefined;
  /** Web API base, `https://slack.com/api/` by default. */
  apiUrl?: string | undefined;
  commands: CommandService;
  log: Logger;
  /** Skip the auth.test call at start-up when all three are known. */
  botId?: string | undefined;
  botUserId?: string | undefined;
  teamUrl?: string | undefined;
  clock?: Clock;
  sleep?: Sleep;
  /** Gap between two posts to one channel; Slack allows about one per second. */
  postIntervalMs?: number;
  /**
   * Bounded retries for 5xx and network errors on every call but keyed posts. Never Bolt's default (about
   * 30 minutes). Keyed posts (header, papers) are retried by the port, after checking history.
   */
  retryConfig?: webApi.RetryOptions;
  /** Per request: a hung call fails (and is retried) instead of holding the channel. */
  requestTimeoutMs?: number;
  /** Keyed posts: rounds of "check history, post again" after an unanswered post, and the first wait. */
  keyedPostAttempts?: number;
  keyedPostBackoffMs?: number;
  /** 429s one post waits out before failing as 'transient'. */
  maxRateLimitWaits?: number;
  /** HTTP mode: answer Slack only after the listener ran (deterministic tests; FaaS). */
  processBeforeResponse?: boolean;
  /** How long users.info / conversations.info answers are reused (0: ask every time). */
  directoryCacheMs?: number;
  /** 429s, retries and reconnects, for metrics. */
  telemetry?: PlatformTelemetry;
  /** How long `stop()` waits for acked work (command answers, reaction hand-offs) to finish. */
  stopGraceMs?: number;
  /**
   * Records a one-time value (a request's signature, an OAuth state) where every instance sees it: true
   * the first time. The composition root passes the database; alone, the adapter remembers in memory.
   */
  claimOnce?: ClaimOnce;
}

export interface SlackAdapter extends ChatAdapter {
  readonly port: ChatPort;
  readonly mode: SlackMode;
  /** The port HTTP mode listens on once started; null in Socket Mode. */
  httpPort(): number | null;
  /** Resolves once no command answer or reaction hand-off is in flight. */
  idle(): Promise<void>;
}

export const defaultRetryConfig: webApi.RetryOptions = {
  retries: 3,
  factor: 2,
  minTimeout: 1_000,
  maxTimeout: 8_000,
};

export function createSlackAdapter(options: SlackAdapterOptions): SlackAdapter {
  const mode = pickMode(options);
  const log = options.log.child({ platform: 'slack' });
  const clock = options.clock ?? systemClock;
  const now = () => clock.now().getTime();
  const sleep = options.sleep ?? realSleep;
  const slackLogger = boltLogger(log);
  const clientOptions: webApi.WebClientOptions = {
    slackApiUrl: `${(options.apiUrl ?? 'https://slack.com/api/').replace(/\/+$/, '')}/`,
    retryConfig: options.retryConfig ?? defaultRetryConfig,
    // 429s are waited out per channel by the port; the client would pause every call instead.
    rejectRateLimitedCalls: true,
    timeout: options.requestTimeoutMs ?? 15_000,
    logger: slackLogger,
  };
  const telemetry = options.telemetry ?? noTelemetry;
  // The keyed client never retries by itself: its own retry would repost a message whose answer was lost.
  const makeClients = clientMaker(clientOptions, telemetry.rateLimited);
  const install = options.install;
  if (!install && !options.botToken) throw new Error('Slack needs a bot token or the install flow');
  if (install && mode !== 'http')
    throw new Error('the Slack install flow needs HTTP mode (a signing secret)');
  const identity: SlackIdentity & { botName: string | null } = {
    botName: null,
    botId: options.botId ?? null,
    botUserId: options.botUserId ?? null,
    teamUrl: options.teamUrl ?? null,
  };
  const single = install ? null : { ...makeClients(options.botToken ?? ''), identity };
  const installations = install
    ? createSlackInstallations({
        installations: install.installations,
        box: install.box,
        log,
        teamUrlOf: async (token) => (await makeClients(token).client.auth.test()).url ?? null,
      })
    : null;
  const workspaces: SlackWorkspaces = single
    ? oneWorkspace(single)
    : installedWorkspaces({
        find: (teamId) => (installations as SlackInstallations).find(teamId),
        makeClients,
      });
  const claimOnce = options.claimOnce ?? inMemoryClaims();
  const replays = createReplayGuard(claimOnce, log);
  const tracker = new WorkTracker();
  const track = <T>(work: Promise<T>) => tracker.track(work);
  const port: ChatPort = createSlackPort({
    workspaces,
    keyedPosts: { attempts: options.keyedPostAttempts ?? 4, backoffMs: options.keyedPostBackoffMs ?? 1_000 },
    pacer: createPacer({ intervalMs: options.postIntervalMs ?? 1_100, now, sleep }),
    sleep,
    log,
    maxRateLimitWaits: options.maxRateLimitWaits ?? 3,
    onRetry: telemetry.retried,
    historyPages: 3,
  });
  let app: App | null = null;
  let server: Server | null = null;
  /** Socket Mode: follows the socket client's lifecycle events (it reconnects on its own). */
  let socket: SocketWatch | null = null;

  async function identify(): Promise<void> {
    if (!single || (identity.botId && identity.botUserId && identity.teamUrl)) return;
    const auth = await single.client.auth.test();
    identity.botId = auth.bot_id ?? identity.botId;
    identity.botUserId = auth.user_id ?? identity.botUserId;
    identity.teamUrl = auth.url ?? identity.teamUrl;
    identity.botName = auth.user ?? identity.botName;
  }

  return {
    mode,
    port,
    async start() {
      if (app) return;
      await identify();
      const receiver = createReceiver({
        appToken: options.appToken,
        signingSecret: options.signingSecret,
        processBeforeResponse: options.processBeforeResponse ?? false,
        clientOptions,
        slackLogger,
        log,
        installFlow:
          install && installations
            ? installFlowOptions({
                ...install,
                installationStore: installations.store,
                authorizationUrl:
                  install.authorizationUrl ?? authorizeUrlBeside(clientOptions.slackApiUrl ?? ''),
                clientOptions,
                log,
                // The person installing waits on this page anyway: a held lock is waited out, not a refusal.
                claimOnce: (key) =>
                  waitOutHeldLock(
                    () => claimOnce(key),
                    (attempt) =>
                      log.info(
                        { attempt },
                        'the database is locked by another process: the install link waits for it',
                      ),
                  ),
              })
            : undefined,
      });
      if (receiver instanceof SocketModeReceiver) {
        socket = watchSocketReconnects(receiver.client, log, telemetry);
      }
      const bolt = new App({
        ...(single ? { token: options.botToken } : {}),
        receiver,
        clientOptions,
        logger: slackLogger,
        ...(identity.botId ? { botId: identity.botId } : {}),
        ...(identity.botUserId ? { botUserId: identity.botUserId } : {}),
        tokenVerificationEnabled: false,
        extendedErrorHandler: true,
      });
      const directory = createSlackDirectories({ log, now, ttlMs: options.directoryCacheMs ?? 60_000 });
      registerCommandHandlers(bolt, {
        commands: options.commands,
        directory,
        log,
        track,
        replays,
        botName: () => identity.botName ?? 'paperboy',
      });
      registerReactionHandlers(bolt, {
        commands: options.commands,
        directory,
        log,
        track,
        botUserId: () => identity.botUserId,
      });
      if (installations) registerUninstallHandlers(bolt, { installations, log, track });
      bolt.error(listenerErrorHandler(log));
      const started = await bolt.start(
        ...(mode === 'http' ? [{ port: options.port ?? 3000, host: options.host }] : []),
      );
      server = mode === 'http' ? (started as Server) : null;
      app = bolt;
      const address = server?.address();
      log.info(
        {
          mode,
          port: mode === 'http' ? httpPort() : undefined,
          host: address && typeof address === 'object' ? address.address : undefined,
        },
        'slack adapter started',
      );
    },
    async stop() {
      const running = app;
      app = null;
      server = null;
      if (running) await running.stop();
      // Answers already acked get a grace period to go out; after it they are abandoned (logged).
      if (!(await tracker.idle(options.stopGraceMs ?? 10_000)))
        log.warn('slack stopped with work still in flight');
    },
    connected: () => app !== null && (mode === 'http' ? server?.listening === true : socket?.open() === true),
    httpPort,
    idle: async () => {
      await tracker.idle();
    },
  };

  function httpPort(): number | null {
    const address = server?.address();
    return address && typeof address === 'object' ? address.port : null;
  }
}
