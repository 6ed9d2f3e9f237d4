/**
 * A fake Discord on 127.0.0.1: REST under `/api/v10` and the gateway WebSocket on the same port, enough for
 * unmodified discord.js. It records every request and gateway frame, enforces Discord's limits, and can be
 * told to rate-limit, fail a channel or fail with 5xx. Tests await what it recorded instead of sleeping.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Faults } from './fake-faults';
import { FakeGateway } from './fake-gateway';
import { guildCreatePayload, reactionPayload, snowflake, userPayload } from './fake-payloads';
import { BotPermissions } from './fake-permissions';
import { PlatformLimits } from './fake-platform-limits';
import { Recorder } from './fake-recorder';
import { channelRoutes } from './fake-routes-channels';
import { commandRoutes } from './fake-routes-commands';
import { interactionRoutes } from './fake-routes-interactions';
import { FakeStore } from './fake-store';
import type {
  FakeGuildSpec,
  FakeUser,
  InteractionOutput,
  InteractionRecord,
  Json,
  RecordedRequest,
} from './fake-types';
import type { FakeWorld, Route as HttpRoute } from './fake-world';

export interface FakeDiscordOptions {
  token?: string;
  applicationId?: string;
  guilds?: FakeGuildSpec[];
  heartbeatIntervalMs?: number;
  interactionDeadlineMs?: number;
  /**
   * Whether a repeated `enforce_nonce` post returns the first message (as Discord does for a few minutes).
   * Off, only the bot's own bookkeeping stands between a retry and a duplicate. Default true.
   */
  enforceNonces?: boolean;
  /** What `GET /gateway/bot` recommends as `shards` (what `DISCORD_SHARD_COUNT=auto` runs). Default 1. */
  recommendedShards?: number;
  /** The fewest shards the gateway accepts (an IDENTIFY with fewer is closed with 4011). Default 1. */
  requiredShards?: number;
  /**
   * `session_start_limit.max_concurrency`: how many shards may identify at once. discord.js waits 5 s
   * between identifies in one bucket (`shard_id % max_concurrency`), so one process running several
   * shards starts at once only with a value at least its shard count. Default 1, as for most bots.
   */
  maxConcurrency?: number;
  /** The bot's permissions in every channel, enforced per route (fake-permissions.ts). Default: all. */
  botPermissions?: bigint;
}

/** Where an injected event goes: to its guild's shard (as Discord does), to one shard, or to every connection. */
export type Route = { to?: 'owner' | 'everyone' | number };

const routes: HttpRoute[] = [...channelRoutes, ...interactionRoutes, ...commandRoutes];
const MESSAGE_CONTENT_INTENT = 1 << 15;

export const DEFAULT_GUILD: FakeGuildSpec = {
  id: '900000000000000001',
  name: 'Research Lab',
  channels: [
    { id: '900000000000000101', name: 'papers' },
    { id: '900000000000000102', name: 'general' },
  ],
};

export class FakeDiscord {
  readonly requests = new Recorder<RecordedRequest>();
  readonly outputs = new Recorder<InteractionOutput & { interactionId: string }>();
  readonly faults = new Faults();
  /** Discord's per-channel and global rate limits, off until `limits.enforce()`. */
  readonly limits = new PlatformLimits();
  readonly permissions: BotPermissions;
  readonly store: FakeStore;
  readonly gateway: FakeGateway;
  readonly applicationId: string;
  readonly botUser: FakeUser;
  readonly users = new Map<string, FakeUser>();
  token: string;
  /** What `GET /gateway/bot` recommends; tests may change it between starts. */
  recommendedShards: number;
  private clockOffset = 0;
  private seq = 0;
  private readonly server: Server;
  private readonly world: FakeWorld;

  private constructor(options: FakeDiscordOptions) {
    this.token = options.token ?? 'fake-bot-token';
    this.applicationId = options.applicationId ?? '800000000000000001';
    this.botUser = userPayload(this.applicationId, 'paperboy', true);
    this.recommendedShards = options.recommendedShards ?? 1;
    this.permissions = new BotPermissions(options.botPermissions);
    const requiredShards = options.requiredShards ?? 1;
    this.store = new FakeStore(
      structuredClone(options.guilds ?? [DEFAULT_GUILD]),
      options.enforceNonces ?? true,
    );
    this.server = createServer((request, response) => void this.handle(request, response));
    this.gateway = new FakeGateway({
      token: () => this.token,
      applicationId: this.applicationId,
      botUser: this.botUser,
      heartbeatIntervalMs: options.heartbeatIntervalMs ?? 41_250,
      url: () => this.gatewayUrl,
      guildIds: () => this.store.guilds.map((guild) => guild.id),
      guildCreate: (id) => {
        const spec = this.store.guilds.find((guild) => guild.id === id) ?? { id, channels: [] };
        return guildCreatePayload(spec, this.store.guildChannels(id), this.botUser.id);
      },
      requiredShards: () => requiredShards,
    });
    this.gateway.attach(this.server);
    this.world = {
      store: this.store,
      botUser: this.botUser,
      users: this.users,
      applicationId: this.applicationId,
      gatewayUrl: () => this.gatewayUrl,
      gatewayShards: () => ({ shards: this.recommendedShards, maxConcurrency: options.maxConcurrency ?? 1 }),
      now: () => this.now(),
      dispatch: (t, d) => this.gateway.dispatch(t, d),
      hasMessageContent: () => ((this.gateway.intents ?? 0) & MESSAGE_CONTENT_INTENT) !== 0,
      interactionDeadlineMs: options.interactionDeadlineMs ?? 3000,
      outputs: this.outputs,
    };
  }

  static async start(options: FakeDiscordOptions = {}): Promise<FakeDiscord> {
    const fake = new FakeDiscord(options);
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    return fake;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  /** What the bot's `DISCORD_API_BASE` should be. */
  get apiBase(): string {
    return `http://127.0.0.1:${this.port}/api`;
  }

  get gatewayUrl(): string {
    return `ws://127.0.0.1:${this.port}`;
  }

  now(): number {
    return Date.now() + this.clockOffset;
  }

  /** Moves the fake's clock (interaction deadlines, nonce windows) without waiting. */
  advanceClock(ms: number): void {
    this.clockOffset += ms;
  }

  waitForRequest(
    predicate: (request: RecordedRequest) => boolean,
    label = 'a request',
  ): Promise<RecordedRequest> {
    return this.requests.waitFor(predicate, label);
  }

  requestsTo(method: string, path: RegExp): RecordedRequest[] {
    return this.requests.filter((request) => request.method === method && path.test(request.path));
  }

  /**
   * Registers an interaction (so its callback and webhooks are accepted) and dispatches it, by default to
   * the connections of its guild's shard.
   */
  injectInteraction(payload: Json, route: Route = {}): InteractionRecord {
    const member = payload.member as { user: FakeUser };
    this.users.set(member.user.id, member.user);
    const message = payload.message as { id: string } | undefined;
    const record: InteractionRecord = {
      id: String(payload.id),
      token: String(payload.token),
      type: Number(payload.type),
      channelId: String(payload.channel_id),
      userId: member.user.id,
      createdAt: this.now(),
      originalId: null,
      sourceMessageId: message?.id ?? null,
      outputs: [],
    };
    this.store.interactions.set(record.id, record);
    record.connections = this.route(route, 'INTERACTION_CREATE', payload);
    return record;
  }

  /**
   * The bot's answer to an interaction: the first output that shows something (a reply, an update, an edit
   * of a deferred reply, a follow-up or autocomplete choices), skipping defers and deletions.
   */
  waitForAnswer(interactionId: string): Promise<InteractionOutput & { interactionId: string }> {
    return this.outputs.waitFor(
      (output) =>
        output.interactionId === interactionId &&
        (output.kind === 'edit' ||
          output.kind === 'followup' ||
          [4, 7, 8].includes(output.callbackType ?? 0)),
      `an answer to interaction ${interactionId}`,
    );
  }

  /** Posts a message as a user (not the bot) and dispatches MESSAGE_CREATE. */
  postAsUser(channelId: string, user: FakeUser, content: string): string {
    this.users.set(user.id, user);
    const message = this.store.addMessage({ channel_id: channelId, author: user, content });
    const hidden = message.author.id !== this.botUser.id && !this.world.hasMessageContent();
    this.gateway.dispatch('MESSAGE_CREATE', hidden ? { ...message, content: '' } : message);
    return message.id;
  }

  /** Dispatches MESSAGE_REACTION_ADD / _REMOVE as Discord sends them (members only on add). */
  react(input: {
    channelId: string;
    messageId: string;
    user: FakeUser;
    emoji: string | { id: string; name: string };
    action: 'added' | 'removed';
    route?: Route;
  }): void {
    const channel = this.store.channels.get(input.channelId);
    if (!channel) throw new Error(`no channel ${input.channelId}`);
    this.users.set(input.user.id, input.user);
    const event = input.action === 'added' ? 'MESSAGE_REACTION_ADD' : 'MESSAGE_REACTION_REMOVE';
    this.route(input.route ?? {}, event, reactionPayload({ ...input, guildId: channel.guild_id }));
  }

  private route(route: Route, t: string, d: Json): number {
    if (route.to === undefined || route.to === 'owner') return this.gateway.dispatch(t, d);
    if (route.to === 'everyone') return this.gateway.broadcast(t, d);
    return this.gateway.dispatchToShard(route.to, t, d);
  }

  newId(): string {
    return snowflake();
  }

  async close(): Promise<void> {
    await this.gateway.close();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const raw = await readBody(request);
    const body = raw ? (JSON.parse(raw) as Json) : {};
    const path = url.pathname.replace(/^\/api\/v10/, '');
    const method = (request.method ?? 'GET').toUpperCase();
    const query = Object.fromEntries(url.searchParams);
    const chaos = url.pathname.startsWith('/api/v10/') ? this.faults.chaosFor(method, path) : null;
    if (chaos?.fault === 'slow') await new Promise((resolve) => setTimeout(resolve, chaos.slowMs));
    const failed = chaos && chaos.fault !== 'lost_response' ? Faults.chaosReply(chaos.fault) : null;
    const answered = failed
      ? failed
      : url.pathname.startsWith('/api/v10/')
        ? this.answer(method, path, query, body, request.headers.authorization)
        : { status: 404, body: { message: '404: Not Found', code: 0 } };
    // A lost response: Discord did the work, the answer never made it back.
    const reply =
      chaos?.fault === 'lost_response' ? (Faults.chaosReply('lost_response') ?? answered) : answered;
    if (response.destroyed) return;
    response.writeHead(reply.status, {
      ...(reply.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...reply.headers,
    });
    response.end(reply.body === undefined ? undefined : JSON.stringify(reply.body));
    this.requests.push({
      seq: ++this.seq,
      method,
      path,
      query,
      headers: request.headers,
      body,
      status: reply.status,
      response: reply.body,
    });
  }

  private answer(
    method: string,
    path: string,
    query: Record<string, string>,
    body: Json,
    authorization?: string,
  ) {
    const route = routes.find((candidate) => candidate.method === method && candidate.pattern.test(path));
    if (!route) return { status: 404, body: { message: '404: Not Found', code: 0 } };
    if (route.auth && authorization !== `Bot ${this.token}`)
      return { status: 401, body: { message: '401: Unauthorized', code: 0 } };
    const { reply: forced, headers: faultHeaders } = this.faults.intercept(method, path, this.now());
    if (forced) return forced;
    const { reply: limited, headers: limitHeaders } = route.auth
      ? this.limits.check(method, path, this.now())
      : { headers: {} };
    if (limited) return limited;
    const headers = { ...faultHeaders, ...limitHeaders };
    const verdict = route.auth ? this.permissions.check(method, path, body, this.store) : null;
    if (verdict && 'refuse' in verdict) return verdict.refuse;
    if (verdict && 'emptyList' in verdict) return { status: 200, body: [], headers };
    const params = (route.pattern.exec(path) ?? []).slice(1).map((param) => param ?? '');
    const asked = verdict && 'stripEmbeds' in verdict ? { ...body, embeds: [] } : body;
    const reply = route.handle({ method, path, params, query, body: asked }, this.world);
    return this.faults.lost(method, path, body) ?? { ...reply, headers: { ...headers, ...reply.headers } };
  }
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}
