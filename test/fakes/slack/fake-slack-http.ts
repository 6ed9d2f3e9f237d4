/** The HTTP plumbing of the fake Slack: reading bodies the way Slack parses them, and writing answers. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ApiResult, Json } from './fake-slack-api';

const jsonFields = new Set(['blocks', 'attachments', 'metadata']);

export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** Form or JSON body into an object; `blocks`/`metadata` sent as JSON strings are parsed. */
export function parseArgs(raw: string, contentType: string): Json {
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

/** The bot token, from the Authorization header or (older clients) the body. */
export function tokenOf(req: IncomingMessage, args: Json): string | null {
  const header = req.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7);
  return typeof args.token === 'string' ? args.token : null;
}

export function send(res: ServerResponse, result: ApiResult): void {
  const isText = typeof result.body === 'string';
  res.writeHead(result.status, {
    'content-type': isText ? 'text/plain' : 'application/json',
    ...(result.headers ?? {}),
  });
  res.end(isText ? result.body : JSON.stringify(result.body));
}
