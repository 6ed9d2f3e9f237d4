import { afterEach, describe, expect, it } from 'vitest';
import type { ResponsePost } from '../fakes/slack/fake-slack';
import { blockButtons, visibleText } from './block-text';
import type { FakeCommandService } from './fake-command-service';
import { channelId, type Harness, type Mode, startHarness } from './slack-harness';

const modes: Mode[] = ['socket', 'http'];

describe.each(modes)('reply buttons over %s', (mode) => {
  let h: Harness<FakeCommandService>;
  afterEach(async () => {
    await h?.close();
  });

  async function search(text: string): Promise<ResponsePost> {
    const sent = await h.inbound.command({ channel: channelId, user: 'U_MEMBER', text });
    return h.fake.waitFor(() => h.fake.responsesTo(sent.responseUrlId)[0], 'search reply');
  }

  async function click(reply: ResponsePost, label: string, ephemeral = true): Promise<ResponsePost> {
    const button = blockButtons(reply.body.blocks).find((candidate) => candidate.label === label);
    if (!button?.value) throw new Error(`no "${label}" button in ${JSON.stringify(reply.body.blocks)}`);
    const sent = await h.inbound.action({
      channel: channelId,
      user: 'U_MEMBER',
      actionId: button.actionId,
      value: button.value,
      label,
      messageTs: '1730000000.000100',
      ephemeral,
    });
    expect(sent.status).toBe(200);
    return h.fake.waitFor(() => h.fake.responsesTo(sent.responseUrlId)[0], `reply to ${label}`);
  }

  it('pages forward and back, rewriting the private list in place', async () => {
    h = await startHarness({ mode });
    const first = await search('search diffusion');
    const second = await click(first, 'Next');
    expect(h.commands.resumed.map((call) => call.token)).toEqual(['page:diffusion:2']);
    expect(second.body).toMatchObject({ response_type: 'ephemeral', replace_original: true });
    expect(visibleText(second.body)).toContain('diffusion result 2.1');
    expect(visibleText(second.body)).toContain('Page 2 of 3');
    expect(blockButtons(second.body.blocks).map((button) => button.label)).toContain('Previous');
    const third = await click(second, 'Next');
    expect(visibleText(third.body)).toContain('Page 3 of 3');
    expect(blockButtons(third.body.blocks).map((button) => button.label)).not.toContain('Next');
    const back = await click(third, 'Previous');
    expect(visibleText(back.body)).toContain('Page 2 of 3');
    expect(h.commands.resumed.at(-1)?.context).toMatchObject({
      channel: { platform: 'slack', channelId, workspaceId: h.fake.teamId },
      userId: 'U_MEMBER',
    });
  });

  it('shares the list in the channel as a new message, without paging buttons', async () => {
    h = await startHarness({ mode });
    const first = await search('search diffusion');
    const shared = await click(first, 'Share in channel');
    expect(h.commands.resumed.map((call) => call.token)).toEqual(['share:diffusion:1']);
    expect(shared.body).toMatchObject({ response_type: 'in_channel', replace_original: false });
    expect(visibleText(shared.body)).toContain('diffusion result 1.1');
    expect(blockButtons(shared.body.blocks).filter((button) => button.value !== null)).toEqual([]);
  });

  it('answers paging on a list shared in the channel privately instead of rewriting it for everyone', async () => {
    h = await startHarness({ mode });
    const first = await search('search diffusion');
    const next = await click(first, 'Next', false);
    expect(next.body).toMatchObject({ response_type: 'ephemeral', replace_original: false });
  });

  it('acks clicks on link buttons without calling the core', async () => {
    h = await startHarness({ mode });
    const sent = await h.inbound.action({
      channel: channelId,
      user: 'U_MEMBER',
      actionId: 'paperboy_link_arxiv',
      value: '',
      label: 'arXiv',
      messageTs: '1730000000.000100',
      ephemeral: false,
    });
    expect(sent.status).toBe(200);
    await h.adapter.idle();
    expect(h.commands.resumed).toEqual([]);
    expect(h.fake.responsesTo(sent.responseUrlId)).toEqual([]);
  });

  it('tells the user when a button has expired', async () => {
    h = await startHarness({ mode });
    const sent = await h.inbound.action({
      channel: channelId,
      user: 'U_MEMBER',
      actionId: 'paperboy_page_next',
      value: 'expired-token',
      label: 'Next',
      messageTs: '1730000000.000100',
      ephemeral: true,
    });
    const reply = await h.fake.waitFor(() => h.fake.responsesTo(sent.responseUrlId)[0], 'expired reply');
    expect(visibleText(reply.body)).toContain('These buttons have expired');
  });
});
