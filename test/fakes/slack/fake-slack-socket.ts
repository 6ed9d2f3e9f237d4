/**
 * The Socket Mode side of the fake: a WebSocket on the fake's HTTP server. It greets with `hello`, pushes
 * envelopes (`slash_commands`, `events_api`, `interactive`) and records the app's acks.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { type WebSocket, WebSocketServer } from 'ws';

export type EnvelopeType = 'slash_commands' | 'events_api' | 'interactive';

export interface SocketAck {
  envelopeId: string;
  payload: unknown;
  /** Whether the ack came within Slack's 3 s (later, the user sees the command fail). */
  inTime: boolean;
}

export interface EnvelopeOptions {
  /** Slack's redelivery counter (Socket Mode's equivalent of `X-Slack-Retry-Num`). */
  retryAttempt?: number;
  retryReason?: string;
}

export const socketPath = '/socket-mode';

/** Slack waits 3 s for an ack; the fake fails a test that never gets one a little later. */
const ackTimeoutMs = 5_000;
const ackDeadlineMs = 3_000;

export class FakeSocketMode {
  readonly acks: SocketAck[] = [];
  readonly opened: string[] = [];
  private readonly wss = new WebSocketServer({ noServer: true });
  private socket: WebSocket | null = null;
  private readonly ackWaiters = new Map<string, (ack: SocketAck) => void>();
  private readonly connectWaiters: Array<() => void> = [];
  private readonly sentAt = new Map<string, number>();

  constructor(
    server: Server,
    private readonly onChange: () => void,
  ) {
    server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      if (!req.url?.startsWith(socketPath)) {
        socket.destroy();
        return;
      }
      this.wss.handleUpgrade(req, socket, head, (ws) => this.accept(ws, req.url ?? ''));
    });
  }

  private accept(ws: WebSocket, url: string): void {
    this.socket = ws;
    this.opened.push(url);
    ws.on('message', (data) => this.receive(String(data)));
    ws.on('close', () => {
      if (this.socket === ws) this.socket = null;
      this.onChange();
    });
    ws.send(JSON.stringify({ type: 'hello', num_connections: 1, connection_info: { app_id: 'A_PAPERBOY' } }));
    for (const waiter of this.connectWaiters.splice(0)) waiter();
    this.onChange();
  }

  private receive(text: string): void {
    let message: { envelope_id?: string; payload?: unknown };
    try {
      message = JSON.parse(text) as typeof message;
    } catch {
      return;
    }
    if (!message.envelope_id) return;
    const sentAt = this.sentAt.get(message.envelope_id) ?? Date.now();
    this.sentAt.delete(message.envelope_id);
    const inTime = Date.now() - sentAt <= ackDeadlineMs;
    const ack = { envelopeId: message.envelope_id, payload: message.payload, inTime };
    this.acks.push(ack);
    this.ackWaiters.get(ack.envelopeId)?.(ack);
    this.ackWaiters.delete(ack.envelopeId);
    this.onChange();
  }

  get connected(): boolean {
    return this.socket !== null;
  }

  /** Resolves once an app is connected (it may already be). */
  waitForConnection(): Promise<void> {
    if (this.socket) return Promise.resolve();
    return new Promise((resolve) => this.connectWaiters.push(resolve));
  }

  /** Pushes one envelope and resolves with the app's ack. */
  send(
    type: EnvelopeType,
    payload: unknown,
    options: EnvelopeOptions = {},
    envelopeId = randomUUID(),
  ): Promise<SocketAck> {
    const socket = this.socket;
    if (!socket) return Promise.reject(new Error('no Socket Mode connection'));
    const acked = new Promise<SocketAck>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.ackWaiters.delete(envelopeId);
        reject(new Error(`no ack for ${type} envelope ${envelopeId}`));
      }, ackTimeoutMs);
      this.ackWaiters.set(envelopeId, (ack) => {
        clearTimeout(timer);
        resolve(ack);
      });
    });
    this.sentAt.set(envelopeId, Date.now());
    socket.send(
      JSON.stringify({
        envelope_id: envelopeId,
        type,
        payload,
        accepts_response_payload: type !== 'events_api',
        ...(options.retryAttempt !== undefined ? { retry_attempt: options.retryAttempt } : {}),
        ...(options.retryReason !== undefined ? { retry_reason: options.retryReason } : {}),
      }),
    );
    return acked;
  }

  /** Cuts the app's connection as a network failure would (no close handshake); the app must reconnect. */
  drop(): void {
    this.socket?.terminate();
  }

  close(): void {
    for (const client of this.wss.clients) client.terminate();
    this.wss.close();
  }
}
