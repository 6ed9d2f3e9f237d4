import { afterEach, describe, expect, it } from 'vitest';
import { deliveryFailure } from '../support/delivery-failure';
import { blockButtons, visibleText } from './block-text';
import type { FakeCommandService } from './fake-command-service';
import { sampleCard } from './sample-cards';
import { channelId, type Harness, startHarness } from './slack-harness';

const header = {
  title: 'Daily Papers — Fri 25 Oct · top 2 of 29',
  batchDay: '2024-10-25',
  count: 2,
  total: 2,
  dayUrl: 'https://huggingface.co/papers/date/2024-10-25',
};

describe('Slack port: posting the digest', () => {
  let h: Harness<FakeCommandService>;
  afterEach(async () => {
    await h?.close();
  });

  it('posts a header and one Block Kit message per paper, each tagged with its delivery key', async () => {
    h = await startHarness({ mode: 'socket' });
    const channel = h.channel();
    const posted = await h.adapter.port.postDigestHeader(channel, header, 'pb:run:1');
    const first = await h.adapter.port.postPaper(
      channel,
      sampleCard({ id: '2410.00001' }),
      'pb:7:2410.00001',
    );
    await h.adapter.port.postPaper(
      channel,
      sampleCard({ id: '2410.00002', githubUrl: null }),
      'pb:7:2410.00002',
    );

    const messages = h.fake.workspace.channelMessages(channelId);
    expect(messages).toHaveLength(3);
    expect(messages.map((message) => message.metadata)).toEqual([
      { event_type: 'paperboy_delivery', event_payload: { key: 'pb:run:1' } },
      { event_type: 'paperboy_delivery', event_payload: { key: 'pb:7:2410.00001' } },
      { event_type: 'paperboy_delivery', event_payload: { key: 'pb:7:2410.00002' } },
    ]);
    expect(posted.messageId).toBe(messages[0]?.ts);
    expect(first.url).toBe(
      `https://paperboy-test.slack.com/archives/${channelId}/p${messages[1]?.ts.replace('.', '')}`,
    );

    const [head, paper, noCode] = messages;
    expect(head?.blocks[0]).toEqual({
      type: 'header',
      text: { type: 'plain_text', text: header.title, emoji: true },
    });
    expect(head?.text).toBe(header.title);
    const paperText = visibleText({ blocks: paper?.blocks });
    expect(paperText).toContain(
      '*<https://huggingface.co/papers/2410.00001|Scaling Diffusion Transformers Efficiently>*',
    );
    expect(paperText).toContain(
      'Ada Lovelace, Alan Turing et al. · Example Lab · ▲ 42 upvotes · 💬 3 comments',
    );
    expect(paperText).toContain('A one-line summary of what the paper does.');
    expect(paper?.blocks[0]).toMatchObject({
      accessory: { type: 'image', image_url: expect.stringContaining('2410.00001.png') },
    });
    expect(blockButtons(paper?.blocks).map((button) => [button.label, button.url])).toEqual([
      ['Hugging Face', 'https://huggingface.co/papers/2410.00001'],
      ['arXiv', 'https://arxiv.org/abs/2410.00001'],
      ['PDF', 'https://arxiv.org/pdf/2410.00001'],
      ['Code ★ 1.2k', 'https://github.com/example/repo'],
    ]);
    expect(blockButtons(noCode?.blocks).map((button) => button.label)).toEqual([
      'Hugging Face',
      'arXiv',
      'PDF',
    ]);
    // The plain fallback names the paper and links it, for notifications and old clients.
    expect(paper?.text).toContain('Scaling Diffusion Transformers Efficiently');
    expect(paper?.text).toContain('https://huggingface.co/papers/2410.00001');
    // Links are buttons, so Slack must not unfurl a preview for each message.
    expect(h.fake.callsTo('chat.postMessage').every((call) => call.args.unfurl_links === 'false')).toBe(true);
  });

  it('paces posts to one channel at about one per second and never trips the rate limit', async () => {
    h = await startHarness({ mode: 'socket' });
    for (let i = 0; i < 5; i += 1) {
      await h.adapter.port.postPaper(h.channel(), sampleCard({ id: `2410.0000${i}` }), `pb:1:${i}`);
    }
    expect(h.fake.callsTo('chat.postMessage').map((call) => call.status)).toEqual([200, 200, 200, 200, 200]);
    expect(h.sleeps).toEqual([1_100, 1_100, 1_100, 1_100]);
  });

  it('does not make one channel wait for another', async () => {
    h = await startHarness({ mode: 'socket' });
    await Promise.all([
      h.adapter.port.postText(h.channel(), 'first in general'),
      h.adapter.port.postText(h.channel('C_RANDOM'), 'first in random'),
    ]);
    expect(h.sleeps).toEqual([]);
    expect(h.fake.workspace.messages).toHaveLength(2);
  });

  it('waits out a 429 for the Retry-After seconds, then posts', async () => {
    h = await startHarness({ mode: 'socket' });
    h.fake.failNext('chat.postMessage', { status: 429, retryAfter: 7 });
    const posted = await h.adapter.port.postPaper(h.channel(), sampleCard(), 'pb:1:x');
    expect(h.fake.callsTo('chat.postMessage').map((call) => call.status)).toEqual([429, 200]);
    expect(h.sleeps).toEqual([7_000]);
    expect(posted.messageId).toBe(h.fake.workspace.channelMessages(channelId)[0]?.ts);
  });

  it("gives up as 'transient' when Slack keeps answering 429", async () => {
    h = await startHarness({ mode: 'socket' });
    h.fake.failNext('chat.postMessage', { status: 429, retryAfter: 1 }, 10);
    const error = await deliveryFailure(h.adapter.port.postText(h.channel(), 'hello'));
    expect(error.failure).toBe('transient');
    expect(h.sleeps).toEqual([1_000, 1_000, 1_000]);
  });

  it('retries a 5xx with the bounded policy and succeeds', async () => {
    h = await startHarness({ mode: 'socket' });
    h.fake.failNext('chat.postMessage', { status: 503 }, 2);
    await h.adapter.port.postText(h.channel(), 'hello');
    expect(h.fake.callsTo('chat.postMessage').map((call) => call.status)).toEqual([503, 503, 200]);
  });

  it("reports 'transient' after the bounded 5xx retries", async () => {
    h = await startHarness({ mode: 'socket' });
    h.fake.failNext('chat.postMessage', { status: 502 }, 5);
    const error = await deliveryFailure(h.adapter.port.postText(h.channel(), 'hello'));
    expect(error.failure).toBe('transient');
    expect(h.fake.callsTo('chat.postMessage')).toHaveLength(3);
  });

  it.each([
    ['is_archived', 'channel_unavailable'],
    ['channel_not_found', 'channel_unavailable'],
    ['not_in_channel', 'channel_unavailable'],
  ] as const)('maps %s to %s', async (slackError, expected) => {
    h = await startHarness({ mode: 'socket' });
    const channel = h.fake.workspace.channels.get(channelId);
    if (!channel) throw new Error('seeded channel missing');
    if (slackError === 'is_archived') channel.isArchived = true;
    else channel.error = slackError;
    const error = await deliveryFailure(h.adapter.port.postPaper(h.channel(), sampleCard(), 'pb:1:x'));
    expect(error.failure).toBe(expected);
    expect(error.message).toContain(slackError);
  });

  it.each(['invalid_auth', 'account_inactive', 'token_revoked'])(
    "maps %s to 'unauthorized'",
    async (slackError) => {
      h = await startHarness({ mode: 'socket' });
      h.fake.setAuthError(slackError);
      const error = await deliveryFailure(h.adapter.port.postText(h.channel(), 'hello'));
      expect(error.failure).toBe('unauthorized');
    },
  );

  it.each(['msg_too_long', 'invalid_blocks'])("maps %s to 'rejected'", async (slackError) => {
    h = await startHarness({ mode: 'socket' });
    h.fake.failNext('chat.postMessage', { error: slackError });
    const error = await deliveryFailure(h.adapter.port.postText(h.channel(), 'hello'));
    expect(error.failure).toBe('rejected');
  });

  it('finds a message posted earlier by its delivery key, and nothing for an unknown key', async () => {
    h = await startHarness({ mode: 'socket' });
    h.fake.workspace.addMessage({
      channel: channelId,
      user: 'U_MEMBER',
      botId: null,
      text: 'a person talking',
      blocks: [],
      metadata: null,
      threadTs: null,
    });
    const posted = await h.adapter.port.postPaper(h.channel(), sampleCard(), 'pb:3:2410.17243');
    await h.adapter.port.postPaper(h.channel(), sampleCard({ id: '2410.2' }), 'pb:3:2410.2');
    const found = await h.adapter.port.findPosted(h.channel(), 'pb:3:2410.17243');
    expect(found).toEqual(posted);
    expect(await h.adapter.port.findPosted(h.channel(), 'pb:3:9999.99999')).toBeNull();
    const history = h.fake.callsTo('conversations.history');
    expect(history[0]?.args).toMatchObject({ channel: channelId, include_all_metadata: 'true' });
  });

  it('looks further back than one page of history', async () => {
    h = await startHarness({ mode: 'socket' });
    const posted = await h.adapter.port.postPaper(h.channel(), sampleCard(), 'pb:3:old');
    for (let i = 0; i < 250; i += 1) {
      h.fake.workspace.addMessage({
        channel: channelId,
        user: 'U_MEMBER',
        botId: null,
        text: `chatter ${i}`,
        blocks: [],
        metadata: null,
        threadTs: null,
      });
    }
    expect(await h.adapter.port.findPosted(h.channel(), 'pb:3:old')).toEqual(posted);
    expect(h.fake.callsTo('conversations.history')).toHaveLength(2);
  });

  it('opens a thread on a paper message and posts escaped text into it', async () => {
    h = await startHarness({ mode: 'socket' });
    const paper = await h.adapter.port.postPaper(h.channel(), sampleCard(), 'pb:1:x');
    const thread = await h.adapter.port.startThread(h.channel(), paper.messageId, 'Discussion');
    expect(thread.threadId).toBe(paper.messageId);
    const reply = await h.adapter.port.postInThread(
      h.channel(),
      thread.threadId,
      'Talk about <!here> & more',
    );
    const stored = h.fake.workspace
      .channelMessages(channelId)
      .find((message) => message.ts === reply.messageId);
    expect(stored?.threadTs).toBe(paper.messageId);
    expect(stored?.text).toBe('Talk about &lt;!here&gt; &amp; more');
  });

  it("reads back a person's message, and null for one that is gone", async () => {
    h = await startHarness({ mode: 'socket' });
    const shared = h.fake.workspace.addMessage({
      channel: channelId,
      user: 'U_MEMBER',
      botId: null,
      text: 'look at https://arxiv.org/abs/2410.17243',
      blocks: [],
      metadata: null,
      threadTs: null,
    });
    h.fake.workspace.addMessage({
      channel: channelId,
      user: 'U_ADMIN',
      botId: null,
      text: 'later',
      blocks: [],
      metadata: null,
      threadTs: null,
    });
    expect(await h.adapter.port.readMessage(h.channel(), shared.ts)).toEqual({
      text: 'look at https://arxiv.org/abs/2410.17243',
      authorId: 'U_MEMBER',
    });
    expect(await h.adapter.port.readMessage(h.channel(), '1000000000.000001')).toBeNull();
  });
});
