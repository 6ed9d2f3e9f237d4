/**
 * Upgrading a database made before arXiv: SQLite rebuilds subscriptions and digest runs to widen their
 * source CHECK (PostgreSQL changes it in place), and no row, id or reference is lost on either.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import { migratePostgres, pgMigrations } from '../../src/engines/postgres/pg-migrations';
import { openPostgresStoreOn } from '../../src/engines/postgres/pg-store';
import { migrations } from '../../src/engines/sqlite/migrations';
import { openSqliteStore } from '../../src/engines/sqlite/sqlite-store';
import { defaultDigestSettings } from '../../src/records/subscription';
import type { Store } from '../../src/store/store';
import { makePaper } from '../support/papers';
import { createPgliteClient, sharedPglite } from '../support/pglite-client';

const now = '2024-10-25T09:00:00.000Z';
const lab = { platform: 'discord' as const, workspaceId: 'g1', channelId: 'c1' };
const trending = { platform: 'slack' as const, workspaceId: 'T1', channelId: 'C2' };
const robots = { platform: 'discord' as const, workspaceId: 'g1', channelId: 'c3' };

/** The rows an installation before arXiv had: two subscriptions, a run each, a delivery. */
const before = [
  `INSERT INTO subscriptions (id, platform, workspace_id, channel_id, settings, source, active, paused_reason, created_at, updated_at)
   VALUES (7, 'discord', 'g1', 'c1', '{"time":"08:30","topN":5}', 'daily', 1, NULL, '${now}', '${now}'),
          (9, 'slack', 'T1', 'C2', '{}', 'trending', 1, 'gone', '${now}', '${now}')`,
  `INSERT INTO digest_runs (id, subscription_id, local_date, batch_day, source, header_state, completed_at, created_at)
   VALUES (3, 7, '2024-10-25', '2024-10-25', 'daily', 'sent', '${now}', '${now}'),
          (4, 9, '2024-10-25', '2024-10-25', 'trending', 'pending', NULL, '${now}')`,
  `INSERT INTO deliveries (id, subscription_id, paper_id, run_id, state, rank, message_id, updated_at)
   VALUES (11, 7, '2410.00001', 3, 'sent', 1, 'msg-1', '${now}')`,
];

async function expectKept(store: Store) {
  expect(await store.subscriptions.get(lab)).toMatchObject({
    id: 7,
    source: 'daily',
    time: '08:30',
    topN: 5,
    categories: [],
  });
  expect(await store.subscriptions.get(trending)).toMatchObject({
    id: 9,
    source: 'trending',
    pausedReason: 'gone',
  });
  expect(await store.deliveries.getRun(3)).toMatchObject({ subscriptionId: 7, source: 'daily' });
  expect(await store.deliveries.getRun(4)).toMatchObject({ subscriptionId: 9, source: 'trending' });
  expect(await store.deliveries.get(7, '2410.00001')).toMatchObject({
    runId: 3,
    state: 'sent',
    messageId: 'msg-1',
  });
  expect(await store.deliveries.loggedPaperIds(7, ['2410.00001'])).toEqual(new Set(['2410.00001']));
  // What the new schema allows: an arXiv subscription and run, and a listing of the old paper.
  const arxiv = await store.subscriptions.upsert(
    robots,
    { ...defaultDigestSettings, source: 'arxiv', categories: ['cs.RO'] },
    now,
  );
  expect([7, 9]).not.toContain(arxiv.id);
  expect(
    (await store.deliveries.createRun(arxiv.id, '2024-10-28', '2024-10-28', [], now, 'arxiv')).source,
  ).toBe('arxiv');
  // (Stored through the store: SQLite's search index is kept by the repository, not by triggers.)
  const old = makePaper('2410.00001');
  await store.papers.upsertMany([old]);
  await store.arxiv.saveDay(
    'cs.RO',
    '2024-10-28',
    [{ paper: old, kind: 'replacement', primaryCategory: 'cs.RO', categories: ['cs.RO'] }],
    now,
  );
  expect((await store.papers.get('2410.00001'))?.batchDay).toBe('2024-10-25');
}

describe('upgrading a database made before arXiv', () => {
  beforeAll(() => sharedPglite(), 90_000);

  it('SQLite: rebuilds subscriptions and runs with every row, id and reference, and then accepts arxiv', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'paperboy-arxiv-upgrade-')), 'old.db');
    const db = new Database(file);
    db.exec(migrations.slice(0, 18).join(';'));
    db.pragma('user_version = 18');
    for (const statement of before) db.exec(statement);
    expect(() =>
      db.exec(
        `INSERT INTO subscriptions (platform, workspace_id, channel_id, settings, source, created_at, updated_at)
         VALUES ('discord', 'g1', 'c9', '{}', 'arxiv', '${now}', '${now}')`,
      ),
    ).toThrow(/CHECK/);
    db.close();
    const store = openSqliteStore(file);
    try {
      await expectKept(store);
    } finally {
      await store.close();
    }
    // Foreign keys are on again and still refer to the rebuilt tables.
    const check = new Database(file);
    expect(check.pragma('foreign_key_check')).toEqual([]);
    check.pragma('foreign_keys = ON');
    expect(() =>
      check.exec(
        `INSERT INTO digest_runs (subscription_id, local_date, batch_day, created_at) VALUES (999, 'x', 'x', '${now}')`,
      ),
    ).toThrow(/FOREIGN KEY/);
    check.close();
  });

  it('PostgreSQL: widens the CHECKs in place, keeping every row', async () => {
    const pglite = await sharedPglite();
    const schema = `pb_upgrade_${randomUUID().replaceAll('-', '')}`;
    await createPgliteClient(pglite).query(`CREATE SCHEMA ${schema}`, []);
    const client = createPgliteClient(pglite, schema);
    await migratePostgres(client, pgMigrations.slice(0, 7));
    for (const statement of before) await client.query(statement, []);
    const store = await openPostgresStoreOn(client);
    try {
      await expectKept(store);
    } finally {
      await store.close();
      await createPgliteClient(pglite).query(`DROP SCHEMA ${schema} CASCADE`, []);
    }
  });
});
