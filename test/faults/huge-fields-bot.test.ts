/**
 * Fault: Hugging Face lists a paper whose every field is enormous (a 100 kB title, a megabyte of
 * abstract, thousands of long author names and keywords). The running bot (runBot, fake Discord) stores
 * each field within its bound, posts a card within Discord's limits, and `why` gives its verdict in one
 * message instead of the title repeated to the limit.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { FakeHfServer } from '../fakes/hf/fake-hf-server';
import { BotHarness } from '../support/bot-harness';
import { type DailyItem, oct25Batch, variant } from '../support/fixtures';

const STRING = 3;
/** The bounds README promises (src/papers/paper-bounds.ts), written out so a change to them is a choice. */
const paperBounds = {
  title: 500,
  abstract: 6_000,
  authors: 1_000,
  authorName: 120,
  aiKeywords: 40,
  aiSummary: 1_200,
};
const shownTitleLength = 200;

let bot: BotHarness | null = null;
afterEach(async () => {
  await bot?.stop();
  bot = null;
});

const words = (count: number, word = 'memory') =>
  Array.from({ length: count }, (_, index) => `${word}${index}`).join(' ');

function hugeItem(): DailyItem {
  const [model] = oct25Batch();
  if (!model) throw new Error('empty fixture');
  const title = `Huge ${words(14_000)}`; // about 100 kB
  const huge = variant(model, { id: '2410.99100', title, upvotes: 9_999 });
  huge.paper.summary = words(140_000, 'abstract'); // about 1.3 MB
  huge.paper.authors = Array.from({ length: 5_000 }, (_, index) => ({
    _id: `a${index}`,
    name: `Author ${index} ${'x'.repeat(1_000)}`,
    hidden: false,
  }));
  (huge.paper as Record<string, unknown>).ai_keywords = Array.from({ length: 2_000 }, (_, i) =>
    words(50, `k${i}`),
  );
  (huge.paper as Record<string, unknown>).ai_summary = words(50_000, 'summary');
  return huge;
}

describe('a paper whose fields are enormous', () => {
  it('is stored within its bounds, posted within the limits, and why gives its verdict in one message', async () => {
    const item = hugeItem();
    expect(item.paper.title.length).toBeGreaterThan(100_000);
    const hf = (await new FakeHfServer().start()).setDay('2024-10-25', [item, ...oct25Batch()]);
    bot = await BotHarness.start({ now: '2024-10-26T08:00:00Z', hf });
    await bot.slash('subscribe', [{ name: 'time', type: STRING, value: '09:00' }]);
    await bot.tickAt('2024-10-26T09:00:00Z');

    const stored = await bot.core.store.papers.get('2410.99100');
    expect(stored?.title.length).toBeLessThanOrEqual(paperBounds.title);
    expect(stored?.title.startsWith('Huge memory0 memory1')).toBe(true);
    expect(stored?.title.endsWith('…')).toBe(true);
    expect(stored?.abstract.length).toBeLessThanOrEqual(paperBounds.abstract);
    expect(stored?.authors).toHaveLength(paperBounds.authors);
    expect(Math.max(...(stored?.authors ?? []).map((name) => name.length))).toBeLessThanOrEqual(
      paperBounds.authorName,
    );
    expect(stored?.aiKeywords.length).toBeLessThanOrEqual(paperBounds.aiKeywords);
    expect(stored?.aiSummary?.length).toBeLessThanOrEqual(paperBounds.aiSummary);

    // The digest went out (the huge paper first, by upvotes) and each post stayed within Discord's limits.
    const posts = bot.postsInPapers();
    expect(posts.length).toBeGreaterThan(2);
    expect(posts[1]).toContain('Huge memory0 memory1');
    for (const post of posts) expect(post.length).toBeLessThan(8_000);

    const why = JSON.parse(await bot.slash('why', [{ name: 'id', type: STRING, value: '2410.99100' }]));
    const text = JSON.stringify(why);
    expect(text).toContain('was posted here on 2024-10-26');
    expect(text).toContain('Team ranking:');
    expect(text.length).toBeLessThan(2_000);
    const named = /"(Huge [^"]*)" \(2410\.99100\)/.exec(text)?.[1] ?? '';
    expect(named.length).toBeGreaterThan(20);
    expect(named.length).toBeLessThanOrEqual(shownTitleLength);

    // search still finds it by a word of its (bounded) title.
    const found = await bot.slash('search', [{ name: 'query', type: STRING, value: 'memory12' }]);
    expect(found).toContain('2410.99100');
    expect(found.length).toBeLessThan(20_000);
  }, 60_000);
});
