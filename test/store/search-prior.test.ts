import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import { priorExpression as pgPriorExpression } from '../../src/engines/postgres/pg-paper-search';
import { openPostgresStoreOn } from '../../src/engines/postgres/pg-store';
import { priorExpression } from '../../src/engines/sqlite/sqlite-search-match';
import { openSqliteStore } from '../../src/engines/sqlite/sqlite-store';
import { popularityPrior } from '../../src/search/ranking';
import { makePaper } from '../support/papers';
import { createPgliteClient, sharedPglite } from '../support/pglite-client';

/** Papers of every kind the prior weighs: no upvotes, a few, almost saturated, past saturation; old and new. */
const papers = [
  makePaper('2401.00001', { upvotes: 0, batchDay: '2026-11-30' }),
  makePaper('2401.00002', { upvotes: 7, batchDay: '2026-06-01' }),
  makePaper('2401.00003', { upvotes: 299, batchDay: null, publishedAt: '2025-01-15T08:00:00.000Z' }),
  makePaper('2401.00004', { upvotes: 5000, batchDay: '2024-02-29' }),
];

/**
 * The ranked window is chosen in SQL by bm25 × the popularity prior, the final order in TypeScript: both
 * must compute the same prior, from a table the triggers keep in step with the papers.
 */
describe('the popularity prior in SQL', async () => {
  const file = join(mkdtempSync(join(tmpdir(), 'paperboy-prior-')), 'prior.db');
  const store = openSqliteStore(file);
  await store.papers.upsertMany(papers);
  const db = new Database(file, { readonly: true });
  const priors = () =>
    db
      .prepare(
        `SELECT papers.id AS id, ${priorExpression} AS prior FROM papers
         JOIN paper_search_prior AS prior ON prior.rowid = papers.rowid ORDER BY papers.id`,
      )
      .all({ newestDay: db.prepare("SELECT julianday('2026-11-30')").pluck().get() }) as Array<{
      id: string;
      prior: number;
    }>;

  it('agrees with popularityPrior for every paper, and follows upvote changes', async () => {
    for (const row of priors()) {
      const paper = await store.papers.get(row.id);
      if (!paper) throw new Error(`no paper ${row.id}`);
      expect(row.prior).toBeCloseTo(popularityPrior(paper, '2026-11-30'), 9);
    }
    await store.papers.upsertMany([{ ...(papers[1] as (typeof papers)[number]), upvotes: 120 }]);
    const changed = priors().find((row) => row.id === '2401.00002');
    expect(changed?.prior).toBeCloseTo(
      popularityPrior({ ...(papers[1] as (typeof papers)[number]), upvotes: 120 }, '2026-11-30'),
      9,
    );
    expect(priors()).toHaveLength(4);
  });
});

/**
 * PostgreSQL's copy of the prior (pg-paper-search.ts), over `papers` itself: pinned to the same TypeScript,
 * so the three copies (TypeScript, SQLite's SQL, PostgreSQL's SQL) are one definition and two checked ones.
 */
describe('the popularity prior in PostgreSQL SQL', () => {
  beforeAll(() => sharedPglite(), 90_000);

  it('agrees with popularityPrior for every paper, and follows upvote changes', async () => {
    const db = await sharedPglite();
    const schema = `pb_prior_${Date.now()}`;
    await createPgliteClient(db).query(`CREATE SCHEMA ${schema}`, []);
    const client = createPgliteClient(db, schema);
    const store = await openPostgresStoreOn(client);
    try {
      await store.papers.upsertMany(papers);
      const priors = async () =>
        (
          await client.query<{ id: string; prior: number }>(
            `SELECT id, ${pgPriorExpression("'2026-11-30'::date")} AS prior FROM papers ORDER BY id`,
            [],
          )
        ).rows;
      const rows = await priors();
      expect(rows).toHaveLength(4);
      for (const row of rows) {
        const paper = await store.papers.get(row.id);
        if (!paper) throw new Error(`no paper ${row.id}`);
        expect(Number(row.prior)).toBeCloseTo(popularityPrior(paper, '2026-11-30'), 9);
      }
      const liked = { ...(papers[1] as (typeof papers)[number]), upvotes: 120 };
      await store.papers.upsertMany([liked]);
      const changed = (await priors()).find((row) => row.id === '2401.00002');
      expect(Number(changed?.prior)).toBeCloseTo(popularityPrior(liked, '2026-11-30'), 9);
    } finally {
      await store.close();
      await createPgliteClient(db).query(`DROP SCHEMA ${schema} CASCADE`, []);
    }
  });
});
