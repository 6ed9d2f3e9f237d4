import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commonPapers } from '../../src/engines/sqlite/sqlite-search-common';
import { type CrashDatabase, createCrashDatabase } from '../crash/crash-database';
import { FakeHfServer } from '../fakes/hf/fake-hf-server';
import { type DailyItem, oct25Batch, variant } from '../support/fixtures';
import { runCli } from '../support/run-cli';

/**
 * A store past the common-word lists' threshold, as a user reaches it: `paperboy fetch` stores a day of
 * 2 × commonPapers papers over two days (its refresh builds the lists and mines the acronyms), then `paperboy search`
 * answers from the lists. "language model" is one clause there, either both words or the LM three papers
 * define: a paper with only one of the words must not be served for it, however popular. On SQLite, and
 * on a fresh database of the PostgreSQL server when TEST_DATABASE_URL names one (its lists start at 1,000).
 */
const stores = ['sqlite', ...(process.env.TEST_DATABASE_URL ? ['postgres'] : [])];

describe.each(stores)('paperboy search on a store with common-word lists (%s)', (store) => {
  let hf: FakeHfServer;
  let database: CrashDatabase | null = null;
  const cwd = mkdtempSync(join(tmpdir(), 'paperboy-lists-'));
  const env = () => ({ HF_BASE_URL: hf.url, DATABASE_URL: database?.url ?? join(cwd, 'paperboy.db') });
  const defining = ['2410.95001', '2410.95002', '2410.95003'];

  beforeAll(async () => {
    hf = await new FakeHfServer().start();
    if (store === 'postgres') database = await createCrashDatabase(process.env.TEST_DATABASE_URL);
    const [item] = oct25Batch() as [DailyItem];
    const paper = (id: string, title: string, summary: string, upvotes: number) =>
      variant(item, { id, title, summary, upvotes });
    // A day is read in at most 50 pages of 100 (hf-source.ts): one word's papers on each of two days.
    hf.setDay('2024-10-22', [
      ...defining.map((id, i) =>
        paper(id, `Pruning attempt ${i}`, `We prune a language model (LM) in attempt ${i}.`, 1),
      ),
      ...Array.from({ length: commonPapers }, (_, i) =>
        paper(`2410.${String(10000 + i)}`, `Language study ${i}`, `A study of language number ${i}.`, 500),
      ),
    ]);
    hf.setDay(
      '2024-10-23',
      Array.from({ length: commonPapers }, (_, i) =>
        paper(`2410.${String(40000 + i)}`, `Model study ${i}`, `A study of model number ${i}.`, 500),
      ),
    );
    const fetched = await runCli(['fetch', '--from', '2024-10-22', '--to', '2024-10-23'], {
      env: env(),
      cwd,
    });
    expect(fetched.code).toBe(0);
  }, 120_000);
  afterAll(async () => {
    await hf.stop();
    await database?.drop();
  });

  it('serves only papers with both words, or the acronym, for a long form of common words', async () => {
    const run = await runCli(['search', 'language model', '--json'], { env: env(), cwd });
    expect(run.code).toBe(0);
    const rows = JSON.parse(run.stdout) as Array<{ id: string; coverage: number }>;
    expect(rows.map((row) => row.id).sort()).toEqual(defining);
    expect(rows.every((row) => row.coverage > 0)).toBe(true);
  }, 60_000);
});
