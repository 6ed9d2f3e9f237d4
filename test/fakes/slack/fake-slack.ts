/**
 * A fake Slack on 127.0.0.1: the Web API (`POST /api/<method>`, form or JSON bodies), response_url
 * endpoints (5 uses each) and a Socket Mode WebSocket. Every request is recorded; tests await recorded
 * requests instead of sleeping.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type ApiContext,
  type ApiResult,
  type ArmedFailure,
  armedResult,
  callApi,
  type Json,
} from './fake-slack-api';
import { checkMessage } from './fake-slack-limits';
import { FakeSocketMode, socketPath } from './fake-slack-socket';
import { FakeWorkspace } from './fake-slack-workspace';

export interface FakeSlackOptions {
  botToken?: string;
  appToken?: string;
  botUserId?: string;
  botId?: string;
  teamId?: string;
  /** chat.postMessage: minimum gap per channel before a 429 (Slack: about 1 s). */
  postIntervalMs?: number;
  now?: () => number;
}

export interface ApiCall {
  method: string;
  args: Json;
  token: string | null;
  contentType: string;
  status: number;
  response: Json | string;
}

export interface ResponsePost {
  urlId: string;
  /** 1-based use of this response_url. */
  use: number;
  status: number;
  body: Json;
}

/** Slack lets an app post to one response_url at most this many times. */
export const responseUrlUses = 5;

const jsonFields = new Set(['blocks', 'attachments', 'metadata']);

export class FakeSlack {
  readonly calls: ApiCall[] = [];
  readonly responses: ResponsePost[] = [];
  readonly workspace: FakeWorkspace;
  readonly socket: FakeSocketMode;
  readonly botToken: string;
  readonly appToken: string;
  readonly botUserId: string;
  readonly botId: string;
  private readonly ctx: ApiContext;
  private readonly armed = new Map<string, ArmedFailure[]>();
  private readonly responseUses = new Map<string, number>();
  private responseSequence = 0;
  private readonly listeners = new Set<() => void>();
  private baseUrl = '';

  private constructor(
    private readonly server: Server,
    options: FakeSlackOptions,
  ) {
    const now = options.now ?? Date.now;
    this.botToken = options.botToken ?? 'xoxb-fake-bot-token';
    this.appToken = options.appToken ?? 'xapp-fake-app-token';
    this.botUserId = options.botUserId ?? 'U_PAPERBOY';
    this.botId = options.botId ?? 'B_PAPERBOY';
    this.workspace = new FakeWorkspace(
      { teamId: options.teamId ?? 'T_TEAM', teamDomain: 'paperboy-test' },
      now,
    );
    this.ctx = {
      workspace: this.workspace,
      botToken: this.botToken,
      appToken: this.appToken,
      botUserId: this.botUserId,
      botId: this.botId,
      postIntervalMs: options.postIntervalMs ?? 1_000,
      now,
      lastPost: new Map(),
      authError: null,
      socketUrl: () => `${this.baseUrl.replace(/^http/, 'ws')}${socketPath}?ticket=${this.calls.length}`,
    };
    this.socket = new FakeSocketMode(server, () => this.changed());
  }

  static async start(options: FakeSlackOptions = {}): Promise<FakeSlack> {
    let fake: FakeSlack | null = null;
    const server = createServer((req, res) => {
      void fake?.handle(req, res);
    });
    fake = new FakeSlack(server, options);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    fake.baseUrl = `http://127.0.0.1:${port}`;
    return fake;
  }

  /** Web API base for `slackApiUrl`. */
  get apiUrl(): string {
    return `${this.baseUrl}/api/`;
  }

  get teamId(): string {
    return this.workspace.teamId;
  }

  /** Fails the next `times` calls of `method` (429 with Retry-After, 5xx, or a Slack error). */
  failNext(method: string, failure: ArmedFailure, times = 1): void {
    const queue = this.armed.get(method) ?? [];
    for (let i = 0; i < times; i += 1) queue.push(failure);
    this.armed.set(method, queue);
  }

  /** Every bot-token call fails with this error from now on (null to heal). */
  setAuthError(error: string | null): void {
    this.ctx.authError = error;
  }

  /** A response_url as Slack puts in commands and interactions. */
  createResponseUrl(): { id: string; url: string } {
    this.responseSequence += 1;
    const id = `R${this.responseSequence}`;
    return { id, url: `${this.baseUrl}/response/${id}` };
  }

  callsTo(method: string): ApiCall[] {
    return this.calls.filter((call) => call.method === method);
  }

  responsesTo(urlId: string): ResponsePost[] {
    return this.responses.filter((post) => post.urlId === urlId);
  }

  /** Resolves with `find()`'s first non-undefined answer, re-checked on every recorded request. */
  waitFor<T>(find: () => T | undefined, label: string, timeoutMs = 5_000): Promise<T> {
    const first = find();
    if (first !== undefined) return Promise.resolve(first);
    return new Promise<T>((resolve, reject) => {
      const check = () => {
        const found = find();
        if (found === undefined) return;
        this.listeners.delete(check);
        clearTimeout(timer);
        resolve(found);
      };
      const timer = setTimeout(() => {
        this.listeners.delete(check);
        reject(new Error(`fake Slack: timed out waiting for ${label}`));
      }, timeoutMs);
      this.listeners.add(check);
    });
  }

  async close(): Promise<void> {
    this.socket.close();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private changed(): void {
    for (const listener of [...this.listeners]) listener();
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = await readBody(req);
    const url = new URL(req.url ?? '/', this.baseUrl);
    const contentType = req.headers['content-type'] ?? '';
    if (req.method === 'POST' && url.pathname.startsWith('/api/')) {
      const method = url.pathname.slice('/api/'.length);
      const args = parseArgs(raw, contentType);
      const header = req.headers.authorization;
      const token = header?.startsWith('Bearer ')
        ? header.slice(7)
        : typeof args.token === 'string'
          ? args.token
          : null;
      const queued = this.armed.get(method)?.shift();
      const result: ApiResult = queued ? armedResult(queued) : callApi(this.ctx, method, args, token);
      this.calls.push({ method, args, token, contentType, status: result.status, response: result.body });
      send(res, result);
    } else if (req.method === 'POST' && url.pathname.startsWith('/response/')) {
      const urlId = url.pathname.slice('/response/'.length);
      const use = (this.responseUses.get(urlId) ?? 0) + 1;
      this.responseUses.set(urlId, use);
      const known = Number(urlId.slice(1)) <= this.responseSequence;
      const body = parseArgs(raw, 'application/json');
      const problem = checkMessage(body);
      const status = !known || use > responseUrlUses ? 404 : problem ? 400 : 200;
      this.responses.push({ urlId, use, status, body });
      send(
        res,
        status === 200 ? { status, body: { ok: true } } : { status, body: problem?.error ?? 'used_url' },
      );
    } else {
      send(res, { status: 404, body: 'not found' });
    }
    this.changed();
  }
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** Form or JSON body into an object; `blocks`/`metadata` sent as JSON strings are parsed. */
function parseArgs(raw: string, contentType: string): Json {
  let args: Json = {};
  if (contentType.includes('application/json')) {
    try {
      args = raw ? (JSON.parse(raw) as Json) : {};
    } catch {
      args = { __unparseable: raw };
    }
  } else {
    args = Object.fromEntries(new URLSearchParams(raw));
  }
  for (const field of jsonFields) {
    const value = args[field];
    if (typeof value !== 'string') continue;
    try {
      args[field] = JSON.parse(value);
    } catch {
      // Left as a string: the method then answers invalid_blocks_format, as Slack does.
    }
  }
  return args;
}

function send(res: ServerResponse, result: ApiResult): void {
  const isText = typeof result.body === 'string';
  res.writeHead(result.status, {
    'content-type': isText ? 'text/plain' : 'application/json',
    ...(result.headers ?? {}),
  });
  res.end(isText ? result.body : JSON.stringify(result.body));
}
