/**
 * How a delivery key travels with a Discord message. The nonce makes Discord itself drop a duplicate post
 * (`enforce_nonce`), but message history does not return nonces, so the key is also written in small print
 * (`ref pb:12:2410.17243`: an embed footer segment, or a `-#` subtext line) where `findPosted` can read it.
 */
import { createHash } from 'node:crypto';
import type { APIMessage } from 'discord.js';
import { LIMITS } from './discord-limits';

/** Discord nonces are at most 25 characters: long keys become a stable hash. */
export function nonceFor(deliveryKey: string): string {
  if (deliveryKey.length <= LIMITS.nonce) return deliveryKey;
  return `h${createHash('sha256')
    .update(deliveryKey)
    .digest('base64url')
    .slice(0, LIMITS.nonce - 1)}`;
}

export const refText = (deliveryKey: string) => `ref ${deliveryKey}`;

/** Footer segments are joined with this separator; the ref is always a whole segment. */
export const FOOTER_SEPARATOR = ' · ';

/** Whether `message` is the bot's own post carrying `deliveryKey` (never a reply to someone's command). */
export function carriesDeliveryKey(message: APIMessage, deliveryKey: string, botUserId: string): boolean {
  if (message.author.id !== botUserId || message.webhook_id || message.interaction_metadata) return false;
  if (message.nonce !== undefined && String(message.nonce) === nonceFor(deliveryKey)) return true;
  const ref = refText(deliveryKey);
  const inFooter = message.embeds.some((embed) => embed.footer?.text.split(FOOTER_SEPARATOR).includes(ref));
  return inFooter || message.content.split('\n').some((line) => line.trim() === `-# ${ref}`);
}
