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
import { Chaos, type ChaosFault, type ChaosSpec, lostReply, refusedReply } from './fake-slack-chaos';
import { parseArgs, readBody, send, tokenOf } from './fake-slack-http';
import { type FakeTeam, FakeTeams } from './fake-slack-oauth';
import { SlackPostLimits } from './fake-slack-post-limits';
import { type ResponsePost, ResponseUrls } from './fake-slack-response-urls';
import { FakeSocketMode, socketPath } from './fake-slack-socket';
import { Waiters } from './fake-slack-waiters';
import type { FakeWorkspace } from './fake-slack-workspace';

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
  /** The chaos fault this call ran into (a lost or slow answer still did the work). */
  fault?: ChaosFault;
}

export { type ResponsePost, responseUrlUses } from './fake-slack-response-urls';

export class FakeSlack {
  readonly calls: ApiCall[] = [];
  /** chat.postMessage's workspace tier (off until `postLimits.enforceTier()`) and its 429 counts. */
  readonly postLimits = new SlackPostLimits();
  private readonly responseUrls = new ResponseUrls();
  readonly responses: ResponsePost[] = this.responseUrls.posts;
  readonly workspace: FakeWorkspace;
  /** Every workspace (the first is `workspace`), their tokens, and the OAuth app others install. */
  readonly teams: FakeTeams;
  readonly socket: FakeSocketMode;
  readonly botToken: string;
  readonly appToken: string;
  readonly botUserId: string;
  readonly botId: string;
  private readonly ctx: ApiContext;
  private readonly armed = new Map<string, ArmedFailure[]>();
  private readonly chaos = new Chaos();
  private readonly waiters = new Waiters();
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
    this.teams = new FakeTeams(now);
    const primary = this.teams.add({
      teamId: options.teamId ?? 'T_TEAM',
      teamName: 'Paperboy Test',
      teamDomain: 'paperboy-test',
      botUserId: this.botUserId,
      botId: this.botId,
    });
    this.teams.grantToken(this.botToken, primary.teamId);
    this.workspace = primary.workspace;
    this.ctx = {
      workspace: this.workspace,
      botToken: this.botToken,
      appToken: this.appToken,
      botUserId: this.botUserId,
      botId: this.botId,
      postIntervalMs: options.postIntervalMs ?? 1_000,
      now,
      lastPost: primary.lastPost,
      postLimits: this.postLimits,
      authError: null,
      teamOf: (token) => this.teams.teamOf(token),
      socketUrl: () => `${this.baseUrl.replace(/^http/, 'ws')}${socketPath}?ticket=${this.calls.length}`,
    };
    this.socket = new FakeSocketMode(server, () => this.waiters.changed());
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

  /** Another workspace, with no token until it installs the app (`GET /oauth/v2/authorize?team=…`). */
  addTeam(options: Parameters<FakeTeams['add']>[0]): FakeTeam {
    return this.teams.add(options);
  }

  team(teamId: string): FakeTeam {
    const team = this.teams.byId.get(teamId);
    if (!team) throw new Error(`no fake workspace ${teamId}`);
    return team;
  }

  /** Slack's authorize page (`https://slack.com/oauth/v2/authorize`) on the fake. */
  get authorizeUrl(): string {
    return `${this.baseUrl}/oauth/v2/authorize`;
  }

  /** Fails the next `times` calls of `method` (429 with Retry-After, 5xx, or a Slack error). */
  failNext(method: string, failure: ArmedFailure, times = 1): void {
    const queue = this.armed.get(method) ?? [];
    for (let i = 0; i < times; i += 1) queue.push(failure);
    this.armed.set(method, queue);
  }

  /** From now on a random share of Web API calls fails (5xx, 429, lost or slow answers); null stops it. */
  setChaos(spec: ChaosSpec | null): void {
    this.chaos.set(spec);
  }

  /** The next `times` calls of `method` run into one chaos fault (a lost answer: the work is done). */
  chaosNext(method: string, fault: ChaosFault, options: { times?: number; slowMs?: number } = {}): void {
    this.chaos.force(method, fault, options);
  }

  /** Every bot-token call fails with this error from now on (null to heal). */
  setAuthError(error: string | null): void {
    this.ctx.authError = error;
  }

  /** A response_url as Slack puts in commands and interactions. */
  createResponseUrl(): { id: string; url: string } {
    return this.responseUrls.create(this.baseUrl);
  }

  callsTo(method: string): ApiCall[] {
    return this.calls.filter((call) => call.method === method);
  }

  responsesTo(urlId: string): ResponsePost[] {
    return this.responses.filter((post) => post.urlId === urlId);
  }

  /** Resolves with `find()`'s first non-undefined answer, re-checked on every recorded request. */
  waitFor<T>(find: () => T | undefined, label: string, timeoutMs = 5_000): Promise<T> {
    return this.waiters.waitFor(find, label, timeoutMs);
  }

  async close(): Promise<void> {
    this.socket.close();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = await readBody(req);
    const url = new URL(req.url ?? '/', this.baseUrl);
    if (req.method === 'GET' && url.pathname === '/oauth/v2/authorize') this.teams.authorize(url, res);
    else if (req.method === 'POST' && url.pathname.startsWith('/api/'))
      await this.handleApi(req, res, url, raw);
    else if (req.method === 'POST' && url.pathname.startsWith('/response/'))
      this.responseUrls.handle(res, url.pathname.slice('/response/'.length), raw);
    else send(res, { status: 404, body: 'not found' });
    this.waiters.changed();
  }

  private async handleApi(req: IncomingMessage, res: ServerResponse, url: URL, raw: string): Promise<void> {
    const method = url.pathname.slice('/api/'.length);
    const contentType = req.headers['content-type'] ?? '';
    const args = parseArgs(raw, contentType);
    const token = tokenOf(req, args);
    const queued = this.armed.get(method)?.shift();
    const chaos = queued ? null : this.chaos.draw(method);
    const refused = queued ? armedResult(queued) : chaos ? refusedReply(chaos.fault) : null;
    const basic = req.headers.authorization?.startsWith('Basic ') ? req.headers.authorization.slice(6) : null;
    const done: ApiResult =
      refused ??
      (method === 'oauth.v2.access'
        ? this.teams.access(args, basic)
        : callApi(this.ctx, method, args, token));
    // A lost answer: Slack did the work, the client gets a 502 instead.
    const result = chaos?.fault === 'lost_response' ? lostReply : done;
    const fault = chaos ? { fault: chaos.fault } : {};
    this.calls.push({
      method,
      args,
      token,
      contentType,
      status: result.status,
      response: result.body,
      ...fault,
    });
    // A slow answer: the work is done now, the answer leaves after the client stopped waiting.
    if (chaos?.fault === 'slow') {
      this.waiters.changed();
      await new Promise((resolve) => setTimeout(resolve, chaos.slowMs));
    }
    if (!res.destroyed) send(res, result);
  }
}
