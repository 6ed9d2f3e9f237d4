import { afterEach, describe, expect, it } from 'vitest';
import { blockButtons, visibleText } from './block-text';
import type { FakeCommandService } from './fake-command-service';
import { channelId, type Harness, type Mode, startHarness } from './slack-harness';

const modes: Mode[] = ['socket', 'http'];

describe.each(modes)('/papers commands over %s', (mode) => {
  let h: Harness<FakeCommandService>;
  afterEach(async () => {
    await h?.close();
  });

  async function run(text: string, user = 'U_MEMBER') {
    const sent = await h.inbound.command({ channel: channelId, user, text });
    const response = await h.fake.waitFor(
      () => h.fake.responsesTo(sent.responseUrlId)[0],
      `reply to ${text}`,
    );
    return { sent, response, body: response.body };
  }

  it('acks the command and answers help privately through response_url', async () => {
    h = await startHarness({ mode });
    const { sent, body } = await run('help');
    expect(sent.status).toBe(200);
    expect(body.response_type).toBe('ephemeral');
    expect(visibleText(body)).toContain('/papers search &lt;words, "phrase", -word, arXiv id or URL&gt;');
    expect(h.commands.commands[0]?.context).toMatchObject({
      channel: { platform: 'slack', workspaceId: h.fake.teamId, channelId },
      userId: 'U_MEMBER',
      commandPrefix: '/papers',
    });
  });

  it.each([
    ['search diffusion', 'Search: diffusion'],
    ['today', 'Today: 2 papers'],
    ['paper 2410.00001', 'Paper 2410.00001'],
    ['settings', 'Posts daily at 09:00 UTC'],
    ['help', '/papers today'],
  ])('round-trips `/papers %s`', async (text, expected) => {
    h = await startHarness({ mode });
    const { body } = await run(text);
    expect(h.commands.commands.map((command) => command.text)).toEqual([text]);
    expect(visibleText(body)).toContain(expected);
    expect(body.response_type).toBe('ephemeral');
  });

  it('posts subscribe and unsubscribe confirmations in the channel for an admin', async () => {
    h = await startHarness({ mode });
    const subscribed = await run('subscribe 08:30 Europe/Paris', 'U_ADMIN');
    expect(subscribed.body.response_type).toBe('in_channel');
    expect(visibleText(subscribed.body)).toContain('Channel subscribed (08:30)');
    const unsubscribed = await run('unsubscribe', 'U_ADMIN');
    expect(unsubscribed.body.response_type).toBe('in_channel');
    expect(visibleText(unsubscribed.body)).toContain('Channel unsubscribed');
  });

  it('explains bad input with an example that works', async () => {
    h = await startHarness({ mode });
    const { body } = await run('subscribe 25:00', 'U_ADMIN');
    expect(body.response_type).toBe('ephemeral');
    expect(visibleText(body)).toContain(
      '"25:00" is not a time of day. Example: /papers subscribe 09:00 Europe/Paris',
    );
  });

  it('tells an unknown subcommand apart, privately', async () => {
    h = await startHarness({ mode });
    const { body } = await run('frobnicate');
    expect(body.response_type).toBe('ephemeral');
    expect(visibleText(body)).toContain('Unknown subcommand "frobnicate"');
  });

  it('acks at once while the core is still working, then answers through response_url', async () => {
    h = await startHarness({ mode });
    const held = h.commands.hold();
    const sent = await h.inbound.command({ channel: channelId, user: 'U_MEMBER', text: 'today' });
    await held.entered;
    // Slack has its ack, the core is still working, and nothing has been answered yet.
    expect(sent.status).toBe(200);
    expect(h.fake.responsesTo(sent.responseUrlId)).toEqual([]);
    held.release();
    const response = await h.fake.waitFor(() => h.fake.responsesTo(sent.responseUrlId)[0], 'late reply');
    expect(visibleText(response.body)).toContain('Today: 2 papers');
  });

  it('answers a crash in the core with a generic private message and no stack trace', async () => {
    h = await startHarness({ mode });
    h.commands.failWith = new Error('database exploded at /srv/secret/path.ts:42');
    const { body } = await run('today');
    const text = JSON.stringify(body);
    expect(body.response_type).toBe('ephemeral');
    expect(visibleText(body)).toContain('Something went wrong on our side');
    expect(text).not.toContain('exploded');
    expect(text).not.toContain('path.ts');
    expect(h.logs.some((line) => line.msg === 'slack command failed' && line.platform === 'slack')).toBe(
      true,
    );
  });

  it('renders search results with Previous/Next/Share buttons carrying the tokens', async () => {
    h = await startHarness({ mode });
    const { body } = await run('search diffusion');
    const buttons = blockButtons(body.blocks).filter((button) => button.value !== null);
    expect(buttons.map((button) => [button.label, button.value])).toEqual([
      ['Next', 'page:diffusion:2'],
      ['Share in channel', 'share:diffusion:1'],
    ]);
  });
});
