import { afterEach, describe, expect, it } from 'vitest';
import { visibleText } from './block-text';
import type { FakeCommandService } from './fake-command-service';
import { channelId, type Harness, startHarness } from './slack-harness';

describe('who may manage a channel on Slack', () => {
  let h: Harness<FakeCommandService>;
  afterEach(async () => {
    await h?.close();
  });

  async function subscribeAs(user: string) {
    const sent = await h.inbound.command({ channel: channelId, user, text: 'subscribe 09:00' });
    const reply = await h.fake.waitFor(() => h.fake.responsesTo(sent.responseUrlId)[0], `reply to ${user}`);
    const context = h.commands.commands.at(-1)?.context;
    return { reply, context };
  }

  it.each([
    ['a workspace admin', 'U_ADMIN'],
    ['a workspace owner', 'U_OWNER'],
    ['the primary owner', 'U_PRIMARY'],
    ["the channel's creator", 'U_CREATOR'],
  ])('lets %s subscribe the channel', async (_who, user) => {
    h = await startHarness({ mode: 'http' });
    const { reply, context } = await subscribeAs(user);
    expect(context?.canManageChannel).toBe(true);
    expect(reply.body.response_type).toBe('in_channel');
  });

  it('refuses a regular member privately, naming who may', async () => {
    h = await startHarness({ mode: 'http' });
    const { reply, context } = await subscribeAs('U_MEMBER');
    expect(context).toMatchObject({
      canManageChannel: false,
      manageChannelRequirement: "a workspace admin, a workspace owner or the channel's creator",
    });
    expect(reply.body.response_type).toBe('ephemeral');
    expect(visibleText(reply.body)).toContain(
      "Only a workspace admin, a workspace owner or the channel's creator can subscribe",
    );
  });

  it("does not treat another channel's creator as this channel's manager", async () => {
    h = await startHarness({ mode: 'http' });
    h.fake.workspace.addChannel({ id: 'C_OTHER', creator: 'U_MEMBER' });
    const sent = await h.inbound.command({ channel: channelId, user: 'U_MEMBER', text: 'unsubscribe' });
    await h.fake.waitFor(() => h.fake.responsesTo(sent.responseUrlId)[0], 'reply');
    expect(h.commands.commands[0]?.context.canManageChannel).toBe(false);
  });

  it('fails closed when Slack cannot say who the user is', async () => {
    h = await startHarness({ mode: 'http' });
    h.fake.failNext('users.info', { status: 503 }, 3);
    const { context } = await subscribeAs('U_ADMIN');
    expect(context?.canManageChannel).toBe(false);
    expect(h.logs.some((line) => line.msg.includes('could not check channel rights'))).toBe(true);
  });

  it('asks Slack about rights once per user and channel within a minute', async () => {
    h = await startHarness({ mode: 'http' });
    const unsubscribe = async () => {
      const sent = await h.inbound.command({ channel: channelId, user: 'U_CREATOR', text: 'unsubscribe' });
      await h.fake.waitFor(() => h.fake.responsesTo(sent.responseUrlId)[0], 'reply');
    };
    await unsubscribe();
    await unsubscribe();
    expect(h.fake.callsTo('users.info')).toHaveLength(1);
    expect(h.fake.callsTo('conversations.info')).toHaveLength(1);
    h.clock.advance(61_000);
    await unsubscribe();
    expect(h.fake.callsTo('users.info')).toHaveLength(2);
  });

  it('joins a public channel it is not in when someone subscribes it', async () => {
    h = await startHarness({ mode: 'http' });
    const general = h.fake.workspace.channels.get(channelId);
    if (!general) throw new Error('seeded channel missing');
    general.isMember = false;
    const { reply } = await subscribeAs('U_ADMIN');
    expect(h.fake.callsTo('conversations.join').map((call) => call.args.channel)).toEqual([channelId]);
    expect(general.isMember).toBe(true);
    expect(visibleText(reply.body)).not.toContain('/invite');
  });

  it('asks to be invited into a private channel it cannot join', async () => {
    h = await startHarness({ mode: 'http' });
    h.fake.workspace.addChannel({ id: 'G_SECRET', isPrivate: true, isMember: false, creator: 'U_CREATOR' });
    const sent = await h.inbound.command({ channel: 'G_SECRET', user: 'U_ADMIN', text: 'subscribe 09:00' });
    const reply = await h.fake.waitFor(() => h.fake.responsesTo(sent.responseUrlId)[0], 'reply');
    expect(reply.body.response_type).toBe('in_channel');
    expect(visibleText(reply.body)).toContain('invite me with `/invite @paperboy`');
    expect(h.fake.callsTo('conversations.join')).toEqual([]);
  });

  it('does not try to join when the subscription was refused', async () => {
    h = await startHarness({ mode: 'http' });
    const general = h.fake.workspace.channels.get(channelId);
    if (!general) throw new Error('seeded channel missing');
    general.isMember = false;
    await subscribeAs('U_MEMBER');
    expect(h.fake.callsTo('conversations.join')).toEqual([]);
  });
});
