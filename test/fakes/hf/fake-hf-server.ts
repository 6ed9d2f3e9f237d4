/**
 * A fake Hugging Face papers API on 127.0.0.1. Serves daily batches by date with real paging, the
 * trending list (`sort=trending`, paged, refusing a `date` with it as the rank is global), single papers,
 * paper search results, and scripted faults (429 with RateLimit, 5xx, HTML bodies, truncated JSON, slow answers,
 * a connection accepted and never answered), and records every request.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Fault =
  | { kind: 'status'; status: number; headers?: Record<string, string>; body?: string }
  /** An HTML page, with status 200 unless told (a site that is not the API; a proxy's error page). */
  | { kind: 'html'; status?: number }
  | { kind: 'truncated' }
  | { kind: 'slow'; ms: number }
  | { kind: 'reset' }
  /** Accepts the request and never answers (until the client gives up or the server stops). */
  | { kind: 'hang' };

export interface RecordedRequest {
  path: string;
  query: Record<string, string>;
  headers: IncomingMessage['headers'];
}

export class FakeHfServer {
  readonly requests: RecordedRequest[] = [];
  private readonly days = new Map<string, unknown[]>();
  private readonly papers = new Map<string, unknown>();
  private searchResults: unknown[] = [];
  private trending: unknown[] = [];
  private readonly faults: Array<{ match: (path: string) => boolean; fault: Fault }> = [];
  /** Every request fails with one of these at this rate (0–1), drawn from `random`. */
  faultRate = 0;
  random: () => number = Math.random;
  /** Requests answered in full (a hanging or reset one never is). */
  answered = 0;
  private server = createServer((request, response) => {
    response.once('finish', () => this.answered++);
    void this.handle(request, response);
  });
  url = '';

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Serves `items` (daily-papers items) for `day`; their papers become fetchable by id too. */
  setDay(day: string, items: unknown[]): this {
    this.days.set(day, items);
    for (const item of items) {
      const paper = (item as { paper?: { id?: string } }).paper;
      if (paper?.id) this.papers.set(paper.id, paper);
    }
    return this;
  }

  /** What `/api/papers/search` answers (whatever the query; the query is recorded). */
  setSearchResults(items: unknown[]): this {
    this.searchResults = items;
    return this;
  }

  /** What `/api/daily_papers?sort=trending` lists, highest first; their papers become fetchable by id too. */
  setTrending(items: unknown[]): this {
    this.trending = items;
    for (const item of items) {
      const paper = (item as { paper?: { id?: string } }).paper;
      if (paper?.id) this.papers.set(paper.id, paper);
    }
    return this;
  }

  setPaper(id: string, paper: unknown): this {
    this.papers.set(id, paper);
    return this;
  }

  /** The next request whose path contains `pathPart` gets `fault` (queue several for several requests). */
  failNext(pathPart: string, fault: Fault, times = 1): this {
    for (let i = 0; i < times; i++) this.faults.push({ match: (path) => path.includes(pathPart), fault });
    return this;
  }

  /** Ends an outage: drops every queued fault. */
  clearFaults(): this {
    this.faults.length = 0;
    return this;
  }

  requestsFor(pathPart: string): RecordedRequest[] {
    return this.requests.filter((request) => request.path.includes(pathPart));
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', this.url);
    const pathWithQuery = `${url.pathname}${url.search}`;
    this.requests.push({
      path: pathWithQuery,
      query: Object.fromEntries(url.searchParams),
      headers: request.headers,
    });
    const index = this.faults.findIndex((entry) => entry.match(pathWithQuery));
    const scripted = index >= 0 ? this.faults.splice(index, 1)[0]?.fault : undefined;
    const fault =
      scripted ?? (this.faultRate > 0 && this.random() < this.faultRate ? this.randomFault() : undefined);
    if (fault) {
      const handled = await this.applyFault(fault, response);
      if (handled) return;
    }
    this.serve(url, response);
  }

  private randomFault(): Fault {
    const faults: Fault[] = [
      { kind: 'status', status: 503 },
      { kind: 'status', status: 429, headers: { ratelimit: '"api";r=0;t=0' } },
      { kind: 'html', status: 502 },
      { kind: 'slow', ms: 400 },
    ];
    return faults[Math.floor(this.random() * faults.length)] ?? { kind: 'status', status: 500 };
  }

  /** True when the fault answered the request itself. */
  private async applyFault(fault: Fault, response: ServerResponse): Promise<boolean> {
    switch (fault.kind) {
      case 'status':
        response.writeHead(fault.status, { 'content-type': 'application/json', ...fault.headers });
        response.end(fault.body ?? JSON.stringify({ error: `status ${fault.status}` }));
        return true;
      case 'html':
        response.writeHead(fault.status ?? 200, { 'content-type': 'text/html' });
        response.end('<!doctype html><html><body><h1>502 Bad Gateway</h1></body></html>');
        return true;
      case 'truncated':
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end('[{"paper": {"id": "2410.1');
        return true;
      case 'slow':
        await new Promise((resolve) => setTimeout(resolve, fault.ms));
        return false;
      case 'reset':
        response.socket?.destroy();
        return true;
      case 'hang':
        return true;
    }
  }

  private serve(url: URL, response: ServerResponse): void {
    const send = (status: number, body: unknown) => {
      if (response.destroyed) return;
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (url.pathname === '/api/daily_papers') {
      const date = url.searchParams.get('date') ?? '';
      const limit = Math.min(100, Number(url.searchParams.get('limit') ?? 50));
      const page = Number(url.searchParams.get('p') ?? 0);
      if (url.searchParams.get('sort') === 'trending') {
        if (url.searchParams.has('date')) send(400, { error: 'sort=trending is a global rank: no date' });
        else send(200, this.trending.slice(page * limit, (page + 1) * limit));
        return;
      }
      if (/^\d{4}-\d{2}-\d{2}$/.test(date))
        send(200, (this.days.get(date) ?? []).slice(page * limit, (page + 1) * limit));
      else send(400, { error: 'Invalid date' });
      return;
    }
    if (url.pathname === '/api/papers/search') {
      const limit = Math.min(120, Number(url.searchParams.get('limit') ?? 50));
      send(200, this.searchResults.slice(0, limit));
      return;
    }
    const id = /^\/api\/papers\/([^/]+)$/.exec(url.pathname)?.[1];
    const paper = id ? this.papers.get(decodeURIComponent(id)) : undefined;
    if (paper) send(200, paper);
    else send(404, { error: 'Not found' });
  }
}
