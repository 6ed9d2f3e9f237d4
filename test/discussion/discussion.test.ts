import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CommandContext } from '../../commands/command-context';
import type { ReactionEvent } from '../../src/chat/chat-port';
import type { PaperListReply, Reply, TextReply } from '../../src/chat/replies';
import { defaultDigestSettings } from '../../src/records/subscription';
import { march2026Item, oct25Batch } from '../support/fixtures';
import { RecordingPort } from '../support/recording-port';
import { startTestCore, type TestCore } from '../support/test-core';

const channel = { platform: 'slack' as const, workspaceId: 'T1', channelId: 'C1' };
const as = (userId: string, canManageChannel = false): CommandContext => ({
  channel,
  userId,
  canManageChannel,
  manageChannelRequirement: 'a workspace admin',
  commandPrefix: '/papers',
});
const text = (reply: Reply) => (reply as TextReply).text;
const list = (reply: Reply) => reply as PaperListReply;

describe('discussion queue', () => {
  let t: TestCore;
  let port: RecordingPort;
  let digestMessage: (paperId: string) => string;

  const react = async (
    user: string,
    messageId: string,
    action: 'added' | 'removed' = 'added',
    extra: Partial<ReactionEvent> = {},
  ) =>
    await t.core.commands.react({
      channel,
      messageId,
      userId: user,
      userName: user.toUpperCase(),
      emoji: 'bookmark',
      action,
      ...extra,
    });
  const run = (line: string, user = 'u-ada', manager = false) =>
    t.core.commands.executeText(line, as(user, manager));

  beforeEach(async () => {
    t = await startTestCore({ now: '2024-10-26T09:00:00Z' });
    t.hf.setDay('2024-10-25', oct25Batch());
    port = new RecordingPort('slack');
    t.core.ports.register(port);
    await t.core.store.subscriptions.upsert(
      channel,
      { ...defaultDigestSettings, topN: 3 },
      '2024-10-01T00:00:00Z',
    );
    await t.core.digests.runDueDigests(t.clock.now());
    digestMessage = (paperId) => port.posts.find((post) => post.paperId === paperId)?.messageId ?? 'missing';
  });
  afterEach(async () => await t.close());

  it('runs the whole story: two flags, one thread, the queue, a withdrawn flag, discussed, history', async () => {
    const message = digestMessage('2410.16251');
    await react('u-ada', message);
    await react('u-bob', message);
    expect(port.threads.size).toBe(1);
    const threadPosts = port.posts.filter((post) => post.kind === 'thread');
    expect(threadPosts.map((post) => post.text)).toEqual([
      '🔖 Flagged for discussion by U-ADA.',
      '🔖 U-BOB flagged this too (2 flags).',
    ]);
    expect([...port.threads.values()]).toEqual(['Can Knowledge Editing Really Correct Hallucinations?']);

    const queue = list(await run('queue'));
    expect(queue.heading).toBe('Discussion queue · 1 paper');
    expect(queue.cards[0]).toMatchObject({ id: '2410.16251', note: '2 flags: U-ADA, U-BOB' });

    await react('u-bob', message, 'removed');
    expect(list(await run('queue')).cards[0]?.note).toBe('1 flag: U-ADA');

    expect(text(await run('discussed 2410.16251'))).toBe(
      'Moved "Can Knowledge Editing Really Correct Hallucinations?" to the channel\'s history.',
    );
    expect(list(await run('queue')).cards).toHaveLength(0);
    const history = list(await run('history'));
    expect(history.cards.map((card) => card.id)).toEqual(['2410.16251']);
  });

  it('orders the queue by flags, then by who was flagged first', async () => {
    await react('u-ada', digestMessage('2410.18533'));
    await react('u-ada', digestMessage('2410.17243'));
    await react('u-bob', digestMessage('2410.17243'));
    await react('u-cat', digestMessage('2410.16251'));
    expect(list(await run('queue')).cards.map((card) => card.id)).toEqual([
      '2410.17243',
      '2410.18533',
      '2410.16251',
    ]);
  });

  it('drops a paper from the queue when its last flag goes, and reuses the thread when it comes back', async () => {
    const message = digestMessage('2410.17243');
    await react('u-ada', message);
    await react('u-ada', message, 'removed');
    expect(list(await run('queue')).cards).toHaveLength(0);
    t.clock.set('2024-10-26T10:00:00Z');
    await react('u-ada', message);
    expect(port.threads.size).toBe(1);
    expect(list(await run('queue')).cards).toHaveLength(1);
  });

  it('counts a replayed event once and ignores other emoji and unrelated messages', async () => {
    const message = digestMessage('2410.17243');
    await react('u-ada', message, 'added', { eventId: 'Ev1' });
    await react('u-ada', message, 'removed', { eventId: 'Ev2' });
    await react('u-ada', message, 'added', { eventId: 'Ev1' }); // Slack retry of the first event
    expect(list(await run('queue')).cards).toHaveLength(0);
    await react('u-bob', message, 'added', { emoji: 'fire' });
    await react('u-bob', 'a-message-the-bot-never-posted');
    expect(list(await run('queue')).cards).toHaveLength(0);
  });

  it('handles a flood of reactions on one message with one thread and few replies', async () => {
    const message = digestMessage('2410.17243');
    await Promise.all(Array.from({ length: 40 }, async (_, i) => await react(`u-${i}`, message)));
    expect(port.threads.size).toBe(1);
    expect(port.posts.filter((post) => post.kind === 'thread').length).toBeLessThanOrEqual(3);
    expect(list(await run('queue')).cards[0]?.note).toMatch(/^40 flags/);
  });

  it('flags a paper from a teammate message linking it, fetching the paper if needed', async () => {
    t.hf.setPaper('2602.23229', march2026Item().paper);
    const shared = await port.postText(channel, 'worth a read: https://arxiv.org/abs/2602.23229v1 !');
    await react('u-ada', shared.messageId);
    const queue = list(await run('queue'));
    expect(queue.cards.map((card) => card.id)).toEqual(['2602.23229']);
    expect((await t.core.store.papers.get('2602.23229'))?.title).toBe(
      'Large Multimodal Models as General In-Context Classifiers',
    );
  });

  it('counts flags on the digest post and on a shared link to the same paper together, and withdraws either', async () => {
    await react('u-ada', digestMessage('2410.17243'));
    const shared = await port.postText(channel, 'have you seen https://huggingface.co/papers/2410.17243 ?');
    await react('u-bob', shared.messageId);
    expect(list(await run('queue')).cards[0]?.note).toMatch(/^2 flags: U-ADA, U-BOB/);
    await react('u-bob', shared.messageId, 'removed');
    expect(list(await run('queue')).cards[0]?.note).toMatch(/^1 flag: U-ADA/);
  });

  it('lets only the flagger unflag, and only managers change the flag emoji', async () => {
    await react('u-ada', digestMessage('2410.17243'));
    expect(text(await run('unflag 2410.17243', 'u-bob'))).toContain('You have not flagged 2410.17243');
    expect(text(await run('unflag 2410.17243', 'u-ada'))).toBe(
      'Your flag is withdrawn; the paper has left the queue.',
    );
    expect(text(await run('settings flag_emoji=:fire:', 'u-bob'))).toContain(
      'Only a workspace admin can change the settings of',
    );
    expect(text(await run('settings flag_emoji=:fire: threads=off', 'u-boss', true))).toContain(
      'Flag a paper for discussion with :fire:; no threads are opened',
    );
    await react('u-ada', digestMessage('2410.16251'), 'added', { emoji: 'fire' });
    expect(list(await run('queue')).cards.map((card) => card.id)).toEqual(['2410.16251']);
    expect(port.threads.size).toBe(1); // only the one opened before threads were turned off
    expect(text(await run('settings flag_emoji=banana', 'u-boss', true))).toContain(
      'flag_emoji must be one emoji',
    );
  });

  it("posts the weekly agenda at its time in the channel's time zone, once", async () => {
    await react('u-ada', digestMessage('2410.17243'));
    expect(text(await run('settings agenda="fri 15:00 Europe/Paris"', 'u-boss', true))).toContain(
      'Weekly agenda: Fri 15:00 Europe/Paris',
    );
    t.clock.set('2024-11-01T13:59:00Z'); // Friday 14:59 in Paris (CET)
    expect(await t.core.discussion.runDueAgendas(t.clock.now())).toBe(0);
    t.clock.set('2024-11-01T14:00:00Z');
    expect(await t.core.discussion.runDueAgendas(t.clock.now())).toBe(1);
    expect(await t.core.discussion.runDueAgendas(t.clock.now())).toBe(0);
    const agenda = port.posts.at(-1);
    expect(agenda?.text).toContain('Reading-group agenda: 1 paper on the queue');
    expect(agenda?.text).toContain('Breaking the Memory Barrier');
    expect(text(await run('settings agenda=someday', 'u-boss', true))).toContain(
      'agenda "someday" is not a weekly slot',
    );
  });
});
