/**
 * The Discord adapter: a discord.js client on the gateway (Guilds, GuildMessages, GuildMessageReactions;
 * no privileged intents) that translates interactions and reactions into core calls, and a REST port the
 * core posts digests through. The REST base comes from `apiBase`, and with it the gateway URL.
 */
import { Client, Events, GatewayIntentBits, type Interaction, Partials, type RESTOptions } from 'discord.js';
import type { CommandService } from '../../commands/command-service';
import { type ChatAdapter, noTelemetry, type PlatformTelemetry } from '../../src/chat/chat-adapter';
import type { ChatPort } from '../../src/chat/chat-port';
import type { Logger } from '../../src/logging/logger';
import { settleWithin } from '../../src/time/settle-within';
import { NO_MENTIONS } from './discord-body';
import { createInteractionHandler } from './discord-interactions';
import { createDiscordPort } from './discord-port';
import { discordRateLimits } from './discord-rate-limits';
import { listenForReactions } from './discord-reactions';
import { watchReconnects } from './discord-reconnects';
import {
  allShardsReady,
  ownsEvent,
  runningShards,
  shardRefusal,
  shardStatusText,
} from './discord-shard-status';
import { clientShardOptions, type ShardPlan, shardsText } from './discord-shards';
import { ensureCommandsRegistered } from './register-commands';

export interface DiscordAdapterOptions {
  token: string;
  applicationId: string;
  /** REST base without version, e.g. `https://discord.com/api` (DISCORD_API_BASE). */
  apiBase: string;
  /** Register `/papers` in this guild (instant) rather than globally. */
  guildId?: string | undefined;
  commands: CommandService;
  log: Logger;
  /** Check the registered commands at start-up and overwrite them when they differ. Default true. */
  registerCommands?: boolean;
  /** Answer directly when the core replies within this many ms, defer otherwise. Default 1000. */
  deferAfterMs?: number;
  /** How long `start()` waits for the gateway to be ready. Default 60 s. */
  readyTimeoutMs?: number;
  /** How long `stop()` lets interactions and reactions in progress finish. Default 5 s. */
  stopGraceMs?: number;
  /**
   * Ask for the privileged Message Content intent (it must also be switched on in the developer portal).
   * Without it `readMessage` sees other people's text only when they mention the bot. Default false.
   */
  messageContent?: boolean;
  /** 429s, retries and reconnects, for metrics. */
  telemetry?: PlatformTelemetry;
  /**
   * Several instances on one bot token each receive every interaction on their gateway connection, and
   * Discord takes one answer: each interaction is claimed here first (in the shared database), and an
   * instance whose claim loses stays silent. Default: every interaction is this instance's.
   */
  claimInteraction?: (interactionId: string) => Promise<boolean>;
  /** How long the claim may take before the interaction is answered anyway. Default 1 s. */
  claimWaitMs?: number;
  /**
   * The gateway shards this instance runs (DISCORD_SHARD_COUNT / DISCORD_SHARD_IDS). Events of a guild on
   * another instance's shard are left to that instance. Default: shard 0 of 1.
   */
  shards?: ShardPlan;
  /** REST tuning (tests shorten waits); `api` always comes from `apiBase`. */
  rest?: Partial<Pick<RESTOptions, 'retries' | 'timeout' | 'offset'>>;
}

export interface DiscordAdapter extends ChatAdapter {
  readonly port: ChatPort;
  /** The bot's user id once started. */
  botUserId(): string | null;
  /** The shard ids this instance runs and the total, once connected. */
  shards(): { ids: number[]; count: number } | null;
}

/**
 * The interaction claim's share of Discord's 3 s (it takes milliseconds when the database is well): with
 * the reply deferred 1 s after the command starts, the acknowledgement goes out within 2 s however the
 * database fares.
 */
export const defaultClaimWaitMs = 1_000;

export const DISCORD_INTENTS = [
  GatewayIntentBits.Guilds,
  GatewayIntentBits.GuildMessages,
  GatewayIntentBits.GuildMessageReactions,
];

const intentsFor = (messageContent: boolean) =>
  messageContent ? [...DISCORD_INTENTS, GatewayIntentBits.MessageContent] : DISCORD_INTENTS;

/** Resolves on the first ClientReady; `cancel` drops the timer so a failed start leaves nothing running. */
function readySignal(client: Client, timeoutMs: number) {
  let timer: NodeJS.Timeout | undefined;
  let onReady = () => {};
  const ready = new Promise<void>((resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`Discord gateway not ready after ${timeoutMs} ms`)), timeoutMs);
    onReady = () => {
      clearTimeout(timer);
      resolve();
    };
    client.once(Events.ClientReady, onReady);
  });
  const cancel = () => {
    clearTimeout(timer);
    client.off(Events.ClientReady, onReady);
  };
  return { ready, cancel };
}

export function createDiscordAdapter(options: DiscordAdapterOptions): DiscordAdapter {
  const log = options.log.child({ platform: 'discord' });
  const plan = options.shards ?? { ids: [0], count: 1 };
  const client = new Client({
    ...clientShardOptions(plan),
    intents: intentsFor(options.messageContent === true),
    // User: a reaction removal by someone not in the cache is otherwise dropped by discord.js.
    partials: [Partials.Message, Partials.Channel, Partials.Reaction, Partials.User],
    allowedMentions: NO_MENTIONS,
    rest: {
      globalRequestsPerSecond: discordRateLimits.globalRequestsPerSecond,
      ...options.rest,
      api: options.apiBase,
    },
  });
  // discord.js takes SHARD_COUNT from the environment when the count equals its default (1): the
  // configuration is the one source, so it is set again here.
  if (plan !== 'auto') Object.assign(client.options, clientShardOptions(plan));
  let open = false;
  let closing = false;
  const inFlight = new Set<Promise<void>>();
  const track = (work: Promise<void>) => {
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work));
  };
  const port = createDiscordPort({
    rest: client.rest,
    botUserId: () => client.user?.id ?? null,
    isOpen: () => open,
  });
  const onInteraction = createInteractionHandler({
    commands: options.commands,
    log,
    deferAfterMs: options.deferAfterMs ?? 1000,
  });
  const claimInteraction = options.claimInteraction ?? (async () => true);
  const claimWaitMs = options.claimWaitMs ?? defaultClaimWaitMs;
  const answerIfOurs = async (interaction: Interaction) => {
    // Without the database (it failed, or a lock holds the claim up), answer anyway: the acknowledgement
    // never waits on it, and Discord refuses a second answer to one interaction (40060).
    const claim = await settleWithin(claimInteraction(interaction.id), claimWaitMs);
    const ours = claim.status !== 'done' || claim.value;
    if (claim.status === 'failed')
      log.warn(
        { err: claim.error, interaction: interaction.id },
        'could not claim the interaction; answering it',
      );
    if (claim.status === 'late')
      log.warn(
        { interaction: interaction.id, waitedMs: claimWaitMs },
        'the database has not answered the interaction claim in time; answering it',
      );
    if (ours) await onInteraction(interaction);
    else log.debug({ interaction: interaction.id }, 'interaction answered by another instance');
  };
  // Discord sends a guild's events on its shard's connection only; an event for a guild on a shard this
  // instance does not run is never answered here (not even claimed, so its owner still answers it).
  client.on(Events.InteractionCreate, (interaction) => {
    if (closing || !ownsEvent(client, log, interaction.guildId, { interaction: interaction.id })) return;
    track(answerIfOurs(interaction));
  });
  listenForReactions(client, options.commands, log, track);
  const telemetry = options.telemetry ?? noTelemetry;
  // discord.js waits out 429s and retries 5xx itself; its response event is where both can be seen.
  client.rest.on('response', (request, response) => {
    if (response.status === 429) {
      telemetry.rateLimited();
      telemetry.retried();
    } else if (request.retries > 0) telemetry.retried();
  });
  client.on(Events.Error, (error) => log.error({ err: error }, 'discord client error'));
  client.on(Events.ShardDisconnect, (event, shardId) =>
    log.warn({ code: event.code, shard: shardId }, 'discord gateway disconnected'),
  );
  watchReconnects(client, log, telemetry);

  return {
    port,
    botUserId: () => client.user?.id ?? null,
    shards: () => runningShards(client),
    connected: () => open && allShardsReady(client),
    connectionDetail: () => (open ? shardStatusText(client, plan) : `not connected (${shardsText(plan)})`),
    async start() {
      const { ready, cancel } = readySignal(client, options.readyTimeoutMs ?? 60_000);
      ready.catch(() => {});
      try {
        await client.login(options.token);
        await ready;
      } catch (error) {
        cancel();
        await client.destroy();
        const refusal = shardRefusal(error, plan);
        throw refusal ? new Error(refusal, { cause: error }) : error;
      }
      open = true;
      const running = runningShards(client);
      log.info(
        {
          user: client.user?.tag,
          guilds: client.guilds.cache.size,
          shards: running?.ids,
          shardCount: running?.count,
        },
        'discord ready',
      );
      if (options.registerCommands === false) return;
      // Every instance would find the same definitions; one asking is enough (and a bot always runs shard 0).
      if (!running?.ids.includes(0)) {
        log.debug('discord commands are checked by the instance running shard 0');
        return;
      }
      try {
        await ensureCommandsRegistered({
          rest: client.rest,
          applicationId: options.applicationId,
          guildId: options.guildId,
          specs: options.commands.specs,
          log,
        });
      } catch (error) {
        // The previous definitions stay in place; digests and existing commands keep working.
        log.error({ err: error }, 'discord command registration failed');
      }
    },
    async stop() {
      closing = true;
      let timer: NodeJS.Timeout | undefined;
      const grace = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, options.stopGraceMs ?? 5000);
      });
      await Promise.race([Promise.allSettled([...inFlight]), grace]);
      clearTimeout(timer);
      open = false;
      await client.destroy();
      log.info({ abandoned: inFlight.size }, 'discord stopped');
    },
  };
}
