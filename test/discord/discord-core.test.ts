/** End to end: the real core (SQLite, fake Hugging Face) behind the real Discord adapter and a fake Discord. */
import { ApplicationCommandOptionType as T } from 'discord.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CommandService } from '../../commands/command-service';
import { oct25Batch, variant } from '../support/fixtures';
import { startTestCore, type TestCore } from '../support/test-core';
import { ALICE, buttonLabels, channelRef, GENERAL_CHANNEL, Harness, PAPERS_CHANNEL } from './discord-harness';

const EPHEMERAL = 64;

describe('Discord adapter with the real core', () => {
  let t: TestCore;
  let harness: Harness<CommandService>;
  beforeEach(async () => {
    t = await startTestCore({ now: '2024-10-26T08:00:00Z' });
    t.hf.setDay('2024-10-25', oct25Batch());
    harness = await Harness.start({ commands: t.core.commands });
    t.core.ports.register(harness.adapter.port);
  });
  afterEach(async () => {
    await harness.close();
    await t.close();
  });

  const subscribe = (channelId: string, top = 5) =>
    harness.slash(
      'subscribe',
      [
        { name: 'time', type: T.String, value: '09:00' },
        { name: 'top', type: T.Integer, value: top },
      ],
      { admin: true, channelId },
    );
  const tick = () => t.core.digests.runDueDigests(t.clock.now());
  const digestMessages = (channelId: string) =>
    harness.fake.store.channelHistory(channelId).filter((message) => !message.interaction_metadata);

  it('subscribes a channel with one command and posts the next digest there', async () => {
    const { answer } = await subscribe(PAPERS_CHANNEL);
    expect((answer.message?.flags ?? 0) & EPHEMERAL).toBe(0);
    expect(answer.message?.content).toMatch(/^✅ This channel now gets the Hugging Face Daily Papers/);

    t.clock.set('2024-10-26T09:00:00Z');
    await expect(tick()).resolves.toMatchObject({ due: 1, posted: 5, failed: 0 });
    const [header, ...papers] = digestMessages(PAPERS_CHANNEL);
    expect(header?.content).toMatch(/^\*\*Daily Papers — Fri 25 Oct · top 5 of 29\*\*\n-# ref pb:run:\d+$/);
    expect(papers).toHaveLength(5);
    expect(papers[0]?.embeds[0]?.url).toBe('https://huggingface.co/papers/2410.17243');
    for (const paper of papers) {
      expect(paper.embeds).toHaveLength(1);
      expect(buttonLabels(paper).slice(0, 3)).toEqual(['Hugging Face', 'arXiv', 'PDF']);
      expect(paper.embeds[0]?.footer?.text).toMatch(/ref pb:\d+:\d{4}\.\d{5}$/);
    }
    const posts = harness.fake.requestsTo('POST', new RegExp(`^/channels/${PAPERS_CHANNEL}/messages$`));
    expect(posts.every((post) => (post.body as { enforce_nonce?: boolean }).enforce_nonce === true)).toBe(
      true,
    );
    // The core's delivery log knows which Discord message is which paper (reactions map back through it).
    const delivery = await t.core.store.deliveries.findByMessage(channelRef(), papers[0]?.id ?? '');
    expect(delivery).toMatchObject({ paperId: '2410.17243', state: 'sent' });
  });

  it('refuses /papers subscribe privately to a member without Manage Channels', async () => {
    const { answer } = await harness.slash('subscribe', [], { admin: false });
    expect((answer.message?.flags ?? 0) & EPHEMERAL).toBe(EPHEMERAL);
    expect(answer.message?.content).toContain('the Manage Channels permission');
    expect(await t.core.store.subscriptions.get(channelRef())).toBeNull();
  });

  it('searches, pages and shares results through the real command service', async () => {
    await subscribe(PAPERS_CHANNEL);
    t.clock.set('2024-10-26T09:00:00Z');
    await tick();
    const { answer } = await harness.slash('search', [{ name: 'query', type: T.String, value: 'language' }]);
    expect((answer.message?.flags ?? 0) & EPHEMERAL).toBe(EPHEMERAL);
    expect(answer.message?.embeds[0]?.title).toBe('Papers matching "language"');
    expect(answer.message?.embeds[0]?.fields).toHaveLength(5);
    expect(buttonLabels(answer.message)).toEqual(['Next', 'Share in channel', 'More on Hugging Face']);
    const list = harness.fake.store.message(answer.message?.id ?? '');
    if (!list) throw new Error('the list is gone');
    const next = await harness.click(list, 'Next');
    expect(next.answer.callbackType).toBe(7);
    expect(buttonLabels(next.answer.message)).toEqual([
      'Previous',
      'Next',
      'Share in channel',
      'More on Hugging Face',
    ]);
    const shared = await harness.click(harness.fake.store.message(list.id) ?? list, 'Share in channel');
    expect((shared.answer.message?.flags ?? 0) & EPHEMERAL).toBe(0);
    expect(shared.answer.message?.embeds[0]?.fields?.length).toBeGreaterThan(0);
  });

  it('pauses only the subscription of a channel the bot lost access to', async () => {
    await subscribe(PAPERS_CHANNEL);
    await subscribe(GENERAL_CHANNEL);
    harness.fake.faults.channels.set(GENERAL_CHANNEL, 'missing_access');
    t.clock.set('2024-10-26T09:00:00Z');
    const result = await tick();
    expect(result).toMatchObject({ due: 2, posted: 5 });
    expect((await t.core.store.subscriptions.get(channelRef(GENERAL_CHANNEL)))?.pausedReason).toMatch(
      /channel_unavailable/,
    );
    expect((await t.core.store.subscriptions.get(channelRef(PAPERS_CHANNEL)))?.pausedReason).toBeNull();
    expect(digestMessages(PAPERS_CHANNEL)).toHaveLength(6);
  });

  it('turns a 🔖 on a digest post into a flag and a discussion thread on that message', async () => {
    await subscribe(PAPERS_CHANNEL, 2);
    t.clock.set('2024-10-26T09:00:00Z');
    await tick();
    const [, first] = digestMessages(PAPERS_CHANNEL);
    if (!first) throw new Error('no paper posted');
    harness.fake.react({
      channelId: PAPERS_CHANNEL,
      messageId: first.id,
      user: ALICE,
      emoji: '🔖',
      action: 'added',
    });
    const note = await harness.fake.waitForRequest(
      (request) => request.method === 'POST' && request.path === `/channels/${first.id}/messages`,
      'a line in the discussion thread',
    );
    expect(note.body).toMatchObject({
      content: '🔖 Flagged for discussion by alice.',
      allowed_mentions: { parse: [] },
    });
    expect(harness.fake.store.channels.get(first.id)?.parent_id).toBe(PAPERS_CHANNEL);
  });

  it('settles a post Discord accepted but whose answer never came back, on the next run, without a duplicate', async () => {
    await subscribe(PAPERS_CHANNEL, 1);
    const paperPosts = new RegExp(`^/channels/${PAPERS_CHANNEL}/messages$`);
    // Every try of the paper post reaches Discord, and every answer is lost: the core records a failure.
    harness.fake.faults.loseResponse({
      method: 'POST',
      path: paperPosts,
      times: 3,
      when: (body) => Array.isArray(body.embeds) && body.embeds.length > 0,
    });
    t.clock.set('2024-10-26T09:00:00Z');
    await expect(tick()).resolves.toMatchObject({ posted: 0, failed: 1 });
    const [header, paper, ...rest] = digestMessages(PAPERS_CHANNEL);
    expect(rest).toEqual([]);
    expect(paper?.embeds).toHaveLength(1);
    // The next run asks Discord (findPosted) before posting again, and finds it.
    t.clock.set('2024-10-26T09:30:00Z');
    await expect(tick()).resolves.toMatchObject({ posted: 1, failed: 0 });
    expect(harness.fake.requestsTo('GET', paperPosts)).toHaveLength(1);
    expect(digestMessages(PAPERS_CHANNEL).map((message) => message.id)).toEqual([header?.id, paper?.id]);
    expect(await t.core.store.deliveries.findByMessage(channelRef(), paper?.id ?? '')).toMatchObject({
      state: 'sent',
    });
  });

  it('posts a paper with a 10,000-character abstract and an @everyone title within limits, pinging no one', async () => {
    const [first] = oct25Batch();
    if (!first) throw new Error('empty fixture');
    const long = Array.from({ length: 1500 }, (_, i) => `word${i}`)
      .join(' ')
      .slice(0, 10_000);
    t.hf.setDay('2024-10-25', [
      variant(first, {
        id: '2410.99999',
        title: '@everyone **Attention** is <@&1> all you need',
        summary: long,
        upvotes: 9999,
      }),
    ]);
    await subscribe(PAPERS_CHANNEL, 1);
    t.clock.set('2024-10-26T09:00:00Z');
    await expect(tick()).resolves.toMatchObject({ posted: 1, failed: 0 });
    const post = harness.fake.requestsTo('POST', new RegExp(`^/channels/${PAPERS_CHANNEL}/messages$`)).at(-1);
    expect(post?.status).toBe(200);
    expect(post?.body).toMatchObject({ allowed_mentions: { parse: [] } });
    const [, paper] = digestMessages(PAPERS_CHANNEL);
    expect(paper?.embeds[0]?.title).toBe('@everyone \\*\\*Attention\\*\\* is \\<@&1\\> all you need');
    expect(paper?.embeds[0]?.description?.length).toBeLessThan(1000);
  });

  it('suggests time zones from the core within one autocomplete answer', async () => {
    const { answer } = await harness.autocomplete('subscribe', [
      { name: 'timezone', type: T.String, value: 'europe/ber', focused: true },
    ]);
    expect(answer.choices?.map((choice) => choice.value)).toContain('Europe/Berlin');
    expect(answer.choices?.length).toBeLessThanOrEqual(25);
  });
});
