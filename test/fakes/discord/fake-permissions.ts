/**
 * The bot's permissions in the fake's channels, enforced route by route as Discord's API reference
 * describes them (independently of the adapter's own list, adapters/discord/discord-permissions.ts, so a
 * test can hold one against the other):
 * - every channel route needs View Channel (else 403 50001 Missing Access);
 * - creating a message needs Send Messages, or Send Messages in Threads in a thread (else 403 50013);
 *   embeds need Embed Links, without which Discord drops them from the message;
 * - listing messages needs Read Message History, without which the list is empty;
 * - fetching one message needs Read Message History (else 403 50013);
 * - starting a thread from a message needs Create Public Threads (else 403 50013).
 * Every permission a request needed is noted in `needed`, granted or not.
 */
import { PermissionFlagsBits } from 'discord.js';
import type { FakeReply } from './fake-faults';
import type { FakeStore } from './fake-store';
import type { Json } from './fake-types';

export type PermissionName = keyof typeof PermissionFlagsBits;

const missingAccess: FakeReply = { status: 403, body: { message: 'Missing Access', code: 50001 } };
const missingPermissions: FakeReply = { status: 403, body: { message: 'Missing Permissions', code: 50013 } };

/** What the route handler should do instead of (or after) the check. */
export type PermissionVerdict = { refuse: FakeReply } | { emptyList: true } | { stripEmbeds: true } | null;

export class BotPermissions {
  /** Every permission some request of the bot's needed. */
  readonly needed = new Set<PermissionName>();
  /** How many messages lost their embeds to a missing Embed Links. */
  strippedEmbeds = 0;

  constructor(
    /** The bot's permissions in every channel; default all of them. */
    public granted: bigint = Object.values(PermissionFlagsBits).reduce((all, bit) => all | bit, 0n),
  ) {}

  check(method: string, path: string, body: Json, store: FakeStore): PermissionVerdict {
    const channelRoute = /^\/channels\/(\d+)\/messages(?:\/(\d+)(\/threads)?)?$/.exec(path);
    if (!channelRoute) return null;
    const [, channelId = '', messageId, threads] = channelRoute;
    if (!this.has('ViewChannel')) return { refuse: missingAccess };
    if (method === 'POST' && threads)
      return this.has('CreatePublicThreads') ? null : { refuse: missingPermissions };
    if (method === 'GET' && messageId)
      return this.has('ReadMessageHistory') ? null : { refuse: missingPermissions };
    if (method === 'GET') return this.has('ReadMessageHistory') ? null : { emptyList: true };
    if (method !== 'POST' || messageId) return null;
    const inThread = store.channels.get(channelId)?.type === 11;
    if (!this.has(inThread ? 'SendMessagesInThreads' : 'SendMessages')) return { refuse: missingPermissions };
    const embeds = Array.isArray(body.embeds) && body.embeds.length > 0;
    if (embeds && !this.has('EmbedLinks')) {
      this.strippedEmbeds++;
      return { stripEmbeds: true };
    }
    return null;
  }

  private has(name: PermissionName): boolean {
    this.needed.add(name);
    return (this.granted & PermissionFlagsBits[name]) !== 0n;
  }
}
