/**
 * The HTTP listener for the links in the mails: `GET /email/confirm?t=…` shows a one-button page whose
 * `POST` confirms the subscription (the settings travel signed in the link), `GET /email/unsubscribe?t=…`
 * shows a one-button page and `POST /email/unsubscribe?t=…` unsubscribes (the form, and RFC 8058
 * one-click from the mail client).
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

/** A reply written for a channel, said of the address instead. */
export const forAddress = (text: string, address: string) =>
  text.replace(/\bthis channel's\b/gi, `${address}'s`).replace(/\bthis channel\b/gi, address);

/** The page a GET of a link shows: what the link does, and the one button that does it (a POST). */
const confirmPage = (action: string, question: string, button: string, oneClick = false) =>
  `<p>${question}</p><form method="post" action="${escapeHtml(action)}">${oneClick ? '<input type="hidden" name="List-Unsubscribe" value="One-Click">' : ''}<button type="submit">${escapeHtml(button)}</button></form>`;

/**
 * Each route takes one kind of token: a confirm link cannot unsubscribe, nor an unsubscribe link
 * subscribe. A GET never changes a subscription (mail scanners and link previews fetch every link): it
 * shows the button whose POST does it (RFC 8058's one-click POST for unsubscribing).
 */
export function createLinkHandler(options: EmailLinksOptions) {
  return async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://paperboy.invalid');
    const kind =
      url.pathname === '/email/confirm'
        ? 'confirm'
        : url.pathname === '/email/unsubscribe'
          ? 'unsubscribe'
          : null;
    const method = request.method === 'GET' || request.method === 'HEAD' ? 'GET' : request.method;
    if (!kind || (method !== 'GET' && method !== 'POST'))
      return answer(response, 404, 'Not found', '<p>This address serves paperboy mail links only.</p>');
    request.resume();
    const text = url.searchParams.get('t') ?? '';
    const token = verifyToken(options.signingKey, text, options.clock.now());
    if ('error' in token)
      return answer(response, 400, 'This link does not work', paragraphs(`Sorry: ${token.error}.`));
    if (token.kind !== kind)
      return answer(
        response,
        400,
        'This link does not work',
        `<p>Sorry: this is not a ${kind === 'confirm' ? 'confirmation' : 'unsubscribe'} link. Nothing was changed.</p>`,
      );
    const action = `${url.pathname}?t=${text}`;
    const address = `<b>${escapeHtml(token.address)}</b>`;
    if (method === 'GET') {
      return token.kind === 'confirm'
        ? answer(
            response,
            200,
            'Confirm the subscription',
            confirmPage(action, `Mail the papers digest to ${address}?`, 'Confirm the subscription'),
          )
        : answer(
            response,
            200,
            'Unsubscribe',
            confirmPage(action, `Stop the papers digest to ${address}?`, 'Unsubscribe', true),
          );
    }
    if (token.kind === 'confirm') {
      const reply = await options.commands.executeText(
        `subscribe ${token.settings}`.trim(),
        ownerContext(token.address),
      );
      const said = reply.kind === 'text' ? forAddress(reply.text, token.address) : '';
      const ok = reply.kind === 'text' && reply.tone !== 'error';
      options.log.info({ ok }, 'email subscription confirmed');
      return answer(response, ok ? 200 : 400, ok ? 'Subscribed' : 'Not subscribed', paragraphs(said));
    }
    const reply = await options.commands.executeText('unsubscribe', ownerContext(token.address));
    options.log.info('email subscription stopped by its link');
    const said = reply.kind === 'text' ? forAddress(reply.text, token.address) : '';
    return answer(response, 200, 'Unsubscribed', paragraphs(said));
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
