import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCorpus } from '../../bench/synthetic-corpus';
import { openSqliteStore } from '../../src/engines/sqlite/sqlite-store';
import { SqliteTextSearch } from '../../src/engines/sqlite/sqlite-text-search';
import { priorWeight } from '../../src/search/ranking';
import type { PaperFilters, TextQuery } from '../../src/search-query/text-query';

/**
 * The common-stem lists must choose the same window as bm25 × prior over every paper would: here stems in
 * 100 papers get lists (the store's own threshold is far higher), and each answer is checked against the
 * same search on a copy of the store with no lists.
 */
describe('the common-stem lists', () => {
  const corpus = createCorpus({ seed: 3, papers: 1500, newestDay: '2026-11-30' });
  const papers = Array.from({ length: 1500 }, (_, i) => corpus.paper(i));
  const open = (name: string) => {
    const file = join(mkdtempSync(join(tmpdir(), 'paperboy-common-')), `${name}.db`);
    const store = openSqliteStore(file);
    return { store, db: new Database(file) };
  };
  const listed = open('listed');
  const plain = open('plain');
  beforeAll(async () => {
    await listed.store.papers.upsertMany(papers);
    await plain.store.papers.upsertMany(papers);
    // As the sync job does after a fetch: a search itself never writes.
    withLists.refresh();
    withoutLists.refresh();
  });
  const withLists = new SqliteTextSearch(listed.db, 100);
  const withoutLists = new SqliteTextSearch(plain.db, 10_000_000);
  const query = (...words: string[]): TextQuery => ({
    clauses: words.map((word) => ({ alternatives: [{ words: [word], adjacent: false }] })),
    required: [],
    excluded: [],
    priorWeight,
  });
  const ids = (search: SqliteTextSearch, text: TextQuery, filters: PaperFilters = {}) =>
    search.search(text, filters, 20).map((hit) => hit.paper.id);
  const listSize = (db: Database.Database) =>
    db.prepare('SELECT count(*) FROM paper_search_common').pluck().get() as number;

  it('ranks common words, alone and filtered, as the full scan does', () => {
    const common = listed.db
      .prepare(
        `SELECT words.word FROM search_words AS words WHERE papers >= 300 AND length(word) > 5
         ORDER BY papers DESC, word LIMIT 3`,
      )
      .pluck()
      .all() as string[];
    expect(common).toHaveLength(3);
    for (const word of common) {
      expect(ids(withLists, query(word))).toEqual(ids(withoutLists, query(word)));
      expect(ids(withLists, query(word), { minUpvotes: 10 })).toEqual(
        ids(withoutLists, query(word), { minUpvotes: 10 }),
      );
    }
    expect(listSize(listed.db)).toBeGreaterThan(0);
    expect(listSize(plain.db)).toBe(0);
    const [first, second] = common as [string, string];
    expect(ids(withLists, query(first, second))).toHaveLength(20);
  });

  it('follows upvote changes at once, and rebuilds a list once its stem has many more papers', async () => {
    const word = listed.db
      .prepare(
        'SELECT word FROM search_words WHERE length(word) > 5 ORDER BY abs(papers - 250), word LIMIT 1',
      )
      .pluck()
      .get() as string;
    const last = ids(withLists, query(word)).at(-1) as string;
    for (const store of [listed.store, plain.store]) {
      const paper = await store.papers.get(last);
      if (!paper) throw new Error(`no paper ${last}`);
      await store.papers.upsertMany([{ ...paper, upvotes: 5000 }]);
    }
    expect(ids(withLists, query(word))).toEqual(ids(withoutLists, query(word)));
    expect(ids(withLists, query(word)).indexOf(last)).toBeLessThan(19);
    const more = Array.from({ length: 400 }, (_, i) => ({
      ...(papers[i % papers.length] as (typeof papers)[number]),
      id: `2612.${String(i).padStart(5, '0')}`,
      title: `${word} ${papers[i]?.title ?? ''}`,
      upvotes: 300,
      batchDay: '2026-11-30',
    }));
    await listed.store.papers.upsertMany(more);
    await plain.store.papers.upsertMany(more);
    withLists.refresh();
    withoutLists.refresh();
    const now = ids(withLists, query(word));
    expect(now).toEqual(ids(withoutLists, query(word)));
    expect(now.filter((id) => id.startsWith('2612.')).length).toBeGreaterThan(0);
  });
});

/**
 * With filters, the lists are read to their end and the filters checked on each listed paper (names in
 * the index): a corpus drawn as the benchmark draws it (varied organizations, authors and days), and each
 * answer checked against the full scan and for not having scored any paper with bm25.
 */
describe('the common-stem lists under filters', () => {
  const corpus = createCorpus({ seed: 3, papers: 1500, newestDay: '2026-11-30' });
  const papers = Array.from({ length: 1500 }, (_, i) => corpus.paper(i));
  /** The statements run on the listed store's connection, to see which way a search went. */
  const statements: string[] = [];
  const open = (name: string) => {
    const file = join(mkdtempSync(join(tmpdir(), 'paperboy-common-')), `${name}.db`);
    const store = openSqliteStore(file);
    const verbose = name === 'listed' ? (sql: unknown) => statements.push(String(sql)) : undefined;
    return { store, db: new Database(file, verbose ? { verbose } : {}) };
  };
  const listed = open('listed');
  const plain = open('plain');
  beforeAll(async () => {
    await listed.store.papers.upsertMany(papers);
    await plain.store.papers.upsertMany(papers);
    // As the sync job does after a fetch: a search itself never writes.
    withLists.refresh();
    withoutLists.refresh();
  });
  const withLists = new SqliteTextSearch(listed.db, 100);
  const withoutLists = new SqliteTextSearch(plain.db, 10_000_000);
  const query = (word: string): TextQuery => ({
    clauses: [{ alternatives: [{ words: [word], adjacent: false }] }],
    required: [],
    excluded: [],
    priorWeight,
  });
  const ids = (search: SqliteTextSearch, text: TextQuery, filters: PaperFilters = {}, limit = 20) =>
    search.search(text, filters, limit).map((hit) => hit.paper.id);
  /** Whether the search read the lists and scored no paper with bm25. */
  const fromListsAlone = (search: () => unknown) => {
    statements.length = 0;
    search();
    return (
      statements.some((sql) => sql.includes('paper_search_common AS list')) &&
      // (Rebuilding a list, after papers were written, scores its stem's papers: that is not the search.)
      !statements.some((sql) => sql.includes('bm25(paper_search') && !sql.includes('INSERT INTO'))
    );
  };

  it('ranks a common word filtered by organization, author or day from its list, as the full scan does', () => {
    const word = listed.db
      .prepare('SELECT word FROM search_words WHERE length(word) > 5 ORDER BY papers DESC, word LIMIT 1')
      .pluck()
      .get() as string;
    // The surname most papers share, so the filter passes a few percent of them.
    const surnames = papers.flatMap((paper) => paper.authors.map((name) => name.split(' ').at(-1) ?? ''));
    const count = (name: string) => surnames.filter((surname) => surname === name).length;
    const author = [...new Set(surnames)].sort((a, b) => count(b) - count(a))[0] ?? '';
    const cases = [
      { organization: 'nvidia' },
      { authors: [author] },
      { sinceDay: '2026-06-01' },
      { sinceDay: '2025-01-01', minUpvotes: 5 },
    ].map((filter: PaperFilters) => [filter, ids(withoutLists, query(word), filter, 5)] as const);
    for (const [filter, expected] of cases) {
      expect({ filter, found: expected.length }).toEqual({ filter, found: 5 });
      const got = fromListsAlone(() =>
        expect({ filter, ids: ids(withLists, query(word), filter, 5) }).toEqual({ filter, ids: expected }),
      );
      expect({ filter, fromListsAlone: got }).toEqual({ filter, fromListsAlone: true });
    }
  });

  /** Two long words in 150–600 papers: listed (the threshold here is 100), each list holding all of them. */
  const twoMidWords = () =>
    listed.db
      .prepare(
        `SELECT word FROM search_words WHERE length(word) > 5 AND papers BETWEEN 150 AND 600
         ORDER BY papers DESC, word LIMIT 2`,
      )
      .pluck()
      .all() as [string, string];

  it('ranks a dense clause the service left unscored from its list, as if it were scored', () => {
    const [first, second] = twoMidWords();
    const both: TextQuery = { ...query(first), clauses: [...query(first).clauses, ...query(second).clauses] };
    const unscored: TextQuery = { ...query(first), unscored: query(second).clauses };
    // Lists this short hold every paper of the stem, so summing them is the full scan's bm25.
    const expected = ids(withoutLists, both);
    expect(expected).toHaveLength(20);
    expect(fromListsAlone(() => expect(ids(withLists, unscored)).toEqual(expected))).toBe(true);
    expect(ids(withoutLists, unscored)).not.toEqual(expected);
  });

  it('scores a two-word alternative (a long form) only for papers with both words, as the full scan does', () => {
    const [first, second] = twoMidWords();
    const longForm: TextQuery = {
      ...query(first),
      clauses: [{ alternatives: [{ words: [first, second], adjacent: false }] }],
    };
    const expected = ids(withoutLists, longForm);
    expect(expected.length).toBeGreaterThan(0);
    expect(fromListsAlone(() => expect(ids(withLists, longForm)).toEqual(expected))).toBe(true);
    expect(withLists.search(longForm, {}, 20).every((hit) => hit.matched.includes(0))).toBe(true);
  });

  it('reads a two-letter word (which FTS5 does not stem) from its list', () => {
    listed.db.exec('CREATE VIRTUAL TABLE IF NOT EXISTS temp.terms USING fts5vocab(main, paper_search, row)');
    const short = listed.db
      .prepare(
        `SELECT term FROM temp.terms WHERE length(term) = 2 AND doc >= 100 AND term GLOB '[a-z][a-z]'
         AND term NOT IN ('in', 'on', 'of', 'to', 'is', 'we', 'as', 'by', 'an', 'at', 'be', 'or', 'it', 'up')
         ORDER BY doc DESC LIMIT 1`,
      )
      .pluck()
      .get() as string | undefined;
    if (short === undefined) throw new Error('the corpus has no common two-letter word');
    const expected = ids(withoutLists, query(short));
    expect(expected).toHaveLength(20);
    expect(fromListsAlone(() => expect(ids(withLists, query(short))).toEqual(expected))).toBe(true);
  });
});
