/**
 * Trending through the composition root: runBot with the manual clock, the fake Hugging Face and the fake
 * Discord. `/papers trending` answers with the list; a `source=trending` subscription posts at its time,
 * once (a restart on the same database posts nothing again), and the next day only papers not posted yet.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { FakeDiscord } from '../fakes/discord/fake-discord';
import { FakeHfServer } from '../fakes/hf/fake-hf-server';
import { BotHarness } from '../support/bot-harness';
import { trendingList } from '../support/trending';

const STRING = 3;
const INTEGER = 4;
const env = { REFRESH_INTERVAL_MINUTES: '6000' };

let bot: BotHarness | null = null;
afterEach(async () => {
  await bot?.stop();
  bot = null;
});

describe('trending papers in the running bot', () => {
  it('answers /papers trending with the list in its order and stores its papers', async () => {
    const hf = (await new FakeHfServer().start()).setTrending(trendingList());
    bot = await BotHarness.start({ now: '2024-10-26T08:00:00Z', hf, env });
    const answer = await bot.slash('trending');
    expect(answer).toContain('Trending on Hugging Face');
    expect(answer).toContain('Large Multimodal Models as General In-Context Classifiers');
    expect(answer).toContain("#1 on Hugging Face's trending list");
    expect(hf.requestsFor('sort=trending')[0]?.query).toEqual({ sort: 'trending', limit: '50', p: '0' });
    expect(await bot.core.store.papers.get('2602.23229')).not.toBeNull();
  });

  it('posts a trending subscription at its time once, even across a restart, and only new papers the next day', async () => {
    const hf = (await new FakeHfServer().start()).setTrending(trendingList().slice(0, 5));
    const discord = await FakeDiscord.start();
    bot = await BotHarness.start({ now: '2024-10-26T08:00:00Z', hf, discord, env });
    const subscribed = await bot.slash('subscribe', [
      { name: 'time', type: STRING, value: '09:00' },
      { name: 'top', type: INTEGER, value: 3 },
      { name: 'source', type: STRING, value: 'trending' },
    ]);
    expect(subscribed).toContain("This channel now gets Hugging Face's trending papers");

    await bot.tickAt('2024-10-26T08:59:00Z');
    expect(bot.postsInPapers()).toHaveLength(0);
    await bot.tickAt('2024-10-26T09:00:00Z');
    const first = bot.postsInPapers();
    expect(first).toHaveLength(4);
    expect(first[0]).toContain('Trending on Hugging Face — Sat 26 Oct · 3 new papers');
    expect(first[1]).toContain('Large Multimodal Models as General In-Context Classifiers');

    // A restart on the same database the same day: the digest is done, nothing goes out again.
    await bot.stop(false);
    bot = await BotHarness.start({ now: '2024-10-26T09:05:00Z', hf, discord, database: bot.database, env });
    await bot.tickAt('2024-10-26T09:05:00Z');
    expect(bot.postsInPapers()).toHaveLength(4);

    await bot.tickAt('2024-10-27T09:00:00Z');
    const posts = bot.postsInPapers();
    expect(posts).toHaveLength(7);
    expect(posts[4]).toContain('Trending on Hugging Face — Sun 27 Oct · 2 new papers');
    const keys = bot.deliveryKeysInPapers().filter((key) => !key.startsWith('pb:run:'));
    expect(keys).toHaveLength(5);
    expect(new Set(keys).size).toBe(5);
  }, 30_000);
});
