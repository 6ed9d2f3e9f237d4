/**
 * The fake gateway: HELLO, IDENTIFY → READY (with `application`) and one GUILD_CREATE per guild, heartbeat
 * ACKs, and dispatch of whatever events a test injects. Every frame a client sends is recorded.
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
}

interface Session {
  socket: WebSocket;
  seq: number;
  identified: boolean;
}

export class FakeGateway {
  readonly frames = new Recorder<GatewayFrame>();
  private readonly server = new WebSocketServer({ noServer: true });
  private readonly sessions = new Set<Session>();

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

  /** Sends a dispatch (op 0) to every identified connection. */
  dispatch(t: string, d: unknown): void {
    for (const session of this.sessions) if (session.identified) this.send(session, { op: 0, t, d });
  }

  /**
   * Drops every connection the way Discord's gateway does: `abnormal` cuts the socket (the client sees
   * 1006), a close code such as 4000 closes it cleanly, `invalid_session` sends op 9 (not resumable).
   */
  drop(how: 'abnormal' | 'invalid_session' | number): void {
    for (const session of this.sessions) {
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
    const session: Session = { socket, seq: 0, identified: false };
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
    if (frame.op === 6) this.send(session, { op: 0, t: 'RESUMED', d: {} });
  }

  private identify(session: Session, d: Json): void {
    if (d.token !== this.options.token()) {
      session.socket.close(4004, 'Authentication failed.');
      return;
    }
    session.identified = true;
    const guildIds = this.options.guildIds();
    this.send(session, {
      op: 0,
      t: 'READY',
      d: {
        v: 10,
        user: this.options.botUser,
        guilds: guildIds.map((id) => ({ id, unavailable: true })),
        session_id: `session-${Date.now()}`,
        resume_gateway_url: this.options.url(),
        shard: [0, 1],
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
