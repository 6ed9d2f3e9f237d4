import { describe, expect, it } from 'vitest';
import { testStores } from '../../support/test-stores';
import { paper, thrown, useStore } from './contract-support';

describe.each(testStores)('$name store: batches', (testStore) => {
  const store = useStore(testStore);

  it('records a day with its papers, and a later fetch only adds to the list', async () => {
    await store().papers.upsertMany([paper('2410.00001'), paper('2410.00002'), paper('2410.00003')]);
    expect(await store().batches.get('2024-10-25')).toBeNull();
    expect(await store().batches.lastFetchedAt()).toBeNull();
    await store().batches.record('2024-10-25', ['2410.00001', '2410.00002'], '2024-10-26T01:00:00Z');
    await store().batches.record('2024-10-25', ['2410.00002', '2410.00003'], '2024-10-26T03:00:00Z');
    expect(await store().batches.get('2024-10-25')).toEqual({
      day: '2024-10-25',
      paperCount: 3,
      fetchedAt: '2024-10-26T03:00:00Z',
    });
    expect(await store().batches.lastFetchedAt()).toBe('2024-10-26T03:00:00Z');
  });

  it('finds the latest non-empty day and the non-empty days in a range', async () => {
    await store().papers.upsertMany([paper('2410.00001'), paper('2410.00002')]);
    await store().batches.record('2024-10-21', ['2410.00001'], '2024-10-22T03:00:00Z');
    await store().batches.record('2024-10-22', [], '2024-10-23T03:00:00Z');
    await store().batches.record('2024-10-23', ['2410.00002'], '2024-10-24T03:00:00Z');
    expect((await store().batches.latestNonEmpty('2024-10-22'))?.day).toBe('2024-10-21');
    expect((await store().batches.latestNonEmpty('2024-10-30'))?.day).toBe('2024-10-23');
    expect(await store().batches.latestNonEmpty('2024-10-20')).toBeNull();
    expect(await store().batches.nonEmptyDaysBetween('2024-10-21', '2024-10-23')).toEqual(['2024-10-23']);
    expect(await store().batches.nonEmptyDaysBetween('2024-10-20', '2024-10-30')).toEqual([
      '2024-10-21',
      '2024-10-23',
    ]);
  });

  it('lists the days whose batch listed a paper, oldest first', async () => {
    await store().papers.upsertMany([paper('2410.00001')]);
    await store().batches.record('2024-10-23', ['2410.00001'], '2024-10-24T03:00:00Z');
    await store().batches.record('2024-10-21', ['2410.00001'], '2024-10-22T03:00:00Z');
    expect(await store().batches.daysListing('2410.00001')).toEqual(['2024-10-21', '2024-10-23']);
    expect(await store().batches.daysListing('2410.99999')).toEqual([]);
  });

  it('refuses a batch listing a paper that is not stored', async () => {
    expect(
      await thrown(
        async () => await store().batches.record('2024-10-25', ['2410.99999'], '2024-10-26T03:00:00Z'),
      ),
    ).toBeInstanceOf(Error);
    expect(await store().batches.get('2024-10-25')).toBeNull();
  });
});

describe.each(testStores)('$name store: saving a day', (testStore) => {
  const store = useStore(testStore);
  const day = '2024-10-25';
  const fetchedAt = '2024-10-26T03:00:00Z';

  it('stores the papers, the batch and the refused items, and marks a failed day recovered', async () => {
    await store().sourceLog.recordDayFailure(
      day,
      'HTTP 503',
      '2024-10-26T01:00:00Z',
      () => '2024-10-26T02:00:00Z',
    );
    const result = await store().saveDay({
      day,
      papers: [paper('2410.00001', { upvotes: 2 }), paper('2410.00002', { upvotes: 8 })],
      rejected: [{ sourceId: 'bad-id', paperId: null, reason: 'its id is not an arXiv id' }],
      fetchedAt,
    });
    expect(result).toEqual({ inserted: 2, updated: 0 });
    expect((await store().papers.listByBatchDay(day)).map((found) => found.id)).toEqual([
      '2410.00002',
      '2410.00001',
    ]);
    expect(await store().batches.get(day)).toEqual({ day, paperCount: 2, fetchedAt });
    expect((await store().sourceLog.dayFailure(day))?.recoveredAt).toBe(fetchedAt);
    expect(await store().sourceLog.failingDays()).toEqual([]);
    expect(
      await store().saveDay({ day, papers: [paper('2410.00001', { upvotes: 3 })], rejected: [], fetchedAt }),
    ).toEqual({ inserted: 0, updated: 1 });
  });

  it('saves nothing when it fails part of the way (a refused item the database rejects)', async () => {
    await store().sourceLog.recordRejects(
      day,
      [{ sourceId: 'old', paperId: '2410.00009', reason: 'no title' }],
      fetchedAt,
    );
    const error = await thrown(
      async () =>
        await store().saveDay({
          day,
          papers: [paper('2410.00001'), paper('2410.00002')],
          // A reason is required: the last step fails after the papers and the batch were written.
          rejected: [{ sourceId: 'x', paperId: null, reason: null as unknown as string }],
          fetchedAt,
        }),
    );
    expect(error).toBeInstanceOf(Error);
    expect(await store().papers.count()).toBe(0);
    expect(await store().papers.get('2410.00001')).toBeNull();
    expect(await store().batches.get(day)).toBeNull();
    expect(await store().sourceLog.rejectsFor('2410.00009')).toEqual([{ day, reason: 'no title' }]);
    // The store is still usable after the rolled-back attempt.
    expect(await store().saveDay({ day, papers: [paper('2410.00001')], rejected: [], fetchedAt })).toEqual({
      inserted: 1,
      updated: 0,
    });
  });
});

describe.each(testStores)('$name store: source log', (testStore) => {
  const store = useStore(testStore);

  it("replaces a day's refused items with the latest fetch's, and finds them by paper", async () => {
    await store().sourceLog.recordRejects(
      '2024-10-25',
      [
        { sourceId: '2410.00001', paperId: '2410.00001', reason: 'it has no title' },
        { sourceId: null, paperId: null, reason: 'it has no id' },
      ],
      '2024-10-26T03:00:00Z',
    );
    await store().sourceLog.recordRejects(
      '2024-10-24',
      [{ sourceId: '2410.00001', paperId: '2410.00001', reason: 'it has no authors' }],
      '2024-10-25T03:00:00Z',
    );
    expect(await store().sourceLog.rejectsFor('2410.00001')).toEqual([
      { day: '2024-10-24', reason: 'it has no authors' },
      { day: '2024-10-25', reason: 'it has no title' },
    ]);
    await store().sourceLog.recordRejects('2024-10-25', [], '2024-10-26T04:00:00Z');
    expect(await store().sourceLog.rejectsFor('2410.00001')).toEqual([
      { day: '2024-10-24', reason: 'it has no authors' },
    ]);
  });

  it('keeps the last of two refused items with the same source id', async () => {
    await store().sourceLog.recordRejects(
      '2024-10-25',
      [
        { sourceId: 'dup', paperId: '2410.00001', reason: 'first' },
        { sourceId: 'dup', paperId: '2410.00001', reason: 'second' },
      ],
      '2024-10-26T03:00:00Z',
    );
    expect(await store().sourceLog.rejectsFor('2410.00001')).toEqual([
      { day: '2024-10-25', reason: 'second' },
    ]);
  });

  it('counts failures of a day until it recovers, then starts counting again', async () => {
    const retryAt = (failures: number) => `2024-10-26T0${failures}:00:00Z`;
    const first = await store().sourceLog.recordDayFailure(
      '2024-10-25',
      'HTTP 503',
      '2024-10-26T00:10:00Z',
      retryAt,
    );
    expect(first).toEqual({
      day: '2024-10-25',
      failures: 1,
      lastError: 'HTTP 503',
      firstFailedAt: '2024-10-26T00:10:00Z',
      retryAt: '2024-10-26T01:00:00Z',
      recoveredAt: null,
    });
    const second = await store().sourceLog.recordDayFailure(
      '2024-10-25',
      'timeout',
      '2024-10-26T01:10:00Z',
      retryAt,
    );
    expect(second).toMatchObject({
      failures: 2,
      lastError: 'timeout',
      firstFailedAt: '2024-10-26T00:10:00Z',
    });
    await store().sourceLog.recordDayFailure('2024-10-23', 'HTTP 500', '2024-10-26T01:20:00Z', retryAt);
    expect((await store().sourceLog.failingDays()).map((failure) => failure.day)).toEqual([
      '2024-10-23',
      '2024-10-25',
    ]);

    await store().sourceLog.markDayRecovered('2024-10-25', '2024-10-26T02:00:00Z');
    await store().sourceLog.markDayRecovered('2024-10-25', '2024-10-26T05:00:00Z');
    expect((await store().sourceLog.dayFailure('2024-10-25'))?.recoveredAt).toBe('2024-10-26T02:00:00Z');
    expect(await store().sourceLog.recoveredSince('2024-10-26T01:00:00Z')).toEqual(['2024-10-25']);
    expect(await store().sourceLog.recoveredSince('2024-10-26T02:00:00Z')).toEqual([]);
    expect((await store().sourceLog.failingDays()).map((failure) => failure.day)).toEqual(['2024-10-23']);

    const again = await store().sourceLog.recordDayFailure(
      '2024-10-25',
      'HTTP 502',
      '2024-10-27T00:00:00Z',
      retryAt,
    );
    expect(again).toMatchObject({ failures: 1, firstFailedAt: '2024-10-27T00:00:00Z', recoveredAt: null });
    expect(await store().sourceLog.dayFailure('2024-10-01')).toBeNull();
  });

  it('prunes old refused items, recovered days and days before the cutoff', async () => {
    const retryAt = () => '2024-10-26T01:00:00Z';
    await store().sourceLog.recordRejects(
      '2024-10-01',
      [{ sourceId: 'a', paperId: 'x', reason: 'r' }],
      '2024-10-02T00:00:00Z',
    );
    await store().sourceLog.recordRejects(
      '2024-10-25',
      [{ sourceId: 'b', paperId: 'x', reason: 'r' }],
      '2024-10-26T00:00:00Z',
    );
    await store().sourceLog.recordDayFailure('2024-10-01', 'e', '2024-10-02T00:00:00Z', retryAt);
    await store().sourceLog.recordDayFailure('2024-10-20', 'e', '2024-10-21T00:00:00Z', retryAt);
    await store().sourceLog.markDayRecovered('2024-10-20', '2024-10-21T05:00:00Z');
    await store().sourceLog.recordDayFailure('2024-10-24', 'e', '2024-10-25T00:00:00Z', retryAt);
    expect(await store().sourceLog.prune('2024-10-22T00:00:00Z')).toBe(3);
    expect(await store().sourceLog.rejectsFor('x')).toEqual([{ day: '2024-10-25', reason: 'r' }]);
    expect((await store().sourceLog.failingDays()).map((failure) => failure.day)).toEqual(['2024-10-24']);
    expect(await store().sourceLog.dayFailure('2024-10-20')).toBeNull();
  });
});
