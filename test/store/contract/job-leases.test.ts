import { describe, expect, it } from 'vitest';
import { testStores } from '../../support/test-stores';
import { useStore } from './contract-support';

const minute = 60_000;
const at = (minutes: number, seconds = 0) =>
  new Date(Date.UTC(2024, 9, 25, 9, minutes, seconds)).toISOString();
const tick = (minutes: number) => at(minutes).slice(0, 16);

describe.each(testStores)('$name store: job leases', (testStore) => {
  const store = useStore(testStore);

  it('says whether other instances may share its database (only then is a platform event claimed)', () => {
    expect(store().sharedByInstances).toBe(testStore.name !== 'sqlite');
  });

  it('starts a job once per tick: the first holder wins it, the second is refused', async () => {
    const jobs = store().jobs;
    expect(await jobs.tryStart('digests', 'a', tick(0), at(0), minute)).toBe(true);
    expect(await jobs.tryStart('digests', 'b', tick(0), at(0, 1), minute)).toBe(false);
    // Another job is independent.
    expect(await jobs.tryStart('refresh', 'b', tick(0), at(0, 1), minute)).toBe(true);
  });

  it('is not taken over while the holder renews its lease, only once the lease has expired', async () => {
    const jobs = store().jobs;
    expect(await jobs.tryStart('digests', 'a', tick(0), at(0), minute)).toBe(true);
    expect(await jobs.tryStart('digests', 'b', tick(1), at(0, 59), minute)).toBe(false);
    expect(await jobs.renew('digests', 'a', at(0, 50), minute)).toBe(true);
    // The renewed lease runs to 09:01:50: the next tick's winner cannot be b before then.
    expect(await jobs.tryStart('digests', 'b', tick(1), at(1, 30), minute)).toBe(false);
    expect(await jobs.tryStart('digests', 'b', tick(2), at(2), minute)).toBe(true);
    // a stopped renewing in time: it is no longer the holder and must stop.
    expect(await jobs.renew('digests', 'a', at(2, 1), minute)).toBe(false);
    expect(await jobs.renew('digests', 'b', at(2, 30), minute)).toBe(true);
    // a finishing late does not release b's lease.
    await jobs.finish('digests', 'a');
    expect(await jobs.tryStart('digests', 'c', tick(3), at(3), minute)).toBe(false);
  });

  it('a holder whose lease lapsed may renew it while no one has taken the job over', async () => {
    const jobs = store().jobs;
    expect(await jobs.tryStart('digests', 'a', tick(0), at(0), minute)).toBe(true);
    expect(await jobs.renew('digests', 'a', at(3), minute)).toBe(true);
    expect(await jobs.tryStart('digests', 'b', tick(4), at(3, 30), minute)).toBe(false);
    expect(await jobs.renew('digests', 'b', at(3, 30), minute)).toBe(false);
  });

  it('after finishing, the next tick may start it (anyone); the finished tick only its own starter again', async () => {
    const jobs = store().jobs;
    expect(await jobs.tryStart('digests', 'a', tick(0), at(0), minute)).toBe(true);
    await jobs.finish('digests', 'a');
    expect(await jobs.tryStart('digests', 'b', tick(0), at(0, 10), minute)).toBe(false);
    // Its own scheduler runs one job at a time, so a second tick of its own in the same minute may run it.
    expect(await jobs.tryStart('digests', 'a', tick(0), at(0, 10), minute)).toBe(true);
    await jobs.finish('digests', 'a');
    expect(await jobs.tryStart('digests', 'b', tick(1), at(1), minute)).toBe(true);
    expect(await jobs.tryStart('digests', 'a', tick(1), at(1, 5), minute)).toBe(false);
  });

  it('never starts an older tick than one already started', async () => {
    const jobs = store().jobs;
    expect(await jobs.tryStart('digests', 'a', tick(5), at(5), minute)).toBe(true);
    await jobs.finish('digests', 'a');
    expect(await jobs.tryStart('digests', 'b', tick(4), at(6), minute)).toBe(false);
    expect(await jobs.tryStart('digests', 'b', tick(6), at(6), minute)).toBe(true);
  });

  it('after the clock went back further than a lease, takes a finished job at once, and each tick is still won once', async () => {
    const jobs = store().jobs;
    // The 09:30 tick ran and finished; the clock is then set back to 09:05.
    expect(await jobs.tryStart('digests', 'a', tick(30), at(30), minute)).toBe(true);
    await jobs.finish('digests', 'a');
    expect(await jobs.tryStart('digests', 'b', tick(5), at(5), minute)).toBe(true);
    // From there the ticks count again from the clock as it now is.
    expect(await jobs.tryStart('digests', 'c', tick(5), at(5, 1), minute)).toBe(false);
    await jobs.finish('digests', 'b');
    expect(await jobs.tryStart('digests', 'c', tick(5), at(5, 10), minute)).toBe(false);
    expect(await jobs.tryStart('digests', 'c', tick(6), at(6), minute)).toBe(true);
    // A lease still live is never taken, however far ahead its tick: its holder may be running it.
    expect(await jobs.tryStart('digests', 'c', tick(40), at(40), minute)).toBe(true);
    expect(await jobs.tryStart('digests', 'd', tick(7), at(7), minute)).toBe(false);
  });

  it('lets its own holder start the next tick while its lease is alive', async () => {
    const jobs = store().jobs;
    expect(await jobs.tryStart('digests', 'a', tick(0), at(0), 10 * minute)).toBe(true);
    expect(await jobs.tryStart('digests', 'a', tick(1), at(1), 10 * minute)).toBe(true);
    expect(await jobs.tryStart('digests', 'b', tick(2), at(2), 10 * minute)).toBe(false);
  });

  it('gives each tick to exactly one of several instances trying at once', async () => {
    const instances = await testStore.openShared(2);
    try {
      for (let minutes = 0; minutes < 5; minutes++) {
        const attempts = instances.flatMap((instance, index) =>
          ['x', 'y', 'z'].map(
            async (name) =>
              await instance.jobs.tryStart('digests', `${name}${index}`, tick(minutes), at(minutes), 1),
          ),
        );
        const won = await Promise.all(attempts);
        expect(won.filter(Boolean)).toHaveLength(1);
      }
    } finally {
      for (const instance of instances) await instance.close();
    }
  });
});
