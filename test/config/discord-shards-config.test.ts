/**
 * DISCORD_SHARD_COUNT and DISCORD_SHARD_IDS through the one environment schema: what each valid value
 * means for the discord.js client, and the message each mistake gets (naming the variable).
 */
import { describe, expect, it } from 'vitest';
import { discordModule } from '../../adapters/discord/discord-module';
import { clientShardOptions, shardOfGuild, shardPlanOf } from '../../adapters/discord/discord-shards';
import { parseConfig } from '../../src/app/config';
import { PaperboyError } from '../../src/errors';

const planFor = (env: Record<string, string>) => shardPlanOf(parseConfig(env));

/** The configuration error's text for `env` (fails the test when there is none). */
function problemWith(env: Record<string, string>): string {
  try {
    parseConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(PaperboyError);
    return (error as Error).message;
  }
  throw new Error(`no configuration error for ${JSON.stringify(env)}`);
}

describe('Discord shard settings', () => {
  it('default to shard 0 of 1, given to discord.js explicitly (so it never reads SHARDS from the environment)', () => {
    expect(planFor({})).toEqual({ ids: [0], count: 1 });
    expect(clientShardOptions(planFor({}))).toEqual({ shards: [0], shardCount: 1 });
  });

  it('run every shard of a count without ids, and the listed ids and ranges with them', () => {
    expect(planFor({ DISCORD_SHARD_COUNT: '4' })).toEqual({ ids: [0, 1, 2, 3], count: 4 });
    expect(planFor({ DISCORD_SHARD_COUNT: '8', DISCORD_SHARD_IDS: '6, 0-2 ,4' })).toEqual({
      ids: [0, 1, 2, 4, 6],
      count: 8,
    });
    expect(clientShardOptions(planFor({ DISCORD_SHARD_COUNT: '4', DISCORD_SHARD_IDS: '2-3' }))).toEqual({
      shards: [2, 3],
      shardCount: 4,
    });
  });

  it('take auto (any case) as: ask Discord for the count and run all of it here', () => {
    expect(planFor({ DISCORD_SHARD_COUNT: 'AUTO' })).toBe('auto');
    expect(clientShardOptions('auto')).toEqual({ shards: 'auto' });
  });

  it('show the shards in the banner', () => {
    const banner = (env: Record<string, string>) =>
      discordModule.plan(parseConfig({ DISCORD_TOKEN: 't', DISCORD_APPLICATION_ID: '1', ...env })).reason;
    expect(banner({})).toBe('gateway via https://discord.com/api, shard 0 of 1');
    expect(banner({ DISCORD_SHARD_COUNT: '4', DISCORD_SHARD_IDS: '0,1' })).toBe(
      'gateway via https://discord.com/api, shards 0,1 of 4',
    );
    expect(banner({ DISCORD_SHARD_COUNT: '16', DISCORD_SHARD_IDS: '4-7' })).toMatch(/shards 4-7 of 16$/);
    expect(banner({ DISCORD_SHARD_COUNT: 'auto' })).toMatch(/shards: auto \(the count Discord recommends/);
  });

  it('refuse a count that is not a whole number of at least 1', () => {
    for (const value of ['0', '-2', 'two', '1.5', '100001'])
      expect(problemWith({ DISCORD_SHARD_COUNT: value })).toContain(
        `DISCORD_SHARD_COUNT is the total number of shards across all instances: a whole number from 1 to 100000 (e.g. 4), or auto, not "${value}"`,
      );
  });

  it('name each id that is not a number, and each reversed range', () => {
    const message = problemWith({ DISCORD_SHARD_COUNT: '4', DISCORD_SHARD_IDS: '0,one,3-1,,-1' });
    expect(message).toContain(
      'DISCORD_SHARD_IDS: "one" is not a shard id (expected shard ids and ranges separated by commas, such as 0,1 or 0-3)',
    );
    expect(message).toContain('DISCORD_SHARD_IDS: "3-1" is not a range: 3 is greater than 1');
    expect(message).toContain('DISCORD_SHARD_IDS: "" is not a shard id');
    expect(message).toContain('DISCORD_SHARD_IDS: "-1" is not a shard id');
    expect(message).toContain('(DISCORD_SHARD_IDS is "0,one,3-1,,-1")');
    expect(message).not.toContain('→ at');
  });

  it('refuse a shard listed twice, directly or through a range', () => {
    expect(problemWith({ DISCORD_SHARD_COUNT: '4', DISCORD_SHARD_IDS: '1,1' })).toContain(
      'DISCORD_SHARD_IDS: shard 1 is listed more than once',
    );
    expect(problemWith({ DISCORD_SHARD_COUNT: '8', DISCORD_SHARD_IDS: '0-3,2,3' })).toContain(
      'DISCORD_SHARD_IDS: shards 2, 3 are listed more than once',
    );
  });

  it('refuse ids at or past the count', () => {
    const message = problemWith({ DISCORD_SHARD_COUNT: '4', DISCORD_SHARD_IDS: '3-5' });
    expect(message).toContain(
      'DISCORD_SHARD_IDS lists shards 4, 5, but DISCORD_SHARD_COUNT=4 has shards 0 to 3 only',
    );
    expect(message).toContain('(DISCORD_SHARD_IDS is "3-5")');
    expect(problemWith({ DISCORD_SHARD_COUNT: '2', DISCORD_SHARD_IDS: '2' })).toContain(
      'DISCORD_SHARD_IDS lists shard 2, but DISCORD_SHARD_COUNT=2 has shards 0 to 1 only',
    );
  });

  it('refuse ids without a count, and ids with auto', () => {
    expect(problemWith({ DISCORD_SHARD_IDS: '0,1' })).toContain(
      'DISCORD_SHARD_IDS needs DISCORD_SHARD_COUNT, the total number of shards across all instances',
    );
    expect(problemWith({ DISCORD_SHARD_COUNT: 'auto', DISCORD_SHARD_IDS: '0' })).toContain(
      'DISCORD_SHARD_IDS cannot be used with DISCORD_SHARD_COUNT=auto: auto runs every shard Discord recommends in this one process',
    );
  });
});

describe('a guild’s shard', () => {
  it('is (guild_id >> 22) % count, and 0 for direct messages', () => {
    expect(shardOfGuild('930000000000000001', 2)).toBe(0);
    expect(shardOfGuild('900000000000000001', 2)).toBe(1);
    expect(shardOfGuild('900000000000000001', 4)).toBe(3);
    expect(shardOfGuild('41771983423143937', 1)).toBe(0);
    expect(shardOfGuild(null, 4)).toBe(0);
  });
});
