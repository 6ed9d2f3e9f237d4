/**
 * What this instance's discord.js client runs once connected (with `auto`, the ids and count are known only
 * then), whether a guild is on one of its shards, and how its shards are doing, in words for `/readyz`.
 */
import { type Client, Status } from 'discord.js';
import type { Logger } from '../../src/logging/logger';
import { idsText, type ShardPlan, shardOfGuild, shardsText } from './discord-shards';

/** The shard ids this client runs and the total, or null before the gateway told it (auto). */
export function runningShards(client: Client): { ids: number[]; count: number } | null {
  const { shards, shardCount } = client.options;
  if (!Array.isArray(shards) || typeof shardCount !== 'number') return null;
  return { ids: [...shards].sort((a, b) => a - b), count: shardCount };
}

/** Whether events of this guild (null: a direct message) belong to this instance. */
export function ownsGuild(client: Client, guildId: string | null): boolean {
  const running = runningShards(client);
  return running?.ids.includes(shardOfGuild(guildId, running.count)) === true;
}

/**
 * Whether an event of this guild is this instance's; one that is not (Discord sent it on the wrong
 * connection) is logged at debug, and the caller leaves it to the instance running the guild's shard.
 */
export function ownsEvent(client: Client, log: Logger, guildId: string | null, what: object): boolean {
  if (ownsGuild(client, guildId)) return true;
  const shard = shardOfGuild(guildId, runningShards(client)?.count ?? 1);
  log.debug(
    { ...what, guild: guildId, shard },
    'event for a shard this instance does not run; left to its owner',
  );
  return false;
}

/** True when every shard of this instance is connected and ready. */
export function allShardsReady(client: Client): boolean {
  const running = runningShards(client);
  return (
    running !== null &&
    running.ids.length > 0 &&
    running.ids.every((id) => client.ws.shards.get(id)?.status === Status.Ready)
  );
}

/** `connected (shards 0,1 of 4)`, or `not connected (shards 0,1 of 4; not ready: 1)`. */
export function shardStatusText(client: Client, plan: ShardPlan): string {
  const running = runningShards(client);
  const which = running && client.ws.shards.size > 0 ? shardsText(running) : shardsText(plan);
  if (allShardsReady(client)) return `connected (${which})`;
  const waiting = running?.ids.filter((id) => client.ws.shards.get(id)?.status !== Status.Ready) ?? [];
  return waiting.length > 0 && client.ws.shards.size > 0
    ? `not connected (${which}; not ready: ${idsText(waiting)})`
    : `not connected (${which})`;
}

/** A start that failed because Discord refused the shard settings, said in their terms (null otherwise). */
export function shardRefusal(error: unknown, plan: ShardPlan): string | null {
  const message = error instanceof Error ? error.message : '';
  if (message === 'Invalid shard')
    return `Discord refused ${shardsText(plan)} (gateway close 4010, invalid shard): check DISCORD_SHARD_COUNT and DISCORD_SHARD_IDS`;
  if (message === 'Sharding is required')
    return `Discord requires more shards than ${shardsText(plan)} for this bot's servers (gateway close 4011, sharding required): set DISCORD_SHARD_COUNT=auto, or a larger count split over the instances`;
  return null;
}
