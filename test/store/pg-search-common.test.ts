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
  const schema = `pg_common_${process.pid}`;
  beforeAll(async () => {
    const db = await sharedPglite();
    await createPgliteClient(db).query(`CREATE SCHEMA ${schema}`, []);
    const client = createPgliteClient(db, schema);
    store = await openPostgresStoreOn(client);
    await store.papers.upsertMany(papers);
    search = new PgPaperSearch(client, 150);
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
});
