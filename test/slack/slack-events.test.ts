import { afterEach, describe, expect, it } from 'vitest';
import { reactionEvent } from '../fakes/slack/fake-slack-inbound';
import type { FakeCommandService } from './fake-command-service';
import { channelId, type Harness, type Mode, startHarness } from './slack-harness';

const modes: Mode[] = ['socket', 'http'];
const ts = '1730000000.000100';

describe.each(modes)('reaction events over %s', (mode) => {
  let h: Harness<FakeCommandService>;
  afterEach(async () => {
    await h?.close();
  });

  const react = (action: 'added' | 'removed', user = 'U_MEMBER', reaction = 'bookmark') =>
    reactionEvent({ action, user, reaction, channel: channelId, ts, itemUser: 'U_PAPERBOY' });

  it('hands reaction_added and reaction_removed to the core as neutral events, Slack names as Unicode', async () => {
    h = await startHarness({ mode });
    const added = await h.inbound.event(react('added'));
    const removed = await h.inbound.event(react('removed'));
    await h.adapter.idle();
    expect(added.status).toBe(200);
    expect(h.commands.reactions).toEqual([
      {
        channel: { platform: 'slack', workspaceId: h.fake.teamId, channelId },
        messageId: ts,
        userId: 'U_MEMBER',
        userName: 'Display U_MEMBER',
        emoji: '🔖',
        action: 'added',
        eventId: added.eventId,
      },
      {
        channel: { platform: 'slack', workspaceId: h.fake.teamId, channelId },
        messageId: ts,
        userId: 'U_MEMBER',
        userName: 'Display U_MEMBER',
        emoji: '🔖',
        action: 'removed',
        eventId: removed.eventId,
      },
    ]);
  });

  it('processes a redelivered event (same event_id, retry number set) once', async () => {
    h = await startHarness({ mode });
    const first = await h.inbound.event(react('added'));
    const retry = await h.inbound.event(react('added'), { eventId: first.eventId, retryNum: 1 });
    const again = await h.inbound.event(react('added'), { eventId: first.eventId, retryNum: 2 });
    await h.adapter.idle();
    expect([first.status, retry.status, again.status]).toEqual([200, 200, 200]);
    expect(h.commands.reactions).toHaveLength(1);
    expect(h.commands.reactions[0]?.eventId).toBe(first.eventId);
  });

  it("ignores the bot's own reactions and reactions on files", async () => {
    h = await startHarness({ mode });
    await h.inbound.event(react('added', h.fake.botUserId));
    await h.inbound.event({
      type: 'reaction_added',
      user: 'U_MEMBER',
      reaction: 'bookmark',
      item: { type: 'file', file: 'F123' },
      event_ts: ts,
    });
    await h.adapter.idle();
    expect(h.commands.reactions).toEqual([]);
  });

  it('names the user by display name, then real name, then the id when Slack cannot say', async () => {
    h = await startHarness({ mode, adapter: { directoryCacheMs: 0 } });
    const member = h.fake.workspace.users.get('U_MEMBER');
    if (!member) throw new Error('seeded user missing');
    member.displayName = '';
    await h.inbound.event(react('added'));
    await h.inbound.event(react('added', 'U_GONE'));
    await h.adapter.idle();
    expect(h.commands.reactions.map((reaction) => reaction.userName)).toEqual(['Real U_MEMBER', 'U_GONE']);
  });

  it('keeps going when the core fails on a reaction', async () => {
    h = await startHarness({ mode });
    h.commands.react = async () => {
      throw new Error('queue unavailable');
    };
    const sent = await h.inbound.event(react('added'));
    await h.adapter.idle();
    expect(sent.status).toBe(200);
    expect(h.logs.some((line) => line.msg === 'reaction handling failed')).toBe(true);
  });
});
