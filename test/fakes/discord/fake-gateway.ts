/**
 * The fake gateway: HELLO, IDENTIFY → READY (with `application`) and one GUILD_CREATE per guild, heartbeat
 * ACKs, RESUME, and dispatch of whatever events a test injects. Every frame a client sends is recorded.
 * Sharded as Discord is: each connection identifies as `shard: [id, count]` (none means [0, 1]) and gets
 * READY/GUILD_CREATE and events only for the guilds on its shard, `(guild_id >> 22) % count` (events
 * without a guild: shard 0). An impossible shard is closed with 4010, too few shards with 4011.
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { type WebSocket, WebSocketServer } from 'ws';
import { Recorder } from './fake-recorder';
import type { FakeUser, GatewayFrame, Json } from './fake-types';

export interface GatewayOptions {
  token: () => string;
  applicationId: string;
  botUser: FakeUser;
  heartbeatIntervalMs: number;
  url: () => string;
  guildIds: () => string[];
  guildCreate: (guildId: string) => Json;
  /** The fewest shards Discord accepts for this bot (more guilds than one shard may hold): below, 4011. */
  requiredShards: () => number;
}

/** `[shard_id, num_shards]`, as in IDENTIFY and READY. */
export type ShardTuple = [number, number];

interface Session {
  socket: WebSocket;
  seq: number;
  identified: boolean;
  shard: ShardTuple;
}

/** The shard a guild's events go to, computed here on its own (the bot uses discord.js's helper). */
export const fakeShardOf = (guildId: string | null | undefined, count: number): number =>
  guildId ? Number((BigInt(guildId) >> 22n) % BigInt(count)) : 0;

const guildOf = (d: unknown): string | null => {
  const guildId = (d as { guild_id?: unknown } | null)?.guild_id;
  return typeof guildId === 'string' ? guildId : null;
};

export class FakeGateway {
  readonly frames = new Recorder<GatewayFrame>();
  private readonly server = new WebSocketServer({ noServer: true });
  private readonly sessions = new Set<Session>();
  /** Session ids handed out in READY, with their shard: a RESUME names only the session. */
  private readonly resumable = new Map<string, ShardTuple>();
  private sessionCounter = 0;

  constructor(private readonly options: GatewayOptions) {}

  attach(http: Server): void {
    http.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      this.server.handleUpgrade(request, socket, head, (ws) => this.open(ws));
    });
  }

  /** Intents of the last IDENTIFY, or null before one. */
  get intents(): number | null {
    const identify = this.frames.filter((frame) => frame.op === 2).at(-1);
    return identify ? Number((identify.d as Json).intents) : null;
  }

  /**
   * Sends a dispatch (op 0) as Discord does: to every identified connection of the shard that owns the
   * event's guild (`d.guild_id`; none: shard 0). Two instances running the same shard both get it.
   * Returns how many connections it went to (0: no one runs that shard now, and Discord drops it).
   */
  dispatch(t: string, d: unknown): number {
    const guildId = guildOf(d);
    return this.sendTo((shard) => fakeShardOf(guildId, shard[1]) === shard[0], t, d);
  }

  /** Sends a dispatch to the connections of one shard, whoever owns its guild (a misrouted event). */
  dispatchToShard(shardId: number, t: string, d: unknown): number {
    return this.sendTo((shard) => shard[0] === shardId, t, d);
  }

  /** Sends a dispatch to every identified connection, whichever shard it runs. */
  broadcast(t: string, d: unknown): number {
    return this.sendTo(() => true, t, d);
  }

  private sendTo(runs: (shard: ShardTuple) => boolean, t: string, d: unknown): number {
    const to = [...this.sessions].filter((session) => session.identified && runs(session.shard));
    for (const session of to) this.send(session, { op: 0, t, d });
    return to.length;
  }

  /** `[id, count]` of each identified connection open now, sorted. */
  get identifiedShards(): ShardTuple[] {
    return [...this.sessions]
      .filter((session) => session.identified)
      .map((session) => session.shard)
      .sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  }

  /**
   * Drops connections the way Discord's gateway does (every one, or those of one shard): `abnormal` cuts
   * the socket (the client sees 1006), a close code such as 4000 closes it cleanly, `invalid_session`
   * sends op 9 (not resumable).
   */
  drop(how: 'abnormal' | 'invalid_session' | number, shardId?: number): void {
    for (const session of this.sessions) {
      if (shardId !== undefined && session.shard[0] !== shardId) continue;
      if (how === 'abnormal') session.socket.terminate();
      else if (how === 'invalid_session') this.raw(session, { op: 9, d: false, s: null, t: null });
      else session.socket.close(how, 'Unknown error.');
    }
  }

  /** Identified connections open now. */
  get identifiedSessions(): number {
    return [...this.sessions].filter((session) => session.identified).length;
  }

  async close(): Promise<void> {
    for (const session of this.sessions) session.socket.terminate();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private open(socket: WebSocket): void {
    const session: Session = { socket, seq: 0, identified: false, shard: [0, 1] };
    this.sessions.add(session);
    socket.on('close', () => this.sessions.delete(session));
    socket.on('message', (raw) => this.receive(session, JSON.parse(String(raw)) as GatewayFrame));
    this.raw(session, {
      op: 10,
      d: { heartbeat_interval: this.options.heartbeatIntervalMs },
      s: null,
      t: null,
    });
  }

  private receive(session: Session, frame: GatewayFrame): void {
    this.frames.push(frame);
    if (frame.op === 1) this.raw(session, { op: 11, d: null, s: null, t: null });
    if (frame.op === 2) this.identify(session, frame.d as Json);
    if (frame.op === 6) this.resume(session, frame.d as Json);
  }

  private resume(session: Session, d: Json): void {
    const shard = this.resumable.get(String(d.session_id));
    if (d.token !== this.options.token() || !shard) {
      this.raw(session, { op: 9, d: false, s: null, t: null });
      return;
    }
    session.shard = shard;
    session.identified = true;
    this.send(session, { op: 0, t: 'RESUMED', d: {} });
  }

  /** Discord's checks on `shard`: a pair of whole numbers, the id below the count (4010), enough shards (4011). */
  private shardProblem(shard: unknown): { code: number; reason: string } | null {
    if (shard === undefined) return null;
    const [id, count] = Array.isArray(shard) ? shard : [];
    if (!Array.isArray(shard) || shard.length !== 2 || !Number.isInteger(id) || !Number.isInteger(count))
      return { code: 4010, reason: 'Invalid shard.' };
    if (count < 1 || id < 0 || id >= count) return { code: 4010, reason: 'Invalid shard.' };
    return null;
  }

  private identify(session: Session, d: Json): void {
    if (d.token !== this.options.token()) {
      session.socket.close(4004, 'Authentication failed.');
      return;
    }
    const problem = this.shardProblem(d.shard);
    if (problem) {
      session.socket.close(problem.code, problem.reason);
      return;
    }
    const shard = (d.shard as ShardTuple | undefined) ?? [0, 1];
    if (shard[1] < this.options.requiredShards()) {
      session.socket.close(4011, 'Sharding required.');
      return;
    }
    session.shard = [shard[0], shard[1]];
    session.identified = true;
    const sessionId = `session-${++this.sessionCounter}`;
    this.resumable.set(sessionId, session.shard);
    const guildIds = this.options
      .guildIds()
      .filter((id) => fakeShardOf(id, session.shard[1]) === session.shard[0]);
    this.send(session, {
      op: 0,
      t: 'READY',
      d: {
        v: 10,
        user: this.options.botUser,
        guilds: guildIds.map((id) => ({ id, unavailable: true })),
        session_id: sessionId,
        resume_gateway_url: this.options.url(),
        shard: session.shard,
        application: { id: this.options.applicationId, flags: 0 },
        user_settings: {},
        relationships: [],
        private_channels: [],
        presences: [],
        guild_join_requests: [],
        geo_ordered_rtc_regions: [],
      },
    });
    for (const id of guildIds)
      this.send(session, { op: 0, t: 'GUILD_CREATE', d: this.options.guildCreate(id) });
  }

  private send(session: Session, frame: { op: number; t: string; d: unknown }): void {
    session.seq += 1;
    this.raw(session, { ...frame, s: session.seq });
  }

  private raw(session: Session, frame: GatewayFrame): void {
    if (session.socket.readyState === session.socket.OPEN) session.socket.send(JSON.stringify(frame));
  }
}
