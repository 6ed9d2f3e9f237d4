import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { migrations } from '../../src/engines/sqlite/migrations';
import { openSqliteStore } from '../../src/engines/sqlite/sqlite-store';
import { PaperboyError } from '../../src/errors';
import type { Paper } from '../../src/records/paper';
import { defaultDigestSettings } from '../../src/records/subscription';
import type { Store } from '../../src/store/store';
import { makePaper } from '../support/papers';

const paper = (id: string, changes: Partial<Paper> = {}) =>
  makePaper(id, { abstract: 'An abstract about diffusion models.', ...changes });

const channel = { platform: 'discord' as const, workspaceId: 'g1', channelId: 'c1' };

describe('SQLite store', () => {
  const folder = mkdtempSync(join(tmpdir(), 'paperboy-store-'));
  const opened: Store[] = [];
  const open = (file: string) => {
    const store = openSqliteStore(join(folder, file));
    opened.push(store);
    return store;
  };
  afterEach(async () => {
    for (const store of opened.splice(0)) {
      try {
        await store.close();
      } catch {
        // already closed by the test
      }
    }
  });

  it('creates a fresh file with every migration applied, in WAL mode', async () => {
    await open('fresh.db').close();
    const db = new Database(join(folder, 'fresh.db'), { readonly: true });
    expect(db.pragma('user_version', { simple: true })).toBe(migrations.length);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    db.close();
  });

  it('reopens an existing file without losing data or re-running migrations', async () => {
    const first = open('existing.db');
    await first.papers.upsertMany([paper('2410.00001')]);
    await first.subscriptions.upsert(channel, defaultDigestSettings, '2024-10-25T00:00:00Z');
    await first.close();
    const second = open('existing.db');
    expect((await second.papers.get('2410.00001'))?.title).toBe('Paper 2410.00001');
    expect((await second.subscriptions.get(channel))?.time).toBe('09:00');
  });

  it('migrates a file left at an older schema version', async () => {
    const file = join(folder, 'old.db');
    const db = new Database(file);
    db.exec(migrations[0] ?? '');
    db.pragma('user_version = 1');
    db.close();
    const store = open('old.db');
    expect(await store.papers.count()).toBe(0);
    const check = new Database(file, { readonly: true });
    expect(check.pragma('user_version', { simple: true })).toBe(migrations.length);
    check.close();
  });

  it('upgrades a console database so its message numbers go on above every stored console id', async () => {
    const file = join(folder, 'console-ids.db');
    const db = new Database(file);
    // The schema before message numbers, with what earlier runs stored under m-ids of their own count.
    db.exec(migrations.slice(0, 15).join(';'));
    db.pragma('user_version = 15');
    const now = '2024-10-25T09:00:00Z';
    db.prepare(
      `INSERT INTO subscriptions (id, platform, workspace_id, channel_id, settings, created_at, updated_at)
       VALUES (1, 'console', 'local', 'terminal', '{}', ?, ?)`,
    ).run(now, now);
    db.prepare(
      `INSERT INTO digest_runs (id, subscription_id, local_date, batch_day, header_message_id, created_at)
       VALUES (1, 1, '2024-10-25', '2024-10-25', 'm7', ?)`,
    ).run(now);
    db.prepare(
      `INSERT INTO deliveries (subscription_id, paper_id, run_id, state, message_id, updated_at)
       VALUES (1, '2410.00001', 1, 'sent', 'm9', ?)`,
    ).run(now);
    const item = `INSERT INTO queue_items (platform, workspace_id, channel_id, paper_id, message_id, thread_id,
      state, first_flagged_at) VALUES (?, ?, ?, ?, ?, ?, 'queued', ?)`;
    db.prepare(item).run('console', 'local', 'terminal', '2410.00002', 'm12', 'm12', now);
    db.prepare(item).run('discord', 'g1', 'c1', '2410.00002', 'm99', null, now);
    db.close();
    const store = open('console-ids.db');
    const terminal = { platform: 'console' as const, workspaceId: 'local', channelId: 'terminal' };
    expect(await store.deliveries.nextMessageNumber(terminal)).toBe(13);
    expect(await store.deliveries.nextMessageNumber(channel)).toBe(1);
  });

  it('refuses a corrupt file with a clear error and leaves it untouched', () => {
    const file = join(folder, 'corrupt.db');
    const garbage = `SQLite format 3\u0000${'x'.repeat(5000)}`;
    writeFileSync(file, garbage);
    const error = (() => {
      try {
        openSqliteStore(file);
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(PaperboyError);
    expect((error as PaperboyError).code).toBe('store_unavailable');
    expect((error as Error).message).toContain(file);
    expect((error as Error).message).toContain('DATABASE_URL');
    expect(readFileSync(file, 'utf8')).toBe(garbage);
  });

  it('says what to change when the database cannot be created at all', () => {
    const blocker = join(folder, 'not-a-folder');
    writeFileSync(blocker, 'a file where a folder should be');
    expect(() => openSqliteStore(join(blocker, 'paperboy.db'))).toThrow(
      /Cannot open the database at .*not-a-folder\/paperboy\.db .*Check DATABASE_URL/,
    );
  });

  it('refuses a file from a newer paperboy', () => {
    const file = join(folder, 'future.db');
    const db = new Database(file);
    db.pragma(`user_version = ${migrations.length + 5}`);
    db.close();
    expect(() => openSqliteStore(file)).toThrow(/newer than this paperboy/);
  });

  it('refreshes upvotes, comments and stars of a paper seen again, without duplicating it', async () => {
    const store = open('upsert.db');
    expect(await store.papers.upsertMany([paper('2410.00002', { upvotes: 3, githubStars: 1 })])).toEqual({
      inserted: 1,
      updated: 0,
    });
    expect(
      await store.papers.upsertMany([paper('2410.00002', { upvotes: 40, numComments: 5, githubStars: 90 })]),
    ).toEqual({
      inserted: 0,
      updated: 1,
    });
    expect(await store.papers.count()).toBe(1);
    expect(await store.papers.get('2410.00002')).toMatchObject({
      upvotes: 40,
      numComments: 5,
      githubStars: 90,
    });
    expect(
      await store.papers.searchText(
        {
          clauses: [{ alternatives: [{ words: ['diffusion'], adjacent: false }] }],
          required: [],
          excluded: [],
        },
        {},
        10,
      ),
    ).toHaveLength(1);
  });

  it('keeps an unknown comment count unknown, and never lets unknown overwrite a known count', async () => {
    const store = open('comments.db');
    await store.papers.upsertMany([
      paper('2410.00004', { numComments: null, mediaUrls: [], submittedBy: null }),
    ]);
    expect((await store.papers.get('2410.00004'))?.numComments).toBeNull();
    await store.papers.upsertMany([
      paper('2410.00004', { numComments: 7, mediaUrls: ['https://cdn.example/fig.png'], submittedBy: 'Ada' }),
    ]);
    await store.papers.upsertMany([
      paper('2410.00004', { numComments: null, mediaUrls: [], submittedBy: null }),
    ]);
    expect(await store.papers.get('2410.00004')).toMatchObject({
      numComments: 7,
      mediaUrls: ['https://cdn.example/fig.png'],
      submittedBy: 'Ada',
    });
  });

  it('records a paper at most once per subscription in the delivery log', async () => {
    const store = open('log.db');
    await store.papers.upsertMany([paper('2410.00003')]);
    const subscription = await store.subscriptions.upsert(
      channel,
      defaultDigestSettings,
      '2024-10-25T00:00:00Z',
    );
    const row = { paperId: '2410.00003', state: 'pending' as const, reason: null, detail: null, rank: 0 };
    await store.deliveries.createRun(
      subscription.id,
      '2024-10-26',
      '2024-10-25',
      [row],
      '2024-10-26T09:00:00Z',
    );
    await store.deliveries.createRun(
      subscription.id,
      '2024-10-27',
      '2024-10-25',
      [row],
      '2024-10-27T09:00:00Z',
    );
    expect((await store.deliveries.loggedPaperIds(subscription.id, ['2410.00003'])).size).toBe(1);
    expect(() =>
      new Database(join(folder, 'log.db'))
        .prepare(
          `INSERT INTO deliveries (subscription_id, paper_id, run_id, state, updated_at) VALUES (?, ?, 1, 'sent', 'x')`,
        )
        .run(subscription.id, '2410.00003'),
    ).toThrow(/UNIQUE/);
  });
});
