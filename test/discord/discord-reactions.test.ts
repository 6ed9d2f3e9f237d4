import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALICE, BOB, channelRef, GUILD_ID, Harness, PAPERS_CHANNEL } from './discord-harness';
import { sampleCard } from './fake-command-service';

describe('Discord reactions', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await Harness.start();
  });
  afterAll(async () => await harness.close());

  const reactionsOn = (messageId: string) =>
    harness.commands.reactions.waitFor(
      (event) => event.messageId === messageId,
      `a reaction on ${messageId}`,
    );

  it('hands a reaction on a message it never saw (a partial) to the core', async () => {
    // A message from before the bot started: only in the fake's history, never in discord.js's cache.
    const old = harness.fake.store.addMessage({
      channel_id: PAPERS_CHANNEL,
      author: harness.fake.botUser,
      content: 'old paper',
    });
    harness.fake.react({
      channelId: PAPERS_CHANNEL,
      messageId: old.id,
      user: ALICE,
      emoji: '🔖',
      action: 'added',
    });
    const event = await reactionsOn(old.id);
    expect(event).toEqual({
      channel: { platform: 'discord', workspaceId: GUILD_ID, channelId: PAPERS_CHANNEL },
      messageId: old.id,
      userId: ALICE.id,
      userName: 'alice',
      emoji: '🔖',
      action: 'added',
    });
  });

  it('reports a removal by a user it has never seen, fetching their name', async () => {
    const old = harness.fake.store.addMessage({
      channel_id: PAPERS_CHANNEL,
      author: harness.fake.botUser,
      content: 'older paper',
    });
    const stranger = { ...BOB, id: '700000000000000099', username: 'stranger', global_name: 'Stranger' };
    harness.fake.users.set(stranger.id, stranger);
    harness.fake.gateway.dispatch('MESSAGE_REACTION_REMOVE', {
      user_id: stranger.id,
      channel_id: PAPERS_CHANNEL,
      message_id: old.id,
      guild_id: GUILD_ID,
      emoji: { id: null, name: '🔖' },
      type: 0,
      burst: false,
    });
    const event = await reactionsOn(old.id);
    expect(event).toMatchObject({
      userId: stranger.id,
      userName: 'Stranger',
      action: 'removed',
      emoji: '🔖',
    });
    expect(harness.fake.requestsTo('GET', new RegExp(`^/users/${stranger.id}$`))).toHaveLength(1);
  });

  it('names custom emoji by id and reports reactions on papers it posted', async () => {
    const posted = await harness.adapter.port.postPaper(channelRef(), sampleCard(1), 'pb:7:2411.00001');
    harness.fake.react({
      channelId: PAPERS_CHANNEL,
      messageId: posted.messageId,
      user: BOB,
      emoji: { id: '555000000000000001', name: 'upvote' },
      action: 'added',
    });
    const event = await reactionsOn(posted.messageId);
    expect(event).toMatchObject({
      messageId: posted.messageId,
      emoji: 'custom:555000000000000001',
      userName: 'bob',
    });
  });

  it("ignores the bot's own reactions", async () => {
    const mine = harness.fake.store.addMessage({
      channel_id: PAPERS_CHANNEL,
      author: harness.fake.botUser,
      content: 'mine',
    });
    const other = harness.fake.store.addMessage({
      channel_id: PAPERS_CHANNEL,
      author: harness.fake.botUser,
      content: 'other',
    });
    harness.fake.react({
      channelId: PAPERS_CHANNEL,
      messageId: mine.id,
      user: harness.fake.botUser,
      emoji: '✅',
      action: 'added',
    });
    harness.fake.react({
      channelId: PAPERS_CHANNEL,
      messageId: other.id,
      user: ALICE,
      emoji: '✅',
      action: 'added',
    });
    await reactionsOn(other.id);
    expect(harness.commands.reactions.entries.some((event) => event.messageId === mine.id)).toBe(false);
  });
});
