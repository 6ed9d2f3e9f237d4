/**
 * Fault: Hugging Face lists hostile or malformed items beside good ones — a paper without a title, an id
 * that is a path (`not-an-arxiv-id/../x`), a `javascript:` project page, markup in an id. The running bot
 * must post only validated papers with links built from canonical arXiv ids, and `why` must explain a
 * refused item instead of claiming it was never seen.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { FakeHfServer } from '../fakes/hf/fake-hf-server';
import { BotHarness } from '../support/bot-harness';
import { type DailyItem, oct25Batch, variant } from '../support/fixtures';

const STRING = 3;

let bot: BotHarness | null = null;
afterEach(async () => {
  await bot?.stop();
  bot = null;
});

function hostileBatch(): DailyItem[] {
  const [model] = oct25Batch();
  if (!model) throw new Error('empty fixture');
  const untitled = variant(model, { id: '2410.99001', upvotes: 999 });
  untitled.paper.title = '';
  untitled.title = '';
  const pathId = variant(model, { id: 'not-an-arxiv-id/../x', title: 'A path for an id', upvotes: 998 });
  const markupId = variant(model, { id: '<b>2410.1</b>', title: 'Markup for an id', upvotes: 997 });
  const badPage = variant(model, { id: '2410.99003v2', title: 'A hostile project page', upvotes: 996 });
  badPage.paper.projectPage = 'javascript:alert(1)';
  badPage.paper.githubRepo = '../../etc/passwd';
  return [untitled, pathId, markupId, badPage, ...oct25Batch()];
}

describe('hostile Hugging Face items', () => {
  it('posts only validated papers with links from canonical ids, and why explains the refused ones', async () => {
    const hf = (await new FakeHfServer().start()).setDay('2024-10-25', hostileBatch());
    bot = await BotHarness.start({ now: '2024-10-26T08:00:00Z', hf });
    await bot.slash('subscribe', [{ name: 'time', type: STRING, value: '09:00' }]);
    await bot.tickAt('2024-10-26T09:00:00Z');

    const posts = bot.postsInPapers();
    expect(posts).toHaveLength(11);
    const all = posts.join('\n');
    expect(all).not.toMatch(/not-an-arxiv-id|\.\.\/|%2e%2e|<b>|javascript:|etc\/passwd/i);
    const links = [
      ...all.matchAll(/https:\/\/(?:huggingface\.co\/papers|arxiv\.org\/(?:abs|pdf))\/([^"\\)\s]+)/g),
    ];
    expect(links.length).toBeGreaterThan(20);
    // Paper links carry a canonical arXiv id; the header links the day page.
    for (const [, id] of links) expect(id).toMatch(/^(\d{4}\.\d{4,5}(#community)?|date\/\d{4}-\d{2}-\d{2})$/);
    expect(all).toContain('A hostile project page');
    expect(await bot.core.store.papers.get('2410.99003')).toMatchObject({
      projectPage: null,
      githubUrl: null,
    });

    const why = await bot.slash('why', [{ name: 'id', type: STRING, value: '2410.99001' }]);
    expect(why).toContain(
      'Hugging Face listed 2410.99001 on 2024-10-25, but paperboy left it out because it has no title',
    );
    const pathWhy = await bot.slash('why', [{ name: 'id', type: STRING, value: 'not-an-arxiv-id/../x' }]);
    // Listed and refused: said so, with why, not only that the id is not an arXiv id (#28.6).
    expect(pathWhy).toContain(
      'Hugging Face listed \\"not-an-arxiv-id/../x\\" on 2024-10-25, but paperboy left it out because its id',
    );
    expect(pathWhy).toContain('is not an arXiv id (such as 2410.17243 or cs/0112017)');
    expect(pathWhy).toContain('so this item will not be posted');
    const neverListed = await bot.slash('why', [{ name: 'id', type: STRING, value: 'not-listed-at-all' }]);
    expect(neverListed).toContain('is not an arXiv id or paper URL');
    const refused = await bot.core.store.sourceLog.rejectsFor('2410.99001');
    expect(refused).toEqual([{ day: '2024-10-25', reason: 'it has no title' }]);
    const warned = bot.logs.entries.filter((line) => line.msg === 'refused an invalid item');
    // Each fetch of the day warns again (start-up catch-up and the digest may both fetch it).
    expect([...new Set(warned.map((line) => line.sourceId))]).toEqual([
      '2410.99001',
      'not-an-arxiv-id/../x',
      '<b>2410.1</b>',
    ]);
  }, 30_000);

  it('drops a data: thumbnail or figure from the embed instead of joining it to HF_BASE_URL', async () => {
    const batch = oct25Batch();
    const [top] = batch;
    if (!top) throw new Error('empty fixture');
    top.thumbnail = 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4=';
    top.mediaUrls = ['data:image/png;base64,iVBORw0KGgo=', 'blob:https://huggingface.co/1234'];
    const hf = (await new FakeHfServer().start()).setDay('2024-10-25', batch);
    bot = await BotHarness.start({ now: '2024-10-26T08:00:00Z', hf });
    await bot.slash('subscribe', [{ name: 'time', type: STRING, value: '09:00' }]);
    await bot.tickAt('2024-10-26T09:00:00Z');
    const posts = bot.postsInPapers();
    const topPost = posts.find((post) => post.includes('Breaking the Memory Barrier'));
    expect(topPost).toBeDefined();
    expect(posts.join('\n')).not.toMatch(/data:image|blob:|127\.0\.0\.1:\d+\/(data|blob)/);
    // Other papers keep their real thumbnails.
    expect(posts.join('\n')).toContain(
      'https://cdn-thumbnails.huggingface.co/social-thumbnails/papers/2410.16251.png',
    );
  }, 30_000);
});
