/**
 * The HTTP listener for the links in the mails: `GET /email/confirm?t=…` confirms a subscription (the
 * settings travel signed in the link), `GET /email/unsubscribe?t=…` shows a one-button page and
 * `POST /email/unsubscribe?t=…` unsubscribes (the form, and RFC 8058 one-click from the mail client).
 * node:http is enough for three routes.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CommandService } from '../../commands/command-service';
import type { Clock } from '../../src/clock';
import type { Logger } from '../../src/logging/logger';
import { ownerContext } from './email-address';
import { verifyToken } from './email-tokens';

export interface EmailLinksOptions {
  commands: CommandService;
  signingKey: string;
  clock: Clock;
  log: Logger;
}

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function answer(response: ServerResponse, status: number, title: string, body: string) {
  response.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  response.end(
    `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body style="font-family:sans-serif;max-width:560px;margin:40px auto;line-height:1.5"><h1>${escapeHtml(title)}</h1>${body}</body></html>`,
  );
}

const paragraphs = (text: string) =>
  text
    .split('\n')
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('');

export function createLinkHandler(options: EmailLinksOptions) {
  return async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://paperboy.invalid');
    const route = `${request.method} ${url.pathname}`;
    const known = ['GET /email/confirm', 'GET /email/unsubscribe', 'POST /email/unsubscribe'];
    if (!known.includes(route))
      return answer(response, 404, 'Not found', '<p>This address serves paperboy mail links only.</p>');
    request.resume();
    const token = verifyToken(options.signingKey, url.searchParams.get('t') ?? '', options.clock.now());
    if ('error' in token)
      return answer(response, 400, 'This link does not work', paragraphs(`Sorry: ${token.error}.`));
    if (route === 'GET /email/confirm' && token.kind === 'confirm') {
      const reply = await options.commands.executeText(
        `subscribe ${token.settings}`.trim(),
        ownerContext(token.address),
      );
      const text = reply.kind === 'text' ? reply.text.replace(/This channel/g, token.address) : '';
      const ok = reply.kind === 'text' && reply.tone !== 'error';
      options.log.info({ ok }, 'email subscription confirmed');
      return answer(response, ok ? 200 : 400, ok ? 'Subscribed' : 'Not subscribed', paragraphs(text));
    }
    if (token.kind !== 'unsubscribe')
      return answer(
        response,
        400,
        'This link does not work',
        '<p>Sorry: the link is for something else.</p>',
      );
    if (route === 'GET /email/unsubscribe') {
      return answer(
        response,
        200,
        'Unsubscribe',
        `<p>Stop the papers digest to <b>${escapeHtml(token.address)}</b>?</p><form method="post" action="${escapeHtml(`/email/unsubscribe?t=${url.searchParams.get('t') ?? ''}`)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>`,
      );
    }
    const reply = await options.commands.executeText('unsubscribe', ownerContext(token.address));
    options.log.info('email subscription stopped by its link');
    const text = reply.kind === 'text' ? reply.text.replace(/this channel/gi, token.address) : '';
    return answer(response, 200, 'Unsubscribed', paragraphs(text));
  };
}

export async function listen(
  handler: ReturnType<typeof createLinkHandler>,
  port: number,
  host: string,
  log: Logger,
): Promise<Server> {
  const server = createServer((request, response) => {
    handler(request, response).catch((error: unknown) => {
      log.error({ err: error }, 'email link failed');
      if (!response.headersSent)
        answer(response, 500, 'Something went wrong', '<p>Please try the link again later.</p>');
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  log.info({ port: (server.address() as AddressInfo).port }, 'email links listening');
  return server;
}
