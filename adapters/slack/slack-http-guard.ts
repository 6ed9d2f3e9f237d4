/**
 * What the HTTP listener refuses before Bolt reads a request: a body larger than Slack ever sends (413,
 * before anything is parsed or verified) and a timestamp from the future (401: Bolt refuses timestamps
 * older than five minutes but accepts future ones, which would stretch the replay window). It also marks
 * the OAuth state cookie `SameSite=Lax`, which Bolt's installer leaves out.
 *
 * A refused body is still read to its end and thrown away, so the connection stays usable for the
 * client's next request (keep-alive); a body that keeps coming past `drainLimitBytes` closes it instead.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from '../../src/logging/logger';

/** Slash commands and interactions (form bodies): Slack's own are a few kilobytes. */
export const formBodyLimitBytes = 64 * 1024;
/** Events API callbacks (JSON). */
export const eventBodyLimitBytes = 1024 * 1024;
/** How much of a refused body is read and dropped to keep the connection; past it, the connection closes. */
const drainLimitBytes = 8 * 1024 * 1024;

/** Clock skew tolerated between Slack and us for timestamps ahead of our clock. */
export const maxFutureSkewSeconds = 30;

export const stateCookieName = 'slack-app-oauth-state';

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

export interface GuardOptions {
  eventsPath: string;
  installPath: string;
  log: Logger;
}

/** Wraps Bolt's request listener with the refusals above. */
export function guardedListener(next: Listener, options: GuardOptions): Listener {
  return (req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path === options.installPath) laxStateCookie(res);
    if (req.method !== 'POST' || path !== options.eventsPath) return next(req, res);
    if (refuseFutureTimestamp(req, res, options.log)) return;
    const limit = bodyLimitFor(req);
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) return refuseTooLarge(req, res, limit, options.log);
    readBody(req, limit).then(
      (body) => {
        if (body === null) return refuseTooLarge(req, res, limit, options.log);
        // Bolt reads a body already buffered as `rawBody` instead of the stream.
        (req as IncomingMessage & { rawBody?: Buffer }).rawBody = body;
        next(req, res);
      },
      () => {
        if (!res.headersSent) res.writeHead(400).end();
      },
    );
  };
}

export function bodyLimitFor(req: IncomingMessage): number {
  const type = String(req.headers['content-type'] ?? '').toLowerCase();
  return type.startsWith('application/x-www-form-urlencoded') ? formBodyLimitBytes : eventBodyLimitBytes;
}

/** The body, or null once it passes `limit` (the stream is then left flowing to be drained). */
function readBody(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) {
        chunks.push(chunk);
        return;
      }
      req.off('data', onData).off('end', onEnd).off('error', reject);
      chunks.length = 0;
      resolve(null);
    };
    const onEnd = () => resolve(Buffer.concat(chunks));
    req.on('data', onData).once('end', onEnd).once('error', reject);
  });
}

function refuseTooLarge(req: IncomingMessage, res: ServerResponse, limit: number, log: Logger): void {
  log.warn(
    { limit, contentLength: req.headers['content-length'] ?? null },
    'refused a Slack request larger than Slack sends',
  );
  let drained = 0;
  req.on('data', (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > drainLimitBytes) req.socket.destroy();
  });
  req.resume();
  const answer = () => {
    if (res.headersSent) return;
    res.writeHead(413, { 'content-type': 'text/plain; charset=utf-8' });
    res.end(`Request body larger than ${limit} bytes\n`);
  };
  // Answered once the body is read (or at once if it already was), so the client is not cut off mid-send.
  if (req.readableEnded) answer();
  else req.once('end', answer);
}

/** Answers 401 and returns true when the request claims to come from the future. */
function refuseFutureTimestamp(req: IncomingMessage, res: ServerResponse, log: Logger): boolean {
  const header = req.headers['x-slack-request-timestamp'];
  const timestamp = Number(Array.isArray(header) ? header[0] : header);
  if (!Number.isFinite(timestamp)) return false; // Bolt refuses missing or malformed timestamps itself.
  // Wall-clock time, like Bolt's own staleness check right after this one.
  const nowSeconds = Math.floor(Date.now() / 1_000);
  if (timestamp <= nowSeconds + maxFutureSkewSeconds) return false;
  log.warn({ timestamp, now: nowSeconds }, 'refused a Slack request dated in the future');
  req.resume();
  res.writeHead(401);
  res.end();
  return true;
}

/** Adds `SameSite=Lax` to the state cookie Bolt's installer sets on `/slack/install`. */
function laxStateCookie(res: ServerResponse): void {
  const setHeader = res.setHeader.bind(res);
  res.setHeader = (name, value) => {
    if (name.toLowerCase() !== 'set-cookie') return setHeader(name, value);
    const lax = (cookie: string) =>
      cookie.startsWith(`${stateCookieName}=`) && !/;\s*samesite=/i.test(cookie)
        ? `${cookie}; SameSite=Lax`
        : cookie;
    const cookies = Array.isArray(value) ? value.map(String).map(lax) : lax(String(value));
    return setHeader(name, cookies);
  };
}
