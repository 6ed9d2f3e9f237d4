/** The fake's response_url endpoints: Slack accepts at most five posts to each, and checks each message. */
import type { ServerResponse } from 'node:http';
import type { Json } from './fake-slack-api';
import { parseArgs, send } from './fake-slack-http';
import { checkMessage } from './fake-slack-limits';

export interface ResponsePost {
  urlId: string;
  /** 1-based use of this response_url. */
  use: number;
  status: number;
  body: Json;
}

/** Slack lets an app post to one response_url at most this many times. */
export const responseUrlUses = 5;

export class ResponseUrls {
  readonly posts: ResponsePost[] = [];
  private readonly uses = new Map<string, number>();
  private sequence = 0;

  create(baseUrl: string): { id: string; url: string } {
    this.sequence += 1;
    const id = `R${this.sequence}`;
    return { id, url: `${baseUrl}/response/${id}` };
  }

  handle(res: ServerResponse, urlId: string, raw: string): void {
    const use = (this.uses.get(urlId) ?? 0) + 1;
    this.uses.set(urlId, use);
    const known = Number(urlId.slice(1)) <= this.sequence;
    const body = parseArgs(raw, 'application/json');
    const problem = checkMessage(body);
    const status = !known || use > responseUrlUses ? 404 : problem ? 400 : 200;
    this.posts.push({ urlId, use, status, body });
    send(
      res,
      status === 200 ? { status, body: { ok: true } } : { status, body: problem?.error ?? 'used_url' },
    );
  }
}
