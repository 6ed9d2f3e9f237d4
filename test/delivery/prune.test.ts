import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultDigestSettings } from '../../src/records/subscription';
import { oct25Batch } from '../support/fixtures';
import { RecordingPort } from '../support/recording-port';
import { startTestCore, type TestCore } from '../support/test-core';

describe('delivery log retention', () => {
  let t: TestCore;
  beforeEach(async () => {
    t = await startTestCore({ now: '2024-10-26T09:00:00Z' });
    t.hf.setDay('2024-10-25', oct25Batch());
    t.core.ports.register(new RecordingPort('discord'));
  });
  afterEach(async () => await t.close());

  it('prunes old skip rows and replay guards but keeps what was sent, so nothing is ever reposted', async () => {
    const channel = { platform: 'discord' as const, workspaceId: 'G', channelId: 'C' };
    const sub = await t.core.store.subscriptions.upsert(
      channel,
      { ...defaultDigestSettings, topN: 3 },
      '2024-10-01T00:00:00Z',
    );
    await t.core.digests.runDueDigests(t.clock.now());
    await t.core.store.discussion.firstSighting('slack:Ev1', '2024-10-26T09:00:00Z');
    expect((await t.core.store.deliveries.get(sub.id, '2410.18975'))?.state).toBe('skipped');

    const result = await t.core.prune(new Date('2025-03-01T00:00:00Z'));
    expect(result).toEqual({ deliveries: 26, events: 1 });
    expect(await t.core.store.deliveries.get(sub.id, '2410.18975')).toBeNull();
    expect((await t.core.store.deliveries.get(sub.id, '2410.17243'))?.state).toBe('sent');
    expect(await t.core.store.discussion.firstSighting('slack:Ev1', '2025-03-01T00:00:00Z')).toBe(true);
  });
});
