/**
 * Who may change a channel's subscription on Slack: workspace admins and owners (users.info) and the
 * channel's creator (conversations.info). Answers are cached briefly; any failure answers "no".
 */
import type { webApi } from '@slack/bolt';
import type { Logger } from '../../src/logging/logger';
import { slackErrorCode } from './slack-errors';

export const manageChannelRequirement = "a workspace admin, a workspace owner or the channel's creator";

export interface PermissionOptions {
  client: webApi.WebClient;
  log: Logger;
  now: () => number;
  ttlMs?: number;
  maxEntries?: number;
}

interface Entry<T> {
  value: T;
  expires: number;
}

export interface PermissionChecker {
  canManageChannel(userId: string, channelId: string): Promise<boolean>;
}

export function createPermissionChecker(options: PermissionOptions): PermissionChecker {
  const ttl = options.ttlMs ?? 60_000;
  const maxEntries = options.maxEntries ?? 1_000;
  const admins = new Map<string, Entry<boolean>>();
  const creators = new Map<string, Entry<string | null>>();

  async function cached<T>(cache: Map<string, Entry<T>>, key: string, load: () => Promise<T>): Promise<T> {
    const hit = cache.get(key);
    if (hit && hit.expires > options.now()) return hit.value;
    const value = await load();
    if (cache.size >= maxEntries) cache.delete(cache.keys().next().value as string);
    cache.set(key, { value, expires: options.now() + ttl });
    return value;
  }

  const isWorkspaceAdmin = (userId: string) =>
    cached(admins, userId, async () => {
      const { user } = await options.client.users.info({ user: userId });
      return Boolean(user?.is_admin || user?.is_owner || user?.is_primary_owner);
    });

  const channelCreator = (channelId: string) =>
    cached(creators, channelId, async () => {
      const { channel } = await options.client.conversations.info({ channel: channelId });
      return channel?.creator ?? null;
    });

  return {
    async canManageChannel(userId, channelId) {
      try {
        if (await isWorkspaceAdmin(userId)) return true;
        return (await channelCreator(channelId)) === userId;
      } catch (error) {
        options.log.warn(
          { user: userId, channel: channelId, slackError: slackErrorCode(error) },
          'could not check channel rights; treating the user as not allowed',
        );
        return false;
      }
    },
  };
}
