/**
 * PostgreSQL job leases timed by the server's clock (what the running process uses): instances whose clocks
 * disagree by more than a lease (NTP, suspend, a host set a day ahead) must never see a live holder's lease
 * as over and take its job while it still posts (issue 28: 8 duplicate posts in the 3-instance midnight
 * crash harness with clock jumps).
 */
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { openPostgresStore, openPostgresStoreOn } from '../../src/engines/postgres/pg-store';
import type { Store } from '../../src/store/store';
import { onServer } from '../support/pg-server';
import { createPgliteClient, sharedPglite } from '../support/pglite-client';

const serverUrl = process.env.TEST_DATABASE_URL;
const freshSchema = () => `lease_clock_${randomUUID().replaceAll('-', '').slice(0, 12)}`;

type Open = (byServerClock: boolean) => Promise<[Store, Store, () => Promise<void>]>;

const pglite: Open = async (byServerClock) => {
  const db = await sharedPglite();
  const schema = freshSchema();
  await createPgliteClient(db).query(`CREATE SCHEMA ${schema}`, []);
  const a = await openPostgresStoreOn(createPgliteClient(db, schema), 'PGlite', byServerClock);
  const b = await openPostgresStoreOn(createPgliteClient(db, schema), 'PGlite', byServerClock);
  return [a, b, async () => undefined];
};

const server =
  (url: string): Open =>
  async (byServerClock) => {
    const schema = freshSchema();
    await onServer(url, `CREATE SCHEMA ${schema}`);
    const options = { schema, maxConnections: 2, leasesByServerClock: byServerClock };
    const a = await openPostgresStore(url, options);
    const b = await openPostgresStore(url, options);
    return [a, b, () => onServer(url, `DROP SCHEMA ${schema} CASCADE`)];
  };

const engines: { name: string; open: Open }[] = [
  { name: 'pglite', open: pglite },
  ...(serverUrl ? [{ name: 'postgres', open: server(serverUrl) }] : []),
];

const day = 24 * 60 * 60_000;
const leaseMs = 3_000;
const tickOf = (iso: string) => iso.slice(0, 16);

describe.each(engines)('$name: job leases by the server clock', ({ open }) => {
  let cleanup: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const step of cleanup) await step();
    cleanup = [];
  });

  async function twoInstances(byServerClock: boolean) {
    const [a, b, drop] = await open(byServerClock);
    cleanup.push(async () => {
      await a.close();
      await b.close();
      await drop();
    });
    return { a: a.jobs, b: b.jobs };
  }

  it('does not let an instance whose clock is a day ahead take a live holder’s job', async () => {
    const { a, b } = await twoInstances(true);
    const here = new Date().toISOString();
    const ahead = new Date(Date.now() + day).toISOString();
    expect(await a.tryStart('digests', 'a', tickOf(here), here, leaseMs)).toBe(true);
    // b's clock says a's lease ran out a day ago; the server's clock says it is live.
    expect(await b.tryStart('digests', 'b', tickOf(ahead), ahead, leaseMs)).toBe(false);
    expect(await a.renew('digests', 'a', here, leaseMs)).toBe(true);
    // Once a has finished, the job is b's for its (later) tick.
    await a.finish('digests', 'a');
    expect(await b.tryStart('digests', 'b', tickOf(ahead), ahead, leaseMs)).toBe(true);
    // a's clock, a day behind, does not make b's fresh lease look long over either.
    const later = new Date().toISOString();
    expect(await a.tryStart('digests', 'a', tickOf(later), later, leaseMs)).toBe(false);
  });

  it('without it (an injected clock), the caller’s clock times the lease, as the contract tests rely on', async () => {
    const { a, b } = await twoInstances(false);
    const here = new Date().toISOString();
    const ahead = new Date(Date.now() + day).toISOString();
    expect(await a.tryStart('digests', 'a', tickOf(here), here, leaseMs)).toBe(true);
    expect(await b.tryStart('digests', 'b', tickOf(ahead), ahead, leaseMs)).toBe(true);
  });
});
