import { afterEach, describe, expect, it } from 'vitest';
import { blendScore, popularityPrior, priorWeight } from '../../src/search/ranking';
import { createSearchService } from '../../src/search/search-service';
import type { Store } from '../../src/store/store';
import { makePaper } from '../support/papers';
import { testStores } from '../support/test-stores';

describe.each(testStores)('ranking ($name)', (kind) => {
  let store: Store;
  afterEach(async () => await store.close());
  const ranked = async (text: string) => {
    const search = createSearchService(store);
    return (await search.search({ text, limit: 10 })).hits.map((hit) => hit.paper.id);
  };

  it('never lets popularity or recency override a clearly better text match', async () => {
    store = await kind.open();
    await store.papers.upsertMany([
      makePaper('2401.00001', {
        title: 'Speculative decoding for speculative sampling',
        upvotes: 0,
        batchDay: '2023-01-02',
      }),
      makePaper('2410.00002', {
        title: 'A survey',
        abstract: 'We mention speculative decoding once.',
        upvotes: 900,
        batchDay: '2024-10-25',
      }),
      ...Array.from({ length: 8 }, (_, i) =>
        makePaper(`2410.1000${i}`, { title: `Filler ${i}`, abstract: 'Unrelated text about graphs.' }),
      ),
    ]);
    expect(await ranked('speculative decoding')).toEqual(['2401.00001', '2410.00002']);
  });

  it('lets upvotes and recency decide between equally good matches', async () => {
    store = await kind.open();
    const same = { title: 'Sparse mixture of experts', abstract: 'Routing tokens to experts.' };
    await store.papers.upsertMany([
      makePaper('2410.00001', { ...same, upvotes: 2, batchDay: '2024-10-01' }),
      makePaper('2410.00002', { ...same, upvotes: 150, batchDay: '2024-10-01' }),
      makePaper('2410.00003', { ...same, upvotes: 2, batchDay: '2024-10-25' }),
      ...Array.from({ length: 8 }, (_, i) => makePaper(`2410.1000${i}`, { title: `Filler ${i}` })),
    ]);
    expect(await ranked('mixture of experts')).toEqual(['2410.00002', '2410.00003', '2410.00001']);
  });

  it('orders papers matched only by words too common to score by upvotes and recency', async () => {
    store = await kind.open();
    await store.papers.upsertMany([
      makePaper('2410.00001', { title: 'Models everywhere', upvotes: 3 }),
      makePaper('2410.00002', { title: 'More models', upvotes: 80 }),
      makePaper('2410.00003', { title: 'Models again', upvotes: 20 }),
    ]);
    expect(await ranked('models')).toEqual(['2410.00002', '2410.00003', '2410.00001']);
  });

  it('bounds the prior: at most a fifth on top of the text score', () => {
    const famous = makePaper('1', { upvotes: 100_000, batchDay: '2024-10-25' });
    expect(popularityPrior(famous, '2024-10-25')).toBeLessThanOrEqual(1);
    expect(blendScore(10, popularityPrior(famous, '2024-10-25'))).toBeLessThanOrEqual(10 * (1 + priorWeight));
    expect(priorWeight).toBe(0.2);
  });
});

describe.each(testStores)('snippets ($name: FTS5 snippet(), ts_headline on PostgreSQL)', (kind) => {
  const abstract =
    'Current image watermarking methods are vulnerable to advanced image editing techniques enabled by large-scale ' +
    'text-to-image models. These models can distort embedded watermarks during editing, posing significant challenges to ' +
    'copyright protection. In this work, we introduce W-Bench, the first comprehensive benchmark designed to evaluate the ' +
    'robustness of watermarking methods against a wide range of image editing techniques.';
  let store: Store;
  afterEach(async () => await store.close());
  const snippetOf = async (text: string, aiSummary: string | null = null) => {
    store = await kind.open();
    await store.papers.upsertMany([
      makePaper('2410.00001', { title: 'W-Bench', abstract, aiSummary }),
      makePaper('2410.00002', { title: 'Other', abstract: 'Graphs and more graphs.' }),
    ]);
    return (await createSearchService(store).search({ text, limit: 5 })).hits[0]?.snippet ?? [];
  };

  it('marks every form of the query words the index matched, and nothing else', async () => {
    const marked = (await snippetOf('watermarking edit'))
      .filter((part) => part.match)
      .map((part) => part.text);
    expect(marked.length).toBeGreaterThanOrEqual(3);
    for (const word of marked) expect(word.toLowerCase()).toMatch(/^(watermark|edit)/);
  });

  it('is a short excerpt of the text, cut with an ellipsis where it does not start or end', async () => {
    const text = (await snippetOf('robustness')).map((part) => part.text).join('');
    expect(text.startsWith('…')).toBe(true);
    expect(text.length).toBeLessThan(300);
    expect(abstract).toContain(text.replace(/^…|…$/g, ''));
  });

  it('prefers the AI summary when it holds the query words', async () => {
    const summary = 'A benchmark for watermark robustness under editing.';
    expect((await snippetOf('watermark robustness editing', summary)).map((part) => part.text).join('')).toBe(
      summary,
    );
  });
});
