/**
 * Every timed behaviour, as the running bot does it: `runBot` with the manual clock and a hand-driven
 * minute tick, the real discord.js against the fake Discord, a real SQLite file. Nothing here calls a
 * service directly: if the bot stops scheduling a job, its test fails.
 */
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultDigestSettings } from '../../src/records/subscription';
import { FakeHfServer } from '../fakes/hf/fake-hf-server';
import { BotHarness } from '../support/bot-harness';
import { oct25Batch } from '../support/fixtures';

const papers = {
  platform: 'discord' as const,
  workspaceId: '900000000000000001',
  channelId: '900000000000000101',
};
const STRING = 3;
const agendaPosts = (bot: BotHarness) =>
  bot.postsInPapers().filter((post) => post.includes('Reading-group agenda'));

async function hfWithOct25(): Promise<FakeHfServer> {
  return (await new FakeHfServer().start()).setDay('2024-10-25', oct25Batch());
}

let bot: BotHarness | null = null;
afterEach(async () => {
  await bot?.stop();
  bot = null;
});

describe('the weekly agenda', () => {
  it('is posted by the running bot at its weekday and time, once a week', async () => {
    // Monday 28 Oct 2024.
    bot = await BotHarness.start({ now: '2024-10-28T08:00:00Z', hf: await hfWithOct25() });
    expect(await bot.slash('settings', [{ name: 'agenda', type: STRING, value: 'tue 09:30 UTC' }])).toContain(
      'Tue',
    );
    await bot.tickAt('2024-10-29T09:29:00Z');
    expect(agendaPosts(bot)).toHaveLength(0);
    await bot.tickAt('2024-10-29T09:30:00Z');
    expect(agendaPosts(bot)).toHaveLength(1);
    await bot.tickAt('2024-10-29T09:31:00Z');
    await bot.tickAt('2024-10-30T09:30:00Z');
    expect(agendaPosts(bot)).toHaveLength(1);
    await bot.tickAt('2024-11-05T09:30:00Z');
    expect(agendaPosts(bot)).toHaveLength(2);
  });

  it('is caught up at start-up when it fell due an hour ago, not when it fell due last week', async () => {
    const hf = await hfWithOct25();
    const first = await BotHarness.start({ now: '2024-10-28T08:00:00Z', hf });
    await first.slash('settings', [{ name: 'agenda', type: STRING, value: 'tue 09:30 UTC' }]);
    await first.stop(false);
    // Down over Tuesday's slot: started on Wednesday, last week's agenda is not posted late.
    bot = await BotHarness.start({
      now: '2024-10-30T10:30:00Z',
      hf,
      discord: first.discord,
      database: first.database,
    });
    await bot.ticker.tick();
    expect(agendaPosts(bot)).toHaveLength(0);
    await bot.stop(false);
    // Down at next Tuesday's slot, back an hour later: it is posted at once.
    bot = await BotHarness.start({
      now: '2024-11-05T10:30:00Z',
      hf,
      discord: first.discord,
      database: first.database,
    });
    await bot.ticker.tick();
    expect(agendaPosts(bot)).toHaveLength(1);
  });
});

describe('the daily digest', () => {
  it('is posted at the subscription time, with one summary log line for the run', async () => {
    bot = await BotHarness.start({ now: '2024-10-28T08:00:00Z', hf: await hfWithOct25() });
    await bot.slash('subscribe', [{ name: 'time', type: STRING, value: '09:00' }]);
    await bot.tickAt('2024-10-28T08:59:00Z');
    expect(bot.postsInPapers()).toHaveLength(0);
    await bot.tickAt('2024-10-28T09:00:00Z');
    const posts = bot.postsInPapers();
    expect(posts.length).toBe(11); // the header and the top 10
    const summaries = bot.logs.filter((line) => line.msg === 'digest run finished');
    expect(summaries).toHaveLength(1);
    expect(summaries[0]).toMatchObject({ channels: 1, posts: 10, failures: 0, batchDay: '2024-10-25' });
    expect(summaries[0]?.ms).toEqual(expect.any(Number));
    await bot.tickAt('2024-10-28T09:01:00Z');
    expect(bot.postsInPapers()).toHaveLength(11);
  });

  it('is caught up at start-up when its time passed earlier the same day', async () => {
    const hf = await hfWithOct25();
    bot = await BotHarness.start({ now: '2024-10-28T07:00:00Z', hf });
    await bot.core.store.subscriptions.upsert(
      papers,
      { ...defaultDigestSettings, time: '09:00' },
      '2024-10-27T00:00:00Z',
    );
    const { discord, database } = bot;
    await bot.stop(false);
    bot = await BotHarness.start({ now: '2024-10-28T11:00:00Z', hf, discord, database });
    await bot.ticker.tick();
    expect(bot.postsInPapers()).toHaveLength(11);
  });
});

describe('the refresh of recent days', () => {
  it.each([45, 90])(
    'runs every %i minutes of the bot clock, as REFRESH_INTERVAL_MINUTES says',
    async (minutes) => {
      const hf = await hfWithOct25();
      bot = await BotHarness.start({
        now: '2024-10-28T00:00:00Z',
        hf,
        discord: null,
        env: { REFRESH_INTERVAL_MINUTES: String(minutes) },
      });
      const refreshedAt: number[] = [];
      const todayFetches = () => hf.requestsFor('date=2024-10-28').length;
      const start = Date.parse('2024-10-28T00:00:00Z');
      for (let minute = 1; minute <= 6 * 60; minute++) {
        const before = todayFetches();
        await bot.tickAt(new Date(start + minute * 60_000).toISOString());
        if (todayFetches() > before) refreshedAt.push(minute);
      }
      const expected = Array.from({ length: Math.floor(360 / minutes) }, (_, i) => (i + 1) * minutes);
      expect(refreshedAt).toEqual(expected);
    },
  );
});

describe('pruning', () => {
  const countEvents = (database: string) => {
    const db = new Database(database, { readonly: true });
    try {
      return (db.prepare('SELECT count(*) AS n FROM processed_events').get() as { n: number }).n;
    } finally {
      db.close();
    }
  };

  it('runs at start-up and then daily: old replay guards are gone', async () => {
    const hf = await hfWithOct25();
    const first = await BotHarness.start({ now: '2024-10-20T00:00:00Z', hf, discord: null });
    await first.core.store.discussion.firstSighting('discord:old-event', '2024-10-20T00:00:00Z');
    const database = first.database;
    await first.stop(false);
    expect(countEvents(database)).toBe(1);

    bot = await BotHarness.start({ now: '2024-10-28T12:00:00Z', hf, discord: null, database });
    await bot.ticker.tick();
    expect(countEvents(database)).toBe(0);
    expect(bot.logs.filter((line) => line.msg === 'pruned old log rows')).toHaveLength(1);

    await bot.core.store.discussion.firstSighting('discord:later-event', '2024-10-26T00:00:00Z');
    await bot.tickAt('2024-10-29T11:59:00Z');
    expect(countEvents(database)).toBe(1);
    await bot.tickAt('2024-10-29T12:00:00Z');
    expect(countEvents(database)).toBe(0);
  });
});
