import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCorpus } from '../../bench/synthetic-corpus';
import { PgPaperSearch } from '../../src/engines/postgres/pg-paper-search';
import { openPostgresStoreOn } from '../../src/engines/postgres/pg-store';
import { priorWeight } from '../../src/search/ranking';
import type { PaperFilters, TextQuery } from '../../src/search-query/text-query';
import type { Store } from '../../src/store/store';
import { createPgliteClient, sharedPglite } from '../support/pglite-client';

/**
 * PostgreSQL's common-word lists (lexemes in 150 papers here; the store's threshold is 3000) must choose
 * what ts_rank × prior over every matching paper would: each answer is checked against the same query
 * made to skip the lists (excluding a word no paper has).
 */
describe('the common-word lists on PostgreSQL (PGlite)', () => {
  const corpus = createCorpus({ seed: 3, papers: 600, newestDay: '2026-11-30' });
  const papers = Array.from({ length: 600 }, (_, i) => corpus.paper(i));
  let store: Store;
  let search: PgPaperSearch;
  /** The statements the search sent, for the tests that check which ranking answered. */
  const sent: string[] = [];
  const schema = `pg_common_${process.pid}`;
  beforeAll(async () => {
    const db = await sharedPglite();
    await createPgliteClient(db).query(`CREATE SCHEMA ${schema}`, []);
    const client = createPgliteClient(db, schema);
    store = await openPostgresStoreOn(client);
    await store.papers.upsertMany(papers);
    // As autovacuum would after a load: the column's statistics name the common short lexemes.
    await client.query('ANALYZE papers');
    const recording = {
      ...client,
      query: ((text: string, params?: readonly unknown[]) => {
        sent.push(text);
        return client.query(text, params);
      }) as typeof client.query,
    };
    search = new PgPaperSearch(recording, 150);
    await search.refreshSearch();
  }, 240_000);
  afterAll(async () => await store.close());

  const query = (words: string[], skipLists = false): TextQuery => ({
    clauses: words.map((word) => ({ alternatives: [{ words: [word], adjacent: false }] })),
    required: [],
    excluded: skipLists ? [{ alternatives: [{ words: ['zzzqqqnothing'], adjacent: false }] }] : [],
    priorWeight,
  });
  const ids = async (words: string[], filters: PaperFilters = {}, skipLists = false) =>
    (await search.searchText(query(words, skipLists), filters, 20)).map((hit) => hit.paper.id);

  it('ranks common words, alone, together and filtered, as the full ranking does', async () => {
    const common = [...(await store.papers.wordCounts(['model', 'learning', 'results', 'method', 'data']))]
      .filter(([, count]) => count >= 150)
      .map(([word]) => word);
    expect(common.length).toBeGreaterThanOrEqual(2);
    for (const word of common) {
      expect(await ids([word])).toEqual(await ids([word], {}, true));
      expect(await ids([word], { minUpvotes: 10 })).toEqual(await ids([word], { minUpvotes: 10 }, true));
    }
    const pair = common.slice(0, 2);
    expect(await ids(pair)).toEqual(await ids(pair, {}, true));
    expect(await ids(pair)).toHaveLength(20);
  }, 60_000);

  const ranksInFull = () => sent.some((text) => text.includes('ts_rank') && !text.includes('INSERT'));

  it('answers a common word with a phrase alternative from its list, ranking no paper in full', async () => {
    const [word] = [...(await store.papers.wordCounts(['model', 'learning', 'results', 'method']))]
      .filter(([, count]) => count >= 150)
      .map(([found]) => found);
    if (!word) throw new Error('no common word in the corpus');
    sent.length = 0;
    const withPhrase: TextQuery = {
      ...query([word]),
      clauses: [
        {
          alternatives: [
            { words: [word], adjacent: false },
            { words: ['zzz', word], adjacent: true },
          ],
        },
      ],
    };
    const found = (await search.searchText(withPhrase, {}, 20)).map((hit) => hit.paper.id);
    expect(ranksInFull()).toBe(false);
    // The phrase counts in the service's coverage, not in the window: the word's own order.
    expect(found).toEqual(await ids([word]));
  });

  it('scores a two-word alternative (a long form) only for papers with both words, as the full ranking does', async () => {
    const [first, second] = [
      ...(await store.papers.wordCounts(['model', 'learning', 'results', 'method', 'data'])),
    ]
      .filter(([, count]) => count >= 150)
      .map(([word]) => word);
    if (!first || !second) throw new Error('the corpus lacks two common words');
    const longForm = (skipLists: boolean): TextQuery => ({
      ...query([first], skipLists),
      clauses: [{ alternatives: [{ words: [first, second], adjacent: false }] }],
    });
    const inFull = await search.searchText(longForm(true), {}, 100);
    sent.length = 0;
    const fromLists = await search.searchText(longForm(false), {}, 20);
    expect(ranksInFull()).toBe(false);
    expect(fromLists).toHaveLength(20);
    // ts_rank of `a & b` weighs how near the words are, the lists sum each word's rank: the order may
    // differ, the papers may not (every one has both words: the full ranking found it).
    const found = new Set(inFull.map((hit) => hit.paper.id));
    expect(fromLists.filter((hit) => !found.has(hit.paper.id))).toEqual([]);
    expect(fromLists.every((hit) => hit.matched.includes(0))).toBe(true);
  });

  it('ranks a clause of a common word or a rare one (an acronym and its long form) as the full ranking does', async () => {
    const counts = await store.papers.wordCounts(
      papers.flatMap((paper) => paper.title.toLowerCase().split(/\W+/)),
    );
    const rare = [...counts].find(([word, count]) => count >= 5 && count <= 20 && word.length > 4)?.[0];
    const common = [...counts].find(([, count]) => count >= 300)?.[0];
    if (!rare || !common) throw new Error('corpus lacks a rare or a common title word');
    const either = (skipLists: boolean): TextQuery => ({
      ...query([common], skipLists),
      clauses: [
        {
          alternatives: [
            { words: [common], adjacent: false },
            { words: [rare], adjacent: false },
          ],
        },
      ],
    });
    // ts_rank of `common | rare` divides by its two lexemes; the lists add the words' ranks up.
    const inFull = (await search.searchText(either(true), {}, 20)).map((hit) => hit.paper.id);
    const fromLists = (await search.searchText(either(false), {}, 20)).map((hit) => hit.paper.id);
    expect(fromLists).toEqual(inFull);
  });

  it('ranks by the rare words alone when common ones sit beside them', async () => {
    const counts = await store.papers.wordCounts(
      papers.flatMap((paper) => paper.title.toLowerCase().split(/\W+/)),
    );
    const rare = [...counts].find(([, count]) => count >= 3 && count <= 20)?.[0];
    const common = [...counts].find(([, count]) => count >= 300)?.[0];
    if (!rare || !common) throw new Error('corpus lacks a rare or a common title word');
    const hits = await search.searchText(query([rare, common]), {}, 20);
    // Only papers with the rare word are ranked (the common one only counts in `matched`).
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.every((hit) => hit.matched.includes(0))).toBe(true);
  });
});
