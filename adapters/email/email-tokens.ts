/**
 * Signed links: a confirm token carries the address and the settings asked for, an unsubscribe token the
 * address. HMAC-SHA256 over the payload with EMAIL_SIGNING_KEY (node:crypto), so only this bot can mint
 * them: a subscription needs a click in the subscriber's own inbox, and nobody can unsubscribe someone else.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export type EmailToken =
  | { kind: 'confirm'; address: string; settings: string; expires: number }
  | { kind: 'unsubscribe'; address: string };

/** A confirm link is good for a week. */
export const confirmLifetimeMs = 7 * 24 * 60 * 60_000;

const sign = (key: string, payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

export function signToken(key: string, token: EmailToken): string {
  const payload = Buffer.from(JSON.stringify(token)).toString('base64url');
  return `${payload}.${sign(key, payload)}`;
}

/** The token, or why it is not one: a link altered, truncated, minted elsewhere or out of date. */
export function verifyToken(key: string, text: string, now: Date): EmailToken | { error: string } {
  const [payload, signature, extra] = text.split('.');
  if (!payload || !signature || extra !== undefined) return { error: 'the link is incomplete' };
  const expected = Buffer.from(sign(key, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    return { error: 'the link is not one this paperboy sent (it was changed or cut short)' };
  }
  const token = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as EmailToken;
  if (token.kind === 'confirm' && token.expires < now.getTime()) {
    return { error: 'the confirmation link has expired: subscribe again for a new one' };
  }
  return token;
}
