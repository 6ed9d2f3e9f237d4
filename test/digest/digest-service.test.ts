import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type DigestSettings, defaultDigestSettings } from '../../src/records/subscription';
import { oct25Batch, variant } from '../support/fixtures';
import { RecordingPort } from '../support/recording-port';
import { startTestCore, type TestCore } from '../support/test-core';

const channel = (id: string) => ({ platform: 'discord' as const, workspaceId: 'guild-1', channelId: id });

describe('digest engine', () => {
  let t: TestCore;
  let port: RecordingPort;

  async function setUp(now = '2024-10-26T08:00:00Z') {
    t = await startTestCore({ now });
    t.hf.setDay('2024-10-25', oct25Batch());
    port = new RecordingPort('discord');
    t.core.ports.register(port);
  }
  const subscribe = async (id: string, settings: Partial<DigestSettings> = {}, at = '2024-10-20T00:00:00Z') =>
    await t.core.store.subscriptions.upsert(channel(id), { ...defaultDigestSettings, ...settings }, at);
  const tick = () => t.core.digests.runDueDigests(t.clock.now());

  afterEach(async () => await t.close());

  it('posts a header then the top 10 of the latest complete batch, most upvoted first, at the set time', async () => {
    await setUp();
    await subscribe('c1');
    expect((await tick()).due).toBe(0);
    expect(port.posts).toHaveLength(0);
    t.clock.set('2024-10-26T09:00:00Z');
    const result = await tick();
    expect(result).toMatchObject({ due: 1, posted: 10, failed: 0 });
    const posts = port.postsIn('c1');
    expect(posts[0]).toMatchObject({ kind: 'header', text: 'Daily Papers — Fri 25 Oct · top 10 of 29' });
    expect(port.paperIdsIn('c1')[0]).toBe('2410.17243');
    expect(posts.slice(1).every((post) => post.kind === 'paper')).toBe(true);
  });

  it('starts no further post or channel once its lease is lost (the signal aborts), and the next run resumes', async () => {
    await setUp('2024-10-26T09:00:00Z');
    await subscribe('c1');
    await subscribe('c2');
    port.concurrentChannels = 1;
    let open = () => {};
    port.gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const lease = new AbortController();
    const run = t.core.digests.runDueDigests(t.clock.now(), lease.signal);
    await vi.waitFor(() => expect(port.waiting).toBe(1));
    // Another instance took the job over while the first post was in flight: that post finishes, no other starts.
    lease.abort();
    port.gate = null;
    open();
    await run;
    expect(port.posts).toHaveLength(1);
    expect(port.postsIn('c2')).toEqual([]);
    expect((await t.core.digests.runDueDigests(t.clock.now(), lease.signal)).due).toBe(0);
    // Whoever holds the lease next resumes the run where it stopped.
    await t.core.digests.runDueDigests(t.clock.now(), new AbortController().signal);
    expect(port.postsIn('c1')).toHaveLength(11);
    expect(port.postsIn('c2')).toHaveLength(11);
  });

  it('never posts the same paper twice in a channel: not on the next tick, the next day, or after a restart', async () => {
    await setUp('2024-10-26T09:00:00Z');
    await subscribe('c1', { topN: 5 });
    await tick();
    await tick();
    t.clock.set('2024-10-27T09:00:00Z');
    await tick();
    expect(port.paperIdsIn('c1')).toHaveLength(5);
    // A new day repeats papers from an earlier batch (HF relists them): they are left out.
    const relisted = oct25Batch().slice(0, 3);
    const fresh = oct25Batch()
      .slice(0, 2)
      .map((item, i) => variant(item, { id: `2410.9000${i}`, title: `Fresh paper ${i}`, upvotes: 500 }));
    t.hf.setDay('2024-10-28', [...relisted, ...fresh]);
    t.clock.set('2024-10-29T09:00:00Z');
    await tick();
    const ids = port.paperIdsIn('c1');
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.slice(5)).toEqual(['2410.90000', '2410.90001']);
  });

  it('applies include and exclude keywords as whole words, and the upvote minimum, recording why', async () => {
    await setUp('2024-10-26T09:00:00Z');
    const sub = await subscribe('c1', {
      include: ['LLMs', 'diffusion'],
      exclude: ['hallucinations'],
      minUpvotes: 5,
      topN: 50,
    });
    await tick();
    const posted = port.paperIdsIn('c1');
    expect(posted.length).toBeGreaterThan(0);
    const papers = await t.core.store.papers.getMany(posted);
    for (const paper of papers) {
      const text = `${paper.title} ${paper.abstract}`;
      expect(text).toMatch(/\b(LLMs|diffusion)\b/i);
      expect(text).not.toMatch(/\bhallucinations\b/i);
      expect(paper.upvotes).toBeGreaterThanOrEqual(5);
    }
    const knowledgeEditing = await t.core.store.deliveries.get(sub.id, '2410.16251');
    expect(knowledgeEditing).toMatchObject({ state: 'skipped', reason: 'excluded_keyword' });
    expect(knowledgeEditing?.detail).toContain('hallucinations');
  });

  it('keeps only the top N and logs the rest as outside the top N', async () => {
    await setUp('2024-10-26T09:00:00Z');
    const sub = await subscribe('c1', { topN: 3 });
    await tick();
    expect(port.paperIdsIn('c1')).toEqual(['2410.17243', '2410.16251', '2410.18533']);
    expect(await t.core.store.deliveries.get(sub.id, '2410.18693')).toMatchObject({
      state: 'skipped',
      reason: 'outside_top_n',
    });
  });

  it('posts at the local time of the subscription time zone', async () => {
    await setUp('2024-10-26T15:59:00Z'); // 08:59 in Los Angeles, 00:59 on the 27th in Tokyo
    await subscribe('tokyo', { time: '09:00', timezone: 'Asia/Tokyo' });
    await subscribe('la', { time: '09:00', timezone: 'America/Los_Angeles' });
    await tick();
    expect(port.posts).toHaveLength(0);
    t.clock.set('2024-10-26T16:00:00Z'); // 09:00 in Los Angeles (PDT)
    await tick();
    expect(port.paperIdsIn('la')).toHaveLength(10);
    expect(port.postsIn('tokyo')).toHaveLength(0);
    t.clock.set('2024-10-27T00:00:00Z'); // 09:00 in Tokyo
    await tick();
    expect(port.paperIdsIn('tokyo')).toHaveLength(10);
  });

  it('posts once on the spring-forward day even when the set time does not exist', async () => {
    await setUp('2025-03-30T00:30:00Z');
    t.hf.setDay('2025-03-28', oct25Batch());
    await subscribe('paris', { time: '02:30', timezone: 'Europe/Paris' });
    await tick(); // 01:30 CET
    expect(port.postsIn('paris')).toHaveLength(0);
    t.clock.set('2025-03-30T01:00:00Z'); // clocks jump from 02:00 CET to 03:00 CEST
    await tick();
    expect(port.paperIdsIn('paris')).toHaveLength(10);
    t.clock.set('2025-03-30T01:30:00Z');
    await tick();
    expect(port.paperIdsIn('paris')).toHaveLength(10);
  });

  it('posts once on the fall-back day although the set time happens twice', async () => {
    await setUp('2025-10-26T00:30:00Z'); // 02:30 CEST
    t.hf.setDay('2025-10-24', oct25Batch());
    await subscribe('paris', { time: '02:30', timezone: 'Europe/Paris' });
    await tick();
    expect(port.paperIdsIn('paris')).toHaveLength(10);
    t.clock.set('2025-10-26T01:30:00Z'); // 02:30 again, now CET
    await tick();
    expect(port.postsIn('paris').filter((post) => post.kind === 'header')).toHaveLength(1);
  });

  it('skips the weekdays a channel does not post on', async () => {
    await setUp('2024-10-26T09:00:00Z'); // a Saturday
    await subscribe('weekdays', { weekdays: [1, 2, 3, 4, 5] });
    await tick();
    expect(port.postsIn('weekdays')).toHaveLength(0);
    t.clock.set('2024-10-28T09:00:00Z'); // Monday: Friday's batch
    await tick();
    expect(port.postsIn('weekdays')[0]?.text).toBe('Daily Papers — Fri 25 Oct · top 10 of 29');
  });

  it('covers every batch since the last digest, so weekend papers arrive on Monday', async () => {
    await setUp('2024-10-25T09:00:00Z'); // Friday: Thursday's batch
    const base = oct25Batch()[0];
    if (!base) throw new Error('fixture missing');
    t.hf.setDay('2024-10-24', [variant(base, { id: '2410.70000', title: 'Thursday paper' })]);
    await subscribe('weekdays', { weekdays: [1, 2, 3, 4, 5], topN: 50 }, '2024-10-01T00:00:00Z');
    await tick();
    expect(port.paperIdsIn('weekdays')).toEqual(['2410.70000']);
    t.hf.setDay('2024-10-26', [variant(base, { id: '2410.70001', title: 'Saturday paper', upvotes: 900 })]);
    t.hf.setDay('2024-10-27', [variant(base, { id: '2410.70002', title: 'Sunday paper', upvotes: 800 })]);
    t.clock.set('2024-10-28T09:00:00Z'); // Monday: Friday's, Saturday's and Sunday's batches
    await tick();
    const monday = port.paperIdsIn('weekdays').slice(1);
    expect(monday).toHaveLength(31);
    expect(monday.slice(0, 3)).toEqual(['2410.70001', '2410.70002', '2410.17243']);
  });

  it('catches up after a restart on the same local day, but not a day late', async () => {
    await setUp('2024-10-26T15:00:00Z');
    await subscribe('c1');
    await tick();
    expect(port.paperIdsIn('c1')).toHaveLength(10);
    await subscribe('late', {}, '2024-10-20T00:00:00Z');
    t.clock.set('2024-10-27T00:30:00Z'); // the bot was down all of the 26th for this channel
    const result = await tick();
    expect(result.due).toBe(0);
  });

  it("waits until tomorrow for a channel that subscribed after today's time", async () => {
    await setUp('2024-10-26T10:00:00Z');
    await subscribe('new', {}, '2024-10-26T09:30:00Z');
    await tick();
    expect(port.postsIn('new')).toHaveLength(0);
    t.hf.setDay(
      '2024-10-26',
      oct25Batch().map((item, i) => variant(item, { id: `2410.8${String(i).padStart(4, '0')}` })),
    );
    t.clock.set('2024-10-27T09:00:00Z');
    await tick();
    expect(port.paperIdsIn('new')).toHaveLength(10);
  });

  it('posts nothing on a day with nothing new, or one short line when asked', async () => {
    await setUp('2024-10-26T09:00:00Z');
    await subscribe('quiet');
    await subscribe('chatty', { postWhenEmpty: true });
    await tick();
    t.clock.set('2024-10-27T09:00:00Z'); // Sunday: no new batch since Friday
    await tick();
    expect(port.postsIn('quiet')).toHaveLength(11);
    expect(port.postsIn('chatty').at(-1)).toMatchObject({
      kind: 'text',
      text: expect.stringContaining('nothing new'),
    });
  });

  it('never posts an empty digest when Hugging Face is down, and posts when it is back the same day', async () => {
    await setUp('2024-10-26T09:00:00Z');
    await subscribe('c1');
    t.hf.failNext('daily_papers', { kind: 'status', status: 503 }, 1_000);
    const down = await tick();
    expect(down.sourceError).toMatch(/HTTP 503/);
    expect(port.posts).toHaveLength(0);
    // While it stays down, the source is asked again after 1, 2, 4… minutes, not on every tick.
    const asked = () => t.hf.requests.length;
    t.clock.set('2024-10-26T09:01:00Z');
    await tick();
    const afterSecondTry = asked();
    t.clock.set('2024-10-26T09:02:00Z');
    expect((await tick()).sourceError).toMatch(/HTTP 503/);
    expect(asked()).toBe(afterSecondTry);
    t.hf.clearFaults();
    t.clock.set('2024-10-26T11:00:00Z');
    const back = await tick();
    expect(back.posted).toBe(10);
  });

  it('pauses only the subscription whose channel is gone, and keeps posting to the others', async () => {
    await setUp('2024-10-26T09:00:00Z');
    const gone = await subscribe('gone');
    await subscribe('fine');
    port.breakChannel('gone', 'channel_unavailable');
    await tick();
    expect(port.paperIdsIn('fine')).toHaveLength(10);
    expect((await t.core.store.subscriptions.getById(gone.id))?.pausedReason).toContain(
      'channel_unavailable',
    );
    expect((await t.core.store.subscriptions.listActive()).map((sub) => sub.channel.channelId)).toEqual([
      'fine',
    ]);
  });

  it('retries a post that failed transiently on the next tick, without duplicates', async () => {
    await setUp('2024-10-26T09:00:00Z');
    await subscribe('c1', { topN: 3 });
    port.failNext('c1', 'transient', 1, 'paper');
    const first = await tick();
    expect(first).toMatchObject({ posted: 2, failed: 1 });
    t.clock.set('2024-10-26T09:01:00Z');
    expect(await tick()).toMatchObject({ posted: 1, failed: 0 });
    expect(port.paperIdsIn('c1').sort()).toEqual(['2410.16251', '2410.17243', '2410.18533']);
    expect(port.postsIn('c1').filter((post) => post.kind === 'header')).toHaveLength(1);
  });

  it('does not resend a post the platform accepted just before a crash', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'paperboy-crash-')), 'paperboy.db');
    t = await startTestCore({ now: '2024-10-26T09:00:00Z', databaseUrl: file });
    t.hf.setDay('2024-10-25', oct25Batch());
    port = new RecordingPort('discord');
    t.core.ports.register(port);
    await subscribe('c1', { topN: 3 });
    port.hangAfterPapers = 1; // the second paper is accepted, then the process "dies"
    void tick();
    await vi.waitFor(() => expect(port.paperIdsIn('c1')).toHaveLength(2));
    await t.close();

    // Restart on the same database file; the platform (port) still holds what it accepted.
    t = await startTestCore({ now: '2024-10-26T09:05:00Z', databaseUrl: file });
    t.hf.setDay('2024-10-25', oct25Batch());
    port.hangAfterPapers = null;
    t.core.ports.register(port);
    expect(await t.core.digests.reconcileInFlight(t.clock.now())).toBe(1);
    await tick();
    const ids = port.paperIdsIn('c1');
    expect(ids).toHaveLength(3);
    expect(new Set(ids).size).toBe(3);
  });
});
