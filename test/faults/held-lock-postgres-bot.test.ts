/**
 * Fault on PostgreSQL (#24 item 6, #28 item 3): instances sharing a database claim each Discord
 * interaction there before answering it, so a claim held up by a lock (another session's migration or
 * `LOCK TABLE` on the claimed events, kept open) would hold the acknowledgement with it. Through the
 * composition root on the real server: the claim waits its 1 s at most, then the interaction is answered
 * anyway, inside Discord's 3 s (the fake refuses a later callback), while the other session still holds
 * the lock.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { openPostgresStore } from '../../src/engines/postgres/pg-store';
import type { Store } from '../../src/store/store';
import { FakeHfServer } from '../fakes/hf/fake-hf-server';
import { BotHarness } from '../support/bot-harness';
import { oct25Batch } from '../support/fixtures';
import { localServerUrl, onServer } from '../support/pg-server';

const url = process.env.TEST_DATABASE_URL ?? localServerUrl;
const schema = `pb_test_${randomUUID().replaceAll('-', '')}`;

let bot: BotHarness | null = null;
let store: Store | null = null;
let locker: pg.Client | null = null;
afterEach(async () => {
  await locker?.query('ROLLBACK').catch(() => {});
  await locker?.end();
  await bot?.stop();
  await store?.close();
  await onServer(url, `DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  bot = null;
  store = null;
  locker = null;
});

describe('PostgreSQL: another session holds a lock on the claimed interactions', () => {
  it('acknowledges and answers a Discord command while its claim waits on the lock', async () => {
    await onServer(url, `CREATE SCHEMA ${schema}`);
    store = await openPostgresStore(url, { schema, maxConnections: 4 });
    const hf = (await new FakeHfServer().start()).setDay('2024-10-25', oct25Batch());
    bot = await BotHarness.start({
      now: '2024-10-26T08:00:00Z',
      hf,
      store,
      env: { DATABASE_URL: 'postgres://shared-test-database/paperboy' },
    });
    expect(await bot.slash('today')).toContain('Breaking the Memory Barrier');

    locker = new pg.Client({ connectionString: url });
    await locker.connect();
    await locker.query('BEGIN');
    await locker.query(`LOCK TABLE ${schema}.processed_events IN ACCESS EXCLUSIVE MODE`);
    const answer = await bot.slash('today');
    const held = await locker.query(
      `SELECT count(*)::int AS waiting FROM pg_locks WHERE NOT granted AND relation = '${schema}.processed_events'::regclass`,
    );
    await locker.query('ROLLBACK');

    expect(answer).toContain('Breaking the Memory Barrier');
    // The claim was still waiting on the lock when the answer came.
    expect(held.rows[0]?.waiting).toBe(1);
    expect(
      bot.logs.filter(
        (line) => line.msg === 'the database has not answered the interaction claim in time; answering it',
      ),
    ).toHaveLength(1);
    const callbacks = bot.discord?.requests.filter(
      (request) => request.method === 'POST' && /^\/interactions\/\d+\/[^/]+\/callback$/.test(request.path),
    );
    // Discord took both acknowledgements: it refuses one after its 3 s.
    expect(callbacks?.map((request) => request.status)).toEqual([204, 204]);
  }, 60_000);
});
