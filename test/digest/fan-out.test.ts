/**
 * The digest engine's fan-out over a port that posts three channels at once: stop() and a refused database
 * write end it cleanly (the posts in flight finish, no channel starts, what is left goes out later, once).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { PaperboyError } from '../../src/errors';
import { defaultDigestSettings } from '../../src/records/subscription';
import { oct25Batch } from '../support/fixtures';
import { RecordingPort } from '../support/recording-port';
import { startTestCore, type TestCore } from '../support/test-core';

const channelIds = ['c1', 'c2', 'c3', 'c4', 'c5', 'c6'];

describe('the digest fan-out', () => {
  let t: TestCore;
  let port: RecordingPort;
  let release: () => void = () => {};

  async function setUp() {
    t = await startTestCore({ now: '2024-10-26T09:00:00Z' });
    t.hf.setDay('2024-10-25', oct25Batch());
    port = new RecordingPort('discord');
    port.concurrentChannels = 3;
    port.gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    t.core.ports.register(port);
    for (const channelId of channelIds)
      await t.core.store.subscriptions.upsert(
        { platform: 'discord', workspaceId: 'guild-1', channelId },
        defaultDigestSettings,
        '2024-10-20T00:00:00Z',
      );
  }
  const tick = () => t.core.digests.runDueDigests(t.clock.now());
  const untilWaiting = async (count: number) => {
    for (let i = 0; i < 500 && port.waiting < count; i++) await new Promise((r) => setTimeout(r, 10));
    expect(port.waiting).toBe(count);
  };
  /** Every channel got its header and its 10 papers, each once. */
  const expectEveryChannelOnce = () => {
    for (const channelId of channelIds) {
      const keys = port.postsIn(channelId).map((post) => post.key);
      expect(keys, channelId).toHaveLength(11);
      expect(new Set(keys).size, channelId).toBe(11);
    }
  };

  afterEach(async () => await t.close());

  it('posts as many channels at once as the port allows, and no more', async () => {
    await setUp();
    const run = tick();
    await untilWaiting(3);
    // Three channels' headers are at the platform; the other three channels have not started.
    await new Promise((r) => setTimeout(r, 50));
    expect(port.waiting).toBe(3);
    port.gate = null;
    release();
    await expect(run).resolves.toMatchObject({ due: 6, posted: 60, failed: 0 });
    expectEveryChannelOnce();
  });

  it('on stop() lets the posts in flight finish, starts no other post or channel, and runs no further tick', async () => {
    await setUp();
    const run = tick();
    await untilWaiting(3);
    const stopped = t.core.digests.stop();
    port.gate = null;
    release();
    await stopped;
    await run;
    // The three headers in flight went out; nothing after them, and no other channel was started.
    expect(port.posts.map((post) => `${post.channelId}:${post.kind}`)).toEqual([
      'c1:header',
      'c2:header',
      'c3:header',
    ]);
    expect(await tick()).toMatchObject({ due: 0 });
  });

  it('on a refused database write starts no other channel, postpones once, and the next tick finishes each channel once', async () => {
    await setUp();
    const deliveries = t.core.store.deliveries as {
      -readonly [K in keyof typeof t.core.store.deliveries]: (typeof t.core.store.deliveries)[K];
    };
    const setHeaderState = deliveries.setHeaderState.bind(deliveries);
    let refusals = 1;
    deliveries.setHeaderState = async (runId, state, messageId) => {
      if (state === 'sent' && refusals-- > 0)
        throw new PaperboyError('store_busy', 'The database is locked by another process.');
      await setHeaderState(runId, state, messageId);
    };
    const run = tick();
    await untilWaiting(3);
    port.gate = null;
    release();
    const refused = await run;
    expect(refused.storeError).toBe('The database is locked by another process.');
    // The channels under way stopped once the refusal was known (at most the post then in flight went
    // out after their header); the others never started.
    expect(new Set(port.posts.map((post) => post.channelId))).toEqual(new Set(['c1', 'c2', 'c3']));
    for (const channelId of ['c1', 'c2', 'c3']) expect(port.postsIn(channelId).length).toBeLessThanOrEqual(2);

    t.clock.advance(60_000);
    const resumed = await tick();
    expect(resumed).toMatchObject({ due: 6, failed: 0 });
    expect(refused.posted + resumed.posted).toBe(60);
    expectEveryChannelOnce();
  });
});
