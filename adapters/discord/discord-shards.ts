/**
 * Which gateway shards this instance runs: `DISCORD_SHARD_COUNT` (a number, or `auto` for the count Discord
 * recommends, all of it in this process) and `DISCORD_SHARD_IDS` (this instance's part, e.g. `0,1` or
 * `0-3`; default every shard). A guild belongs to shard `(guild_id >> 22) % count` (discord.js's own
 * `ShardClientUtil.shardIdForGuildId`); direct messages to shard 0.
 */
import { ShardClientUtil } from 'discord.js';
import { z } from 'zod';

/** Far above any bot's need (Discord recommends one shard per ~1,000 servers), and a bound on the id list. */
export const MAX_SHARD_COUNT = 100_000;

const countProblem = `DISCORD_SHARD_COUNT is the total number of shards across all instances: a whole number from 1 to ${MAX_SHARD_COUNT} (e.g. 4), or auto`;
const idsExample = 'shard ids and ranges separated by commas, such as 0,1 or 0-3';

export const shardCountSchema = z.string().transform((value, ctx): number | 'auto' => {
  const text = value.trim().toLowerCase();
  if (text === 'auto') return 'auto';
  const count = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (Number.isInteger(count) && count >= 1 && count <= MAX_SHARD_COUNT) return count;
  ctx.addIssue({ code: 'custom', message: `${countProblem}, not "${value}"` });
  return z.NEVER;
});

/** `0,2-4` → [0, 2, 3, 4]; every problem is named (not a number, a reversed range, a shard listed twice). */
export const shardIdsSchema = z.string().transform((value, ctx): number[] => {
  const ids: number[] = [];
  const problems: string[] = [];
  for (const raw of value.split(',')) {
    const part = raw.trim();
    const range = /^(\d+)\s*-\s*(\d+)$/.exec(part);
    const [first, last] = range ? [Number(range[1]), Number(range[2])] : [Number(part), Number(part)];
    if (!range && !/^\d+$/.test(part)) {
      problems.push(`"${part}" is not a shard id (expected ${idsExample})`);
    } else if (first > last) {
      problems.push(`"${part}" is not a range: ${first} is greater than ${last}`);
    } else if (last >= MAX_SHARD_COUNT) {
      problems.push(`"${part}" is past the largest shard id, ${MAX_SHARD_COUNT - 1}`);
    } else {
      for (let id = first; id <= last; id++) ids.push(id);
    }
  }
  const twice = [...new Set(ids.filter((id, index) => ids.indexOf(id) !== index))];
  if (twice.length > 0)
    problems.push(`${shardList(twice)} ${twice.length === 1 ? 'is' : 'are'} listed more than once`);
  for (const problem of problems) ctx.addIssue({ code: 'custom', message: `DISCORD_SHARD_IDS: ${problem}` });
  return problems.length > 0 ? z.NEVER : ids.sort((a, b) => a - b);
});

const shardList = (ids: readonly number[]) =>
  ids.length === 1 ? `shard ${ids[0]}` : `shards ${ids.join(', ')}`;

/** The parsed slice this file reads. */
export interface ShardSettings {
  DISCORD_SHARD_COUNT?: number | 'auto' | undefined;
  DISCORD_SHARD_IDS?: number[] | undefined;
}

/** This instance's shards: a known list out of a known count, or whatever Discord recommends (all of it). */
export type ShardPlan = { ids: number[]; count: number } | 'auto';

/** The mistakes only the two variables together show; one message each, for the configuration error. */
export function shardSettingIssues(config: ShardSettings): { variable: string; message: string }[] {
  const count = config.DISCORD_SHARD_COUNT;
  const ids = config.DISCORD_SHARD_IDS;
  if (!ids) return [];
  if (count === undefined)
    return [
      {
        variable: 'DISCORD_SHARD_IDS',
        message:
          'DISCORD_SHARD_IDS needs DISCORD_SHARD_COUNT, the total number of shards across all instances (e.g. DISCORD_SHARD_COUNT=4 with DISCORD_SHARD_IDS=0,1 here and 2,3 on the other instance)',
      },
    ];
  if (count === 'auto')
    return [
      {
        variable: 'DISCORD_SHARD_IDS',
        message:
          'DISCORD_SHARD_IDS cannot be used with DISCORD_SHARD_COUNT=auto: auto runs every shard Discord recommends in this one process; to split shards over instances, set DISCORD_SHARD_COUNT to the total number',
      },
    ];
  const outside = ids.filter((id) => id >= count);
  if (outside.length === 0) return [];
  return [
    {
      variable: 'DISCORD_SHARD_IDS',
      message: `DISCORD_SHARD_IDS lists ${shardList(outside)}, but DISCORD_SHARD_COUNT=${count} has shards 0 to ${count - 1} only`,
    },
  ];
}

/** The plan a valid configuration describes; without either variable, one shard (0 of 1). */
export function shardPlanOf(config: ShardSettings): ShardPlan {
  const count = config.DISCORD_SHARD_COUNT ?? 1;
  if (count === 'auto') return 'auto';
  return { count, ids: config.DISCORD_SHARD_IDS ?? Array.from({ length: count }, (_, id) => id) };
}

/** The discord.js Client options for a plan (given explicitly, so the client never reads SHARDS from the environment). */
export const clientShardOptions = (plan: ShardPlan) =>
  plan === 'auto' ? { shards: 'auto' as const } : { shards: plan.ids, shardCount: plan.count };

/** The shard a guild's events arrive on (direct messages, without a guild: shard 0). */
export const shardOfGuild = (guildId: string | null | undefined, count: number): number =>
  guildId ? ShardClientUtil.shardIdForGuildId(guildId, count) : 0;

/** `0,1`, or `0-3` for a run of consecutive ids. */
export function idsText(ids: readonly number[]): string {
  const first = ids[0];
  const last = ids.at(-1);
  if (first !== undefined && last !== undefined && ids.length > 2 && last - first === ids.length - 1)
    return `${first}-${last}`;
  return ids.join(',');
}

/** `shards 0,1 of 4`, `shard 0 of 1`, or `shards: auto` (before Discord said how many). */
export function shardsText(plan: ShardPlan): string {
  if (plan === 'auto') return 'shards: auto (the count Discord recommends, all in this process)';
  return `${plan.ids.length === 1 ? 'shard' : 'shards'} ${idsText(plan.ids)} of ${plan.count}`;
}
