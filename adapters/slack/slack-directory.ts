/**
 * What the adapter needs to know about people and channels, from users.info and conversations.info:
 * who may change a channel's subscription (workspace admins and owners, and the channel's creator) and
 * how a user is shown. Answers are cached briefly (per workspace); a failed check answers "no". Each
 * workspace is asked with its own token: the client Bolt built for the request.
 */
import type { webApi } from '@slack/bolt';
import type { Logger } from '../../src/logging/logger';
import { slackErrorCode } from './slack-errors';

export const manageChannelRequirement = "a workspace admin, a workspace owner or the channel's creator";

export interface DirectoryOptions {
  log: Logger;
  now: () => number;
  ttlMs?: number;
  maxEntries?: number;
}

interface Person {
  isAdmin: boolean;
  displayName: string;
}

interface Entry<T> {
  value: T;
  expires: number;
}

export interface SlackDirectory {
  canManageChannel(userId: string, channelId: string): Promise<boolean>;
  /** Display name, else real name, else handle; the user id when Slack cannot say. */
  displayName(userId: string): Promise<string>;
  /** Makes sure the bot is in the channel, joining it when public; false when it must be invited. */
  ensureMember(channelId: string): Promise<boolean>;
}

/** The directory of one workspace, asked through that workspace's client. */
export interface SlackDirectories {
  of(teamId: string, client: webApi.WebClient): SlackDirectory;
}

export function createSlackDirectories(options: DirectoryOptions): SlackDirectories {
  const ttl = options.ttlMs ?? 60_000;
  const maxEntries = options.maxEntries ?? 1_000;
  const people = new Map<string, Entry<Person>>();
  const creators = new Map<string, Entry<string | null>>();

  async function cached<T>(cache: Map<string, Entry<T>>, key: string, load: () => Promise<T>): Promise<T> {
    const hit = cache.get(key);
    if (hit && hit.expires > options.now()) return hit.value;
    const value = await load();
    if (ttl <= 0) return value;
    if (cache.size >= maxEntries) cache.delete(cache.keys().next().value as string);
    cache.set(key, { value, expires: options.now() + ttl });
    return value;
  }

  const person = (client: webApi.WebClient, teamId: string, userId: string) =>
    cached(people, `${teamId}:${userId}`, async () => {
      const { user } = await client.users.info({ user: userId });
      const profile = user?.profile;
      return {
        isAdmin: Boolean(user?.is_admin || user?.is_owner || user?.is_primary_owner),
        displayName: profile?.display_name || profile?.real_name || user?.real_name || user?.name || userId,
      };
    });

  const channelCreator = (client: webApi.WebClient, teamId: string, channelId: string) =>
    cached(creators, `${teamId}:${channelId}`, async () => {
      const { channel } = await client.conversations.info({ channel: channelId });
      return channel?.creator ?? null;
    });

  const warn = (error: unknown, context: Record<string, string>, message: string) =>
    options.log.warn({ ...context, slackError: slackErrorCode(error) }, message);

  const of = (teamId: string, client: webApi.WebClient): SlackDirectory => ({
    async canManageChannel(userId, channelId) {
      try {
        if ((await person(client, teamId, userId)).isAdmin) return true;
        return (await channelCreator(client, teamId, channelId)) === userId;
      } catch (error) {
        warn(
          error,
          { user: userId, channel: channelId },
          'could not check channel rights; treating the user as not allowed',
        );
        return false;
      }
    },
    async ensureMember(channelId) {
      try {
        const { channel } = await client.conversations.info({ channel: channelId });
        if (channel?.is_member) return true;
        if (channel?.is_private || channel?.is_archived) return false;
        await client.conversations.join({ channel: channelId });
        return true;
      } catch (error) {
        warn(error, { channel: channelId }, 'could not join the channel');
        return false;
      }
    },
    async displayName(userId) {
      try {
        return (await person(client, teamId, userId)).displayName;
      } catch (error) {
        warn(error, { user: userId }, 'could not look up a user name; using the id');
        return userId;
      }
    },
  });
  return { of };
}
