import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CommandContext } from '../../commands/command-context';
import type { TextReply } from '../../src/chat/replies';
import { type DigestSettings, defaultDigestSettings } from '../../src/records/subscription';
import { oct25Batch, variant } from '../support/fixtures';
import { RecordingPort } from '../support/recording-port';
import { startTestCore, type TestCore } from '../support/test-core';

const channel = { platform: 'discord' as const, workspaceId: 'G1', channelId: 'C1' };
const context: CommandContext = {
  channel,
  userId: 'U1',
  canManageChannel: false,
  manageChannelRequirement: 'members with the Manage Channels permission',
  commandPrefix: '/papers',
};

describe('/papers why', () => {
  let t: TestCore;
  let port: RecordingPort;
  const why = async (id: string) =>
    ((await t.core.commands.executeText(`why ${id}`, context)) as TextReply).text;
  const subscribe = async (settings: Partial<DigestSettings>) =>
    await t.core.store.subscriptions.upsert(
      channel,
      { ...defaultDigestSettings, ...settings },
      '2024-10-01T00:00:00Z',
    );

  beforeEach(async () => {
    t = await startTestCore({ now: '2024-10-26T09:00:00Z' });
    t.hf.setDay('2024-10-25', oct25Batch());
    port = new RecordingPort('discord');
    t.core.ports.register(port);
  });
  afterEach(async () => await t.close());

  it('says when the channel is not subscribed', async () => {
    expect(await why('2410.17243')).toContain('This channel is not subscribed');
  });

  it('answers from the delivery log after the channel unsubscribed', async () => {
    await subscribe({ topN: 2 });
    await t.core.digests.runDueDigests(t.clock.now());
    await t.core.commands.executeText('unsubscribe', { ...context, canManageChannel: true });
    const text = await why('2410.17243');
    expect(text).toMatch(/\(2410\.17243\) was posted here on 2024-10-26 in the 2024-10-25 digest/);
    expect(text).toContain('This channel has since unsubscribed');
    expect(await why('2410.99999')).toContain('This channel is not subscribed');
  });

  it('explains posted, filtered, below threshold and outside the top N', async () => {
    await subscribe({ topN: 2, minUpvotes: 10, exclude: ['hallucinations'] });
    await t.core.digests.runDueDigests(t.clock.now());
    const posted = (await why('https://huggingface.co/papers/2410.17243')).split('\n');
    expect(posted[0]).toMatch(
      /^"Breaking the Memory Barrier: .*" \(2410\.17243\) was posted here on 2024-10-26 in the 2024-10-25 digest: https:\/\/chat\.test\/C1\/msg-\d+$/,
    );
    expect(posted[1]).toBe(
      'Team ranking: not learning yet — it starts once 5 papers are flagged here (0 so far); by upvotes this paper is #1 of the 29 papers of 2024-10-25. It was #1 in its digest.',
    );
    expect(await why('2410.16251')).toContain(
      'was left out of the 2024-10-25 digest: it matched the exclude keyword "hallucinations".',
    );
    expect(await why('2410.18194')).toContain("it had 3 upvotes, below the channel's minimum of 10.");
    expect(await why('2410.18978')).toMatch(
      /it was ranked [3-9] by upvotes, and the channel takes the top 2\./,
    );
  });

  it('explains a failed post and whether it will be retried', async () => {
    await subscribe({ topN: 1 });
    port.failNext('C1', 'rejected', 1, 'paper');
    await t.core.digests.runDueDigests(t.clock.now());
    expect(await why('2410.17243')).toContain(
      'failed after 1 attempt: simulated rejected in C1. It will not be retried.',
    );
  });

  it('explains papers not listed yet, not digested yet, and listed again after being posted', async () => {
    await subscribe({ topN: 1 });
    await t.core.digests.runDueDigests(t.clock.now());
    expect(await why('2501.00001')).toContain(
      '2501.00001 is not in any Daily Papers batch paperboy has seen yet',
    );
    const base = oct25Batch()[0];
    if (!base) throw new Error('fixture missing');
    t.hf.setDay('2024-10-28', [variant(base, { id: '2410.99999', title: 'Monday paper' }), base]);
    await t.core.sync.syncDay('2024-10-28');
    expect(await why('2410.99999')).toContain(
      "is in the 2024-10-28 batch, which this channel's next digest will cover (posting every day at 09:00 UTC)",
    );
    t.clock.set('2024-10-29T09:00:00Z');
    await t.core.digests.runDueDigests(t.clock.now());
    expect(await why('2410.17243')).toContain(
      'It was listed again on 2024-10-28 and, as always, not posted twice.',
    );
  });

  it('mentions a paused subscription', async () => {
    const sub = await subscribe({ topN: 1 });
    await t.core.digests.runDueDigests(t.clock.now());
    await t.core.store.subscriptions.pause(sub.id, 'Missing Access', '2024-10-26T10:00:00Z');
    expect(await why('2410.17243')).toContain("this channel's digest is paused (Missing Access)");
  });

  it('rejects something that is not a paper reference', async () => {
    expect(await why('lol')).toBe('"lol" is not an arXiv id or paper URL; try 2410.17243');
  });
});
