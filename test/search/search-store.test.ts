import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { migrations } from '../../src/engines/sqlite/migrations';
import { openSqliteStore } from '../../src/engines/sqlite/sqlite-store';
import { createSearchService } from '../../src/search/search-service';
import type { Store } from '../../src/store/store';
import { makePaper } from '../support/papers';
import { testStores } from '../support/test-stores';
import { fixturePapers } from './support/fixture-corpus';

describe('the search index in SQLite', () => {
  const opened: Store[] = [];
  const open = (path = ':memory:') => {
    const store = openSqliteStore(path);
    opened.push(store);
    return store;
  };
  afterEach(async () => {
    for (const store of opened.splice(0)) await store.close();
  });
  const ids = async (store: Store, text: string, filters = {}) =>
    (await createSearchService(store).search({ text, filters, limit: 50 })).hits.map((hit) => hit.paper.id);

  it('indexes papers stored before search v2 when the migration runs, vocabulary included', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'paperboy-search-')), 'old.db');
    const old = new Database(file);
    old.exec(migrations[0] ?? '');
    old.exec(migrations[1] ?? '');
    old.pragma('user_version = 2');
    const insert = old.prepare(
      `INSERT INTO papers (id, title, abstract, authors, organization, upvotes, ai_summary, ai_keywords, published_at,
         batch_day, first_seen_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'x', 'x')`,
    );
    for (const paper of fixturePapers()) {
      const org = paper.organization ? JSON.stringify(paper.organization) : null;
      const keywords = JSON.stringify(paper.aiKeywords);
      insert.run(
        paper.id,
        paper.title,
        paper.abstract,
        JSON.stringify(paper.authors),
        org,
        paper.upvotes,
        paper.aiSummary,
        keywords,
        paper.publishedAt,
        paper.batchDay,
      );
    }
    old.close();

    const migrated = open(file);
    const fresh = open();
    await fresh.papers.upsertMany(fixturePapers());
    for (const query of ['contrastive loss', 'hallucinatons', 'org:x', 'kazakh speech', 'watermar']) {
      expect(await ids(migrated, query)).toEqual(await ids(fresh, query));
    }
    const words = ['watermarking', 'hallucinations', 'kazakh', 'minervini', 'mhuglab', 'classifiers'];
    expect(await migrated.papers.wordCounts(words)).toEqual(await fresh.papers.wordCounts(words));
    expect(await migrated.papers.wordsNear('hallucinatons')).toEqual(
      await fresh.papers.wordsNear('hallucinatons'),
    );
  });
});

describe.each(testStores)('the search index ($name)', (kind) => {
  const opened: Store[] = [];
  const open = async () => {
    const store = await kind.open();
    opened.push(store);
    return store;
  };
  afterEach(async () => {
    for (const store of opened.splice(0)) await store.close();
  });
  const ids = async (store: Store, text: string, filters = {}) =>
    (await createSearchService(store).search({ text, filters, limit: 50 })).hits.map((hit) => hit.paper.id);

  it('keeps the index and the vocabulary in step when a paper changes', async () => {
    const store = await open();
    await store.papers.upsertMany([
      makePaper('2410.00001', { title: 'Quantum annealing for sparse retrieval', upvotes: 3 }),
    ]);
    expect(await ids(store, 'annealing')).toEqual(['2410.00001']);
    expect((await store.papers.wordCounts(['annealing'])).get('annealing')).toBe(1);

    await store.papers.upsertMany([
      makePaper('2410.00001', { title: 'Photonic chips for sparse retrieval', upvotes: 60 }),
    ]);
    expect(await ids(store, 'annealing')).toEqual([]);
    expect(await ids(store, 'photonic')).toEqual(['2410.00001']);
    expect(await store.papers.wordCounts(['annealing', 'photonic'])).toEqual(new Map([['photonic', 1]]));
    expect(await ids(store, 'retrieval', { minUpvotes: 50 })).toEqual(['2410.00001']);
    expect(await store.papers.count()).toBe(1);
  });

  it('applies since exactly at day, month and year boundaries', async () => {
    const store = await open();
    const days = [
      '2023-12-31',
      '2024-01-01',
      '2024-02-28',
      '2024-02-29',
      '2024-03-01',
      '2025-06-15',
      '2026-11-30',
    ];
    await store.papers.upsertMany(
      days.map((day, index) => makePaper(`2410.0000${index}`, { title: 'Diffusion paper', batchDay: day })),
    );
    const dayOf = new Map(days.map((day, index) => [`2410.0000${index}`, day]));
    for (const since of [
      '2023-06-01',
      '2024-01-01',
      '2024-02-29',
      '2024-03-01',
      '2024-12-31',
      '2026-11-30',
      '2027-01-01',
    ]) {
      const found = (await ids(store, 'diffusion', { sinceDay: since })).map((id) => dayOf.get(id)).sort();
      expect(found, `since ${since}`).toEqual(days.filter((day) => day >= since));
      expect(
        (await store.papers.listFiltered({ sinceDay: since }, 50, 0)).length,
        `since ${since} without words`,
      ).toBe(found.length);
    }
  });

  it('applies upvote thresholds exactly, between the indexed buckets too', async () => {
    const store = await open();
    const upvotes = [0, 1, 19, 20, 21, 49, 50, 51, 999, 1000, 5000];
    await store.papers.upsertMany(
      upvotes.map((count, index) =>
        makePaper(`2410.100${String(index).padStart(2, '0')}`, { title: 'Reasoning paper', upvotes: count }),
      ),
    );
    for (const min of [1, 2, 20, 21, 50, 51, 1000, 1001]) {
      const found = (
        await createSearchService(store).search({
          text: 'reasoning',
          filters: { minUpvotes: min },
          limit: 50,
        })
      ).hits.map((hit) => hit.paper.upvotes);
      expect(
        found.sort((a, b) => a - b),
        `at least ${min}`,
      ).toEqual(upvotes.filter((count) => count >= min));
    }
  });

  it('matches authors and organizations by name, in their own fields only', async () => {
    const store = await open();
    await store.papers.upsertMany([
      makePaper('2410.20001', { title: 'Attention sinks', authors: ['Pasquale Minervini', 'Ada Lovelace'] }),
      makePaper('2410.20002', {
        title: 'Minervini attention',
        authors: ['Alan Turing'],
        organization: { name: 'nvidia', fullname: 'NVIDIA', avatarUrl: null },
      }),
    ]);
    expect(await ids(store, '', { authors: ['Minervini'] })).toEqual(['2410.20001']);
    expect(await ids(store, 'attention', { authors: ['pasquale minervini'] })).toEqual(['2410.20001']);
    // Surname first, as a list of authors or a citation writes it ("Minervini, Pasquale").
    expect(await ids(store, 'attention', { authors: ['Minervini Pasquale'] })).toEqual(['2410.20001']);
    expect(await ids(store, 'attention', { organization: 'NVIDIA' })).toEqual(['2410.20002']);
    expect(await ids(store, '', { organization: 'nvidia', authors: ['Turing'] })).toEqual(['2410.20002']);
  });

  it('restricts to a given set of papers, and an empty set matches nothing', async () => {
    const store = await open();
    await store.papers.upsertMany(fixturePapers());
    expect(await ids(store, 'hallucinations', { paperIds: ['2410.18860', '2410.17243'] })).toEqual([
      '2410.18860',
    ]);
    expect((await ids(store, '', { paperIds: ['2410.18860', '2410.17243'] })).sort()).toEqual([
      '2410.17243',
      '2410.18860',
    ]);
    expect(await ids(store, 'hallucinations', { paperIds: [] })).toEqual([]);
  });
});
