import { describe, expect, it } from 'vitest';
import { defaultDigestSettings } from '../../../src/records/subscription';
import type { PlannedDelivery } from '../../../src/store/store';
import { testStores } from '../../support/test-stores';
import { channel, otherChannel, paper, thrown, useStore } from './contract-support';

const planned = (
  paperId: string,
  rank: number | null,
  changes: Partial<PlannedDelivery> = {},
): PlannedDelivery => ({
  paperId,
  state: 'pending',
  reason: null,
  detail: null,
  rank,
  ...changes,
});

describe.each(testStores)('$name store: deliveries', (testStore) => {
  const store = useStore(testStore);
  const subscribe = async () =>
    await store().subscriptions.upsert(channel, defaultDigestSettings, '2024-10-25T00:00:00Z');

  it('creates a run with its planned rows, and finds it again', async () => {
    const subscription = await subscribe();
    const run = await store().deliveries.createRun(
      subscription.id,
      '2024-10-26',
      '2024-10-25',
      [
        planned('2410.00002', 1, { note: 'like papers you flagged' }),
        planned('2410.00001', 0),
        planned('2410.00003', null, { state: 'skipped', reason: 'below_min_upvotes', detail: '2 < 5' }),
      ],
      '2024-10-26T09:00:00Z',
    );
    expect(run).toMatchObject({
      subscriptionId: subscription.id,
      localDate: '2024-10-26',
      batchDay: '2024-10-25',
      source: 'daily',
      headerState: 'pending',
      headerMessageId: null,
      completedAt: null,
      createdAt: '2024-10-26T09:00:00Z',
    });
    expect(await store().deliveries.findRun(subscription.id, '2024-10-26')).toEqual(run);
    expect(await store().deliveries.getRun(run.id)).toEqual(run);
    expect(await store().deliveries.findRun(subscription.id, '2024-10-27')).toBeNull();
    expect(await store().deliveries.getRun(run.id + 1000)).toBeNull();
    expect(await store().deliveries.paperCount(run.id)).toBe(3);
    const outstanding = await store().deliveries.outstanding(run.id);
    expect(outstanding.map((row) => [row.paperId, row.rank])).toEqual([
      ['2410.00001', 0],
      ['2410.00002', 1],
    ]);
    expect(outstanding[1]).toMatchObject({
      subscriptionId: subscription.id,
      runId: run.id,
      state: 'pending',
      note: 'like papers you flagged',
      attempts: 0,
      retryable: true,
      messageId: null,
      updatedAt: '2024-10-26T09:00:00Z',
    });
    expect(await store().deliveries.get(subscription.id, '2410.00003')).toMatchObject({
      state: 'skipped',
      reason: 'below_min_upvotes',
      detail: '2 < 5',
      rank: null,
      note: null,
    });
    expect(await store().deliveries.get(subscription.id, '2410.99999')).toBeNull();
  });

  it('a run with nothing to post has no header to post; the source is kept', async () => {
    const subscription = await subscribe();
    const run = await store().deliveries.createRun(
      subscription.id,
      '2024-10-26',
      '2024-10-26',
      [planned('2410.00001', null, { state: 'skipped', reason: 'outside_top_n' })],
      '2024-10-26T09:00:00Z',
      'trending',
    );
    expect(run).toMatchObject({ headerState: 'none', source: 'trending' });
  });

  it('keeps a paper already logged, but replaces a row that only says it was left out', async () => {
    const subscription = await subscribe();
    const first = await store().deliveries.createRun(
      subscription.id,
      '2024-10-26',
      '2024-10-25',
      [planned('2410.00001', 0), planned('2410.00002', null, { state: 'skipped', reason: 'outside_top_n' })],
      '2024-10-26T09:00:00Z',
    );
    const posted = await store().deliveries.get(subscription.id, '2410.00001');
    if (!posted) throw new Error('planned row missing');
    await store().deliveries.markSending(posted.id, '2024-10-26T09:00:01Z');
    await store().deliveries.markSent(posted.id, 'm1', 'https://chat.example/m1', '2024-10-26T09:00:02Z');
    const second = await store().deliveries.createRun(
      subscription.id,
      '2024-10-27',
      '2024-10-26',
      [planned('2410.00001', 0), planned('2410.00002', 1, { note: 'now in' })],
      '2024-10-27T09:00:00Z',
    );
    expect(await store().deliveries.get(subscription.id, '2410.00001')).toMatchObject({
      runId: first.id,
      state: 'sent',
      messageId: 'm1',
      messageUrl: 'https://chat.example/m1',
      attempts: 1,
    });
    expect(await store().deliveries.get(subscription.id, '2410.00002')).toMatchObject({
      runId: second.id,
      state: 'pending',
      reason: null,
      rank: 1,
      note: 'now in',
      attempts: 0,
      retryable: true,
      updatedAt: '2024-10-27T09:00:00Z',
    });
    expect(
      await store().deliveries.loggedPaperIds(subscription.id, ['2410.00001', '2410.00002', '2410.00003']),
    ).toEqual(new Set(['2410.00001', '2410.00002']));
    expect(await store().deliveries.paperCount(second.id)).toBe(1);
  });

  it('creates nothing when a run cannot be created whole', async () => {
    const subscription = await subscribe();
    await store().deliveries.createRun(
      subscription.id,
      '2024-10-26',
      '2024-10-25',
      [],
      '2024-10-26T09:00:00Z',
    );
    // The same local date again: the run exists, so nothing of the second plan is written.
    expect(
      await thrown(
        async () =>
          await store().deliveries.createRun(
            subscription.id,
            '2024-10-26',
            '2024-10-25',
            [planned('2410.00001', 0)],
            '2024-10-26T10:00:00Z',
          ),
      ),
    ).toBeInstanceOf(Error);
    expect(await store().deliveries.get(subscription.id, '2410.00001')).toBeNull();
    // A row the database refuses half-way through the plan takes the run with it.
    expect(
      await thrown(
        async () =>
          await store().deliveries.createRun(
            subscription.id,
            '2024-10-27',
            '2024-10-26',
            [planned('2410.00002', 0), planned('2410.00003', 1, { state: 'bogus' as 'pending' })],
            '2024-10-27T09:00:00Z',
          ),
      ),
    ).toBeInstanceOf(Error);
    expect(await store().deliveries.findRun(subscription.id, '2024-10-27')).toBeNull();
    expect(await store().deliveries.get(subscription.id, '2410.00002')).toBeNull();
  });

  it('finds the first and last run, of a source when asked', async () => {
    const subscription = await subscribe();
    expect(await store().deliveries.firstRun(subscription.id)).toBeNull();
    expect(await store().deliveries.lastRun(subscription.id)).toBeNull();
    await store().deliveries.createRun(
      subscription.id,
      '2024-10-27',
      '2024-10-26',
      [],
      '2024-10-27T09:00:00Z',
    );
    await store().deliveries.createRun(
      subscription.id,
      '2024-10-26',
      '2024-10-26',
      [],
      '2024-10-26T09:00:00Z',
      'trending',
    );
    await store().deliveries.createRun(
      subscription.id,
      '2024-10-28',
      '2024-10-28',
      [],
      '2024-10-28T09:00:00Z',
      'trending',
    );
    expect((await store().deliveries.firstRun(subscription.id))?.localDate).toBe('2024-10-26');
    expect((await store().deliveries.lastRun(subscription.id))?.localDate).toBe('2024-10-28');
    expect((await store().deliveries.firstRun(subscription.id, 'daily'))?.localDate).toBe('2024-10-27');
    expect((await store().deliveries.lastRun(subscription.id, 'daily'))?.localDate).toBe('2024-10-27');
    expect((await store().deliveries.firstRun(subscription.id, 'trending'))?.localDate).toBe('2024-10-26');
  });

  it('tracks the header, completion, sending, failures and what is still outstanding', async () => {
    const subscription = await subscribe();
    const run = await store().deliveries.createRun(
      subscription.id,
      '2024-10-26',
      '2024-10-25',
      [planned('2410.00001', 0), planned('2410.00002', 1), planned('2410.00003', 2)],
      '2024-10-26T09:00:00Z',
    );
    await store().deliveries.setHeaderState(run.id, 'sent', 'h1');
    await store().deliveries.setHeaderState(run.id, 'sent', null);
    expect(await store().deliveries.getRun(run.id)).toMatchObject({
      headerState: 'sent',
      headerMessageId: 'h1',
    });
    const [one, two, three] = await store().deliveries.outstanding(run.id);
    if (!one || !two || !three) throw new Error('planned rows missing');
    await store().deliveries.markSending(one.id, '2024-10-26T09:01:00Z');
    await store().deliveries.markSending(two.id, '2024-10-26T09:01:00Z');
    await store().deliveries.markFailed(two.id, 'HTTP 500', true, '2024-10-26T09:01:01Z');
    await store().deliveries.markSending(three.id, '2024-10-26T09:01:00Z');
    await store().deliveries.markFailed(three.id, 'too long', false, '2024-10-26T09:01:02Z');
    expect((await store().deliveries.inFlight()).map((row) => row.paperId)).toEqual(['2410.00001']);
    expect((await store().deliveries.outstanding(run.id)).map((row) => [row.paperId, row.state])).toEqual([
      ['2410.00001', 'sending'],
      ['2410.00002', 'failed'],
    ]);
    expect(await store().deliveries.get(subscription.id, '2410.00003')).toMatchObject({
      state: 'failed',
      detail: 'too long',
      retryable: false,
      attempts: 1,
    });
    await store().deliveries.markSent(one.id, 'm1', null, '2024-10-26T09:02:00Z');
    expect(await store().deliveries.get(subscription.id, '2410.00001')).toMatchObject({
      state: 'sent',
      messageId: 'm1',
      messageUrl: null,
      detail: null,
      updatedAt: '2024-10-26T09:02:00Z',
    });
    expect(await store().deliveries.inFlight()).toEqual([]);
    await store().deliveries.completeRun(run.id, '2024-10-26T09:03:00Z');
    expect((await store().deliveries.getRun(run.id))?.completedAt).toBe('2024-10-26T09:03:00Z');
  });

  it("finds a delivery by its message in the subscription's channel only", async () => {
    const subscription = await subscribe();
    await store().deliveries.createRun(
      subscription.id,
      '2024-10-26',
      '2024-10-25',
      [planned('2410.00001', 0)],
      'x',
    );
    const row = await store().deliveries.get(subscription.id, '2410.00001');
    if (!row) throw new Error('planned row missing');
    await store().deliveries.markSent(row.id, 'm1', null, '2024-10-26T09:02:00Z');
    expect((await store().deliveries.findByMessage(channel, 'm1'))?.paperId).toBe('2410.00001');
    expect(await store().deliveries.findByMessage(otherChannel, 'm1')).toBeNull();
    expect(await store().deliveries.findByMessage(channel, 'm2')).toBeNull();
  });

  it('prunes old skipped rows only: posted ones are what stop a second post', async () => {
    const subscription = await subscribe();
    await store().deliveries.createRun(
      subscription.id,
      '2024-10-26',
      '2024-10-25',
      [planned('2410.00001', 0), planned('2410.00002', null, { state: 'skipped', reason: 'outside_top_n' })],
      '2024-10-26T09:00:00Z',
    );
    await store().deliveries.createRun(
      subscription.id,
      '2024-10-28',
      '2024-10-27',
      [planned('2410.00003', null, { state: 'skipped', reason: 'outside_top_n' })],
      '2024-10-28T09:00:00Z',
    );
    expect(await store().deliveries.prune('2024-10-27T00:00:00Z')).toBe(1);
    expect(
      await store().deliveries.loggedPaperIds(subscription.id, ['2410.00001', '2410.00002', '2410.00003']),
    ).toEqual(new Set(['2410.00001', '2410.00003']));
  });

  it('records a paper at most once per subscription, across runs', async () => {
    await store().papers.upsertMany([paper('2410.00003')]);
    const subscription = await subscribe();
    const row = planned('2410.00003', 0);
    await store().deliveries.createRun(
      subscription.id,
      '2024-10-26',
      '2024-10-25',
      [row],
      '2024-10-26T09:00:00Z',
    );
    await store().deliveries.createRun(
      subscription.id,
      '2024-10-27',
      '2024-10-25',
      [row],
      '2024-10-27T09:00:00Z',
    );
    expect((await store().deliveries.loggedPaperIds(subscription.id, ['2410.00003'])).size).toBe(1);
    const other = await store().subscriptions.upsert(
      otherChannel,
      defaultDigestSettings,
      '2024-10-25T00:00:00Z',
    );
    await store().deliveries.createRun(other.id, '2024-10-26', '2024-10-25', [row], '2024-10-26T09:00:00Z');
    expect((await store().deliveries.loggedPaperIds(other.id, ['2410.00003'])).size).toBe(1);
  });

  it("numbers a channel's messages once for the life of the database, whichever instance asks", async () => {
    const [one, two] = await testStore.openShared(2);
    if (!one || !two) throw new Error('two stores on one database');
    const terminal = { platform: 'console' as const, workspaceId: 'local', channelId: 'terminal' };
    expect(await one.deliveries.nextMessageNumber(terminal)).toBe(1);
    expect(await one.deliveries.nextMessageNumber(terminal)).toBe(2);
    // Another instance (or the same bot after a restart) goes on counting; another channel counts alone.
    const asked = await Promise.all([0, 1, 2].map(() => two.deliveries.nextMessageNumber(terminal)));
    expect(asked.sort()).toEqual([3, 4, 5]);
    expect(await one.deliveries.nextMessageNumber(channel)).toBe(1);
    await one.close();
    await two.close();
  });
});
