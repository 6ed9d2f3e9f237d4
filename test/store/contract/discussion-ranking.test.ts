import { describe, expect, it } from 'vitest';
import type { ChannelModel } from '../../../src/ranking/channel-model';
import { modelFromStore, storedModel } from '../../../src/ranking/model-codec';
import { defaultChannelSettings } from '../../../src/records/discussion';
import { defaultDigestSettings } from '../../../src/records/subscription';
import { testStores } from '../../support/test-stores';
import { channel, otherChannel, useStore } from './contract-support';

describe.each(testStores)('$name store: discussion queue', (testStore) => {
  const store = useStore(testStore);

  it('gives defaults until settings are saved, and lists the channels with an agenda', async () => {
    expect(await store().discussion.getSettings(channel)).toEqual(defaultChannelSettings);
    const agenda = { weekday: 5 as const, time: '15:00', timezone: 'Europe/Paris' };
    await store().discussion.saveSettings(
      channel,
      { ...defaultChannelSettings, agenda },
      '2024-10-25T00:00:00Z',
    );
    await store().discussion.saveSettings(
      otherChannel,
      { ...defaultChannelSettings, flagEmoji: 'bookmark' },
      '2024-10-25T00:00:00Z',
    );
    expect(await store().discussion.getSettings(channel)).toEqual({ ...defaultChannelSettings, agenda });
    expect((await store().discussion.getSettings(otherChannel)).flagEmoji).toBe('bookmark');
    expect(await store().discussion.channelsWithAgenda()).toEqual([
      { channel, settings: { ...defaultChannelSettings, agenda } },
    ]);
  });

  it('creates an item once per paper and channel, and finds it by paper or message', async () => {
    const item = await store().discussion.ensureItem(channel, '2410.00001', 'm1', '2024-10-25T10:00:00Z');
    expect(item).toMatchObject({
      channel,
      paperId: '2410.00001',
      messageId: 'm1',
      threadId: null,
      threadUrl: null,
      state: 'queued',
      firstFlaggedAt: '2024-10-25T10:00:00Z',
      discussedAt: null,
      discussedBy: null,
      flags: [],
    });
    const again = await store().discussion.ensureItem(channel, '2410.00001', 'm2', '2024-10-25T11:00:00Z');
    expect(again).toEqual(item);
    expect(await store().discussion.findItem(channel, '2410.00001')).toEqual(item);
    expect(await store().discussion.findItemByMessage(channel, 'm1')).toEqual(item);
    expect(await store().discussion.findItemByMessage(channel, 'm2')).toBeNull();
    expect(await store().discussion.findItem(otherChannel, '2410.00001')).toBeNull();
    await store().discussion.setThread(item.id, 't1', 'https://chat.example/t1');
    expect(await store().discussion.findItem(channel, '2410.00001')).toMatchObject({
      threadId: 't1',
      threadUrl: 'https://chat.example/t1',
    });
  });

  it('counts each flag once and orders the queue by flags, then age', async () => {
    const a = await store().discussion.ensureItem(channel, '2410.00001', 'm1', '2024-10-25T10:00:00Z');
    const b = await store().discussion.ensureItem(channel, '2410.00002', 'm2', '2024-10-25T09:00:00Z');
    const c = await store().discussion.ensureItem(channel, '2410.00003', 'm3', '2024-10-25T08:00:00Z');
    await store().discussion.ensureItem(channel, '2410.00004', 'm4', '2024-10-25T07:00:00Z');
    expect(await store().discussion.addFlag(a.id, 'u1', 'Ada', '2024-10-25T10:00:00Z')).toBe(true);
    expect(await store().discussion.addFlag(a.id, 'u1', 'Ada', '2024-10-25T10:05:00Z')).toBe(false);
    expect(await store().discussion.addFlag(a.id, 'u2', 'Alan', '2024-10-25T10:01:00Z')).toBe(true);
    await store().discussion.addFlag(b.id, 'u1', 'Ada', '2024-10-25T09:00:00Z');
    await store().discussion.addFlag(c.id, 'u3', 'Grace', '2024-10-25T08:00:00Z');
    const queue = await store().discussion.queue(channel);
    expect(queue.map((item) => item.paperId)).toEqual(['2410.00001', '2410.00003', '2410.00002']);
    expect(queue[0]?.flags).toEqual([
      { userId: 'u1', userName: 'Ada', flaggedAt: '2024-10-25T10:00:00Z' },
      { userId: 'u2', userName: 'Alan', flaggedAt: '2024-10-25T10:01:00Z' },
    ]);
    expect(await store().discussion.removeFlag(c.id, 'u3')).toBe(true);
    expect(await store().discussion.removeFlag(c.id, 'u3')).toBe(false);
    expect((await store().discussion.queue(channel)).map((item) => item.paperId)).toEqual([
      '2410.00001',
      '2410.00002',
    ]);
    expect(await store().discussion.queue(otherChannel)).toEqual([]);
  });

  it('keeps each discussion with who had flagged it; a new flag puts the paper back on the queue', async () => {
    const item = await store().discussion.ensureItem(channel, '2410.00001', 'm1', '2024-10-25T10:00:00Z');
    await store().discussion.addFlag(item.id, 'u2', 'Alan', '2024-10-25T10:01:00Z');
    await store().discussion.addFlag(item.id, 'u1', 'Ada', '2024-10-25T10:00:00Z');
    await store().discussion.markDiscussed(item.id, 'lead', '2024-10-26T15:00:00Z');
    expect(await store().discussion.queue(channel)).toEqual([]);
    expect(await store().discussion.findItem(channel, '2410.00001')).toMatchObject({
      state: 'discussed',
      discussedAt: '2024-10-26T15:00:00Z',
      discussedBy: 'lead',
      flags: [],
    });
    expect(await store().discussion.addFlag(item.id, 'u1', 'Ada', '2024-10-27T09:00:00Z')).toBe(true);
    expect(await store().discussion.findItem(channel, '2410.00001')).toMatchObject({
      state: 'queued',
      firstFlaggedAt: '2024-10-27T09:00:00Z',
    });
    await store().discussion.markDiscussed(item.id, 'lead2', '2024-10-28T15:00:00Z');
    const history = await store().discussion.history(channel, 10);
    expect(history.map((record) => [record.discussedAt, record.discussedBy, record.flaggedBy])).toEqual([
      ['2024-10-28T15:00:00Z', 'lead2', ['Ada']],
      ['2024-10-26T15:00:00Z', 'lead', ['Ada', 'Alan']],
    ]);
    expect(history[0]?.item.paperId).toBe('2410.00001');
    expect(await store().discussion.history(channel, 1)).toHaveLength(1);
    expect(await store().discussion.history(otherChannel, 10)).toEqual([]);
  });

  it('records an agenda once per local date', async () => {
    expect(await store().discussion.hasAgenda(channel, '2024-10-25')).toBe(false);
    expect(await store().discussion.recordAgenda(channel, '2024-10-25', '2024-10-25T15:00:00Z')).toBe(true);
    expect(await store().discussion.recordAgenda(channel, '2024-10-25', '2024-10-25T15:01:00Z')).toBe(false);
    expect(await store().discussion.hasAgenda(channel, '2024-10-25')).toBe(true);
    expect(await store().discussion.hasAgenda(otherChannel, '2024-10-25')).toBe(false);
  });

  it('sees a platform event once: a replay is refused until it is pruned', async () => {
    expect(await store().discussion.firstSighting('discord:reaction:1', '2024-10-25T10:00:00Z')).toBe(true);
    expect(await store().discussion.firstSighting('discord:reaction:1', '2024-10-25T10:00:05Z')).toBe(false);
    expect(await store().discussion.firstSighting('discord:reaction:2', '2024-10-26T10:00:00Z')).toBe(true);
    expect(await store().discussion.pruneEvents('2024-10-26T00:00:00Z')).toBe(1);
    expect(await store().discussion.firstSighting('discord:reaction:1', '2024-10-27T10:00:00Z')).toBe(true);
    expect(await store().discussion.firstSighting('discord:reaction:2', '2024-10-27T10:00:00Z')).toBe(false);
  });

  it('two instances sharing the database see each replayed event once between them', async () => {
    const [one, two] = await testStore.openShared(2);
    if (!one || !two) throw new Error('two stores expected');
    try {
      const keys = Array.from({ length: 20 }, (_, index) => `slack:event:${index % 10}`);
      const seen = await Promise.all(
        keys.map(
          async (key, index) =>
            await (index % 2 === 0 ? one : two).discussion.firstSighting(key, '2024-10-25T10:00:00Z'),
        ),
      );
      expect(seen.filter(Boolean)).toHaveLength(10);
    } finally {
      await one.close();
      await two.close();
    }
  });
});

const model = (fingerprint: string): ChannelModel => ({
  bias: -0.5,
  weights: new Map([['diffus', 1.25]]),
  idf: { weights: new Map([['diffus', 2]]), unseen: 3 },
  labels: new Map([['diffus', 'diffusion']]),
  counts: { flagged: 3, disliked: 1, ignored: 4 },
  trainedAt: '2024-10-25T00:00:00Z',
  fingerprint,
});

describe.each(testStores)('$name store: ranking', (testStore) => {
  const store = useStore(testStore);

  it('counts each dislike once, per channel', async () => {
    expect(await store().ranking.addDislike(channel, '2410.00001', 'u1', '2024-10-25T10:00:00Z')).toBe(true);
    expect(await store().ranking.addDislike(channel, '2410.00001', 'u1', '2024-10-25T11:00:00Z')).toBe(false);
    expect(await store().ranking.addDislike(otherChannel, '2410.00001', 'u1', '2024-10-25T11:00:00Z')).toBe(
      true,
    );
    expect(await store().ranking.removeDislike(channel, '2410.00001', 'u1')).toBe(true);
    expect(await store().ranking.removeDislike(channel, '2410.00001', 'u1')).toBe(false);
  });

  it('saves, replaces and reads back a channel model', async () => {
    expect(await store().ranking.getModel(channel)).toBeNull();
    await store().ranking.saveModel(channel, storedModel(model('f1')));
    await store().ranking.saveModel(channel, storedModel(model('f2')));
    expect(modelFromStore(await store().ranking.getModel(channel))).toEqual(model('f2'));
    expect(await store().ranking.getModel(otherChannel)).toBeNull();
  });

  it("reads a channel's signals: flags (queued and discussed), dislikes and old posts, newest first", async () => {
    const a = await store().discussion.ensureItem(channel, '2410.00001', 'm1', '2024-10-20T10:00:00Z');
    await store().discussion.addFlag(a.id, 'u1', 'Ada', '2024-10-20T10:00:00Z');
    await store().discussion.addFlag(a.id, 'u2', 'Alan', '2024-10-20T11:00:00Z');
    await store().discussion.markDiscussed(a.id, 'lead', '2024-10-21T15:00:00Z');
    await store().discussion.addFlag(a.id, 'u1', 'Ada', '2024-10-22T09:00:00Z');
    const b = await store().discussion.ensureItem(channel, '2410.00002', 'm2', '2024-10-23T10:00:00Z');
    await store().discussion.addFlag(b.id, 'u3', 'Grace', '2024-10-23T10:00:00Z');
    const elsewhere = await store().discussion.ensureItem(
      otherChannel,
      '2410.00009',
      'x',
      '2024-10-23T10:00:00Z',
    );
    await store().discussion.addFlag(elsewhere.id, 'u3', 'Grace', '2024-10-23T10:00:00Z');
    await store().ranking.addDislike(channel, '2410.00003', 'u1', '2024-10-22T10:00:00Z');
    await store().ranking.addDislike(channel, '2410.00003', 'u2', '2024-10-24T10:00:00Z');
    await store().ranking.addDislike(channel, '2410.00004', 'u2', '2024-10-23T10:00:00Z');

    const subscription = await store().subscriptions.upsert(
      channel,
      defaultDigestSettings,
      '2024-10-19T00:00:00Z',
    );
    const pending = (paperId: string, rank: number) => ({
      paperId,
      state: 'pending' as const,
      reason: null,
      detail: null,
      rank,
    });
    await store().deliveries.createRun(
      subscription.id,
      '2024-10-20',
      '2024-10-19',
      [pending('2410.00005', 0), pending('2410.00006', 1), pending('2410.00007', 2)],
      '2024-10-20T09:00:00Z',
    );
    const rows = await store().deliveries.outstanding(
      (await store().deliveries.lastRun(subscription.id))?.id ?? 0,
    );
    const sentAt = ['2024-10-20T09:01:00Z', '2024-10-20T09:02:00Z', '2024-10-26T09:00:00Z'];
    for (const [index, row] of rows.entries()) {
      await store().deliveries.markSent(row.id, `m${index}`, null, sentAt[index] ?? '');
    }

    const signals = await store().ranking.signals(channel, '2024-10-25T00:00:00Z', 10);
    expect(signals.flagged).toEqual([
      { paperId: '2410.00002', flags: 1, lastAt: '2024-10-23T10:00:00Z' },
      { paperId: '2410.00001', flags: 2, lastAt: '2024-10-22T09:00:00Z' },
    ]);
    expect(signals.disliked).toEqual([
      { paperId: '2410.00003', lastAt: '2024-10-24T10:00:00Z' },
      { paperId: '2410.00004', lastAt: '2024-10-23T10:00:00Z' },
    ]);
    expect(signals.posted).toEqual([
      { paperId: '2410.00006', postedAt: '2024-10-20T09:02:00Z' },
      { paperId: '2410.00005', postedAt: '2024-10-20T09:01:00Z' },
    ]);
    const limited = await store().ranking.signals(channel, '2024-10-25T00:00:00Z', 1);
    expect([limited.flagged.length, limited.disliked.length, limited.posted.length]).toEqual([1, 1, 1]);
    expect(await store().ranking.signals(otherChannel, '2024-10-25T00:00:00Z', 10)).toEqual({
      flagged: [{ paperId: '2410.00009', flags: 1, lastAt: '2024-10-23T10:00:00Z' }],
      disliked: [],
      posted: [],
    });
  });
});
