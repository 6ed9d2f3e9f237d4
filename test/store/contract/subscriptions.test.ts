import { describe, expect, it } from 'vitest';
import { defaultDigestSettings } from '../../../src/records/subscription';
import { testStores } from '../../support/test-stores';
import { channel, otherChannel, useStore } from './contract-support';

describe.each(testStores)('$name store: subscriptions', (testStore) => {
  const store = useStore(testStore);

  it('creates a subscription, and updating it keeps its id and creation time', async () => {
    const created = await store().subscriptions.upsert(
      channel,
      defaultDigestSettings,
      '2024-10-25T00:00:00Z',
    );
    expect(created).toMatchObject({
      ...defaultDigestSettings,
      channel,
      active: true,
      pausedReason: null,
      createdAt: '2024-10-25T00:00:00Z',
      updatedAt: '2024-10-25T00:00:00Z',
    });
    const updated = await store().subscriptions.upsert(
      channel,
      { ...defaultDigestSettings, time: '07:30', source: 'trending', include: ['video'] },
      '2024-10-26T00:00:00Z',
    );
    expect(updated).toMatchObject({
      id: created.id,
      time: '07:30',
      source: 'trending',
      include: ['video'],
      createdAt: '2024-10-25T00:00:00Z',
      updatedAt: '2024-10-26T00:00:00Z',
    });
    expect(await store().subscriptions.get(channel)).toEqual(updated);
    expect(await store().subscriptions.getById(created.id)).toEqual(updated);
    expect(await store().subscriptions.get(otherChannel)).toBeNull();
    expect(await store().subscriptions.getById(created.id + 1000)).toBeNull();
  });

  it('lists active, unpaused subscriptions in creation order', async () => {
    const first = await store().subscriptions.upsert(channel, defaultDigestSettings, '2024-10-25T00:00:00Z');
    const second = await store().subscriptions.upsert(
      otherChannel,
      defaultDigestSettings,
      '2024-10-25T00:00:00Z',
    );
    const third = await store().subscriptions.upsert(
      { ...channel, channelId: 'c3' },
      defaultDigestSettings,
      '2024-10-25T00:00:00Z',
    );
    expect((await store().subscriptions.listActive()).map((s) => s.id)).toEqual([
      first.id,
      second.id,
      third.id,
    ]);
    await store().subscriptions.pause(second.id, 'channel_unavailable', '2024-10-26T00:00:00Z');
    expect(await store().subscriptions.deactivate(channel, '2024-10-26T00:00:00Z')).toBe(true);
    expect(await store().subscriptions.deactivate(channel, '2024-10-26T00:00:00Z')).toBe(false);
    expect((await store().subscriptions.listActive()).map((s) => s.id)).toEqual([third.id]);
    expect(await store().subscriptions.getById(second.id)).toMatchObject({
      pausedReason: 'channel_unavailable',
      updatedAt: '2024-10-26T00:00:00Z',
    });
  });

  it('subscribing again reactivates and unpauses, keeping the id; a new creation time after unsubscribing', async () => {
    const created = await store().subscriptions.upsert(
      channel,
      defaultDigestSettings,
      '2024-10-25T00:00:00Z',
    );
    await store().subscriptions.pause(created.id, 'unauthorized', '2024-10-26T00:00:00Z');
    const unpaused = await store().subscriptions.upsert(
      channel,
      defaultDigestSettings,
      '2024-10-27T00:00:00Z',
    );
    expect(unpaused).toMatchObject({ id: created.id, pausedReason: null, createdAt: '2024-10-25T00:00:00Z' });
    await store().subscriptions.deactivate(channel, '2024-10-28T00:00:00Z');
    expect((await store().subscriptions.get(channel))?.active).toBe(false);
    const again = await store().subscriptions.upsert(channel, defaultDigestSettings, '2024-10-29T00:00:00Z');
    expect(again).toMatchObject({ id: created.id, active: true, createdAt: '2024-10-29T00:00:00Z' });
  });
});
