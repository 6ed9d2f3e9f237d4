import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { embedsLength } from '../../adapters/discord/discord-limits';
import type { Json, RecordedRequest } from '../fakes/discord/fake-types';
import { messageProblems } from '../fakes/discord/fake-validate';
import { deliveryFailure } from '../support/delivery-failure';
import { ALICE, buttonLabels, channelRef, GENERAL_CHANNEL, Harness, PAPERS_CHANNEL } from './discord-harness';
import { sampleCard } from './fake-command-service';

const header = {
  title: 'Daily Papers — Thu 27 Nov · top 10 of 29',
  batchDay: '2025-11-27',
  count: 10,
  total: 29,
  dayUrl: 'https://huggingface.co/papers/date/2025-11-27',
};
const bodyOf = (request?: RecordedRequest) => (request?.body ?? {}) as Json;
const postsTo = (channelId: string) => new RegExp(`^/channels/${channelId}/messages$`);

describe('Discord port: posting digests', () => {
  let harness: Harness;
  let keyCount = 0;
  const key = () => `pb:${++keyCount}:2411.00001`;
  beforeAll(async () => {
    harness = await Harness.start({ adapter: { rest: { offset: 0, retries: 2, timeout: 2000 } } });
  });
  afterAll(async () => await harness.close());
  beforeEach(() => {
    harness.fake.faults.channels.clear();
  });

  it('posts the header, then one message per paper with its embed, link buttons and delivery nonce', async () => {
    const { port } = harness.adapter;
    const headerKey = `pb:run:${++keyCount}`;
    const posted = await port.postDigestHeader(channelRef(), header, headerKey);
    const paperKey = key();
    const paper = await port.postPaper(channelRef(), sampleCard(2), paperKey);
    expect(posted.url).toBe(
      `https://discord.com/channels/${channelRef().workspaceId}/${PAPERS_CHANNEL}/${posted.messageId}`,
    );

    const [headerPost, paperPost] = harness.fake.requestsTo('POST', postsTo(PAPERS_CHANNEL)).slice(-2);
    expect(headerPost?.body).toMatchObject({
      nonce: headerKey,
      enforce_nonce: true,
      allowed_mentions: { parse: [] },
    });
    expect(bodyOf(headerPost).content).toMatch(/^\*\*Daily Papers — Thu 27 Nov · top 10 of 29\*\*/);
    expect(paperPost?.body).toMatchObject({
      nonce: paperKey,
      enforce_nonce: true,
      allowed_mentions: { parse: [] },
    });

    const message = harness.fake.store.message(paper.messageId);
    const [embed] = message?.embeds ?? [];
    expect(embed).toMatchObject({
      title: 'Paper number 2: scaling diffusion transformers',
      url: 'https://huggingface.co/papers/2411.00002',
      author: { name: 'Hugging Face' },
      description: 'A one-line summary of paper 2.',
      thumbnail: { url: 'https://cdn-thumbnails.huggingface.co/social-thumbnails/papers/2411.00002.png' },
    });
    expect(embed?.fields).toEqual([
      { name: 'Authors', value: 'Ada Lovelace, Alan Turing, Grace Hopper et al.' },
      { name: 'Upvotes', value: '👍 42', inline: true },
      { name: 'Comments', value: '💬 2', inline: true },
      { name: 'GitHub', value: '⭐ 1.2K', inline: true },
    ]);
    expect(buttonLabels(message)).toEqual(['Hugging Face', 'arXiv', 'PDF', 'Code']);
    const urls = message?.components
      .flatMap((row) => row.components)
      .map((button) => ('url' in button ? button.url : ''));
    expect(urls).toEqual([
      'https://huggingface.co/papers/2411.00002',
      'https://arxiv.org/abs/2411.00002',
      'https://arxiv.org/pdf/2411.00002',
      'https://github.com/example/paper-2',
    ]);
  });

  it('leaves the Code button out when a paper has no code', async () => {
    const paper = await harness.adapter.port.postPaper(channelRef(), sampleCard(1), key());
    expect(buttonLabels(harness.fake.store.message(paper.messageId))).toEqual([
      'Hugging Face',
      'arXiv',
      'PDF',
    ]);
  });

  it('does not post twice when the same delivery key is sent again (enforced nonce)', async () => {
    const deliveryKey = key();
    const first = await harness.adapter.port.postPaper(channelRef(), sampleCard(3), deliveryKey);
    const before = harness.fake.store.channelHistory(PAPERS_CHANNEL).length;
    const second = await harness.adapter.port.postPaper(channelRef(), sampleCard(3), deliveryKey);
    expect(second.messageId).toBe(first.messageId);
    expect(harness.fake.store.channelHistory(PAPERS_CHANNEL)).toHaveLength(before);
  });

  it('pings no one when a title says @everyone or mentions a role', async () => {
    const card = sampleCard(4, {
      title: '@everyone look: <@&123456789012345678> **bold** claims',
      organization: '@here Labs',
    });
    const posted = await harness.adapter.port.postPaper(channelRef(), card, key());
    const request = harness.fake.requestsTo('POST', postsTo(PAPERS_CHANNEL)).at(-1);
    expect(bodyOf(request).allowed_mentions).toEqual({ parse: [] });
    const embed = harness.fake.store.message(posted.messageId)?.embeds[0];
    expect(embed?.title).toBe('@everyone look: \\<@&123456789012345678\\> \\*\\*bold\\*\\* claims');
    await harness.adapter.port.postText(channelRef(), 'Hello @everyone <@123>');
    const text = harness.fake.requestsTo('POST', postsTo(PAPERS_CHANNEL)).at(-1);
    expect(text?.body).toMatchObject({
      content: 'Hello @everyone \\<@123\\>',
      allowed_mentions: { parse: [] },
    });
  });

  it('keeps a paper with a 10,000-character summary, title and author list within every Discord limit', async () => {
    const long = (word: string) =>
      Array.from({ length: 2000 }, (_, i) => `${word}${i}`)
        .join(' ')
        .slice(0, 10_000);
    const card = sampleCard(5, {
      summary: long('summary'),
      title: long('title'),
      authorsLine: long('author'),
      organization: long('org'),
    });
    const posted = await harness.adapter.port.postPaper(channelRef(), card, key());
    const request = harness.fake.requestsTo('POST', postsTo(PAPERS_CHANNEL)).at(-1);
    expect(request?.status).toBe(200);
    expect(messageProblems(request?.body as Json, { create: true })).toEqual([]);
    const embed = harness.fake.store.message(posted.messageId)?.embeds[0];
    expect(embed?.description?.endsWith('…')).toBe(true);
    expect(embed?.description).toMatch(/summary\d+…$/);
    expect(embed?.title?.length).toBeLessThanOrEqual(256);
    expect(embedsLength(embed ? [embed] : [])).toBeLessThanOrEqual(6000);
  });

  it('waits out a 429 on channel messages and then posts once', async () => {
    const before = harness.fake.store.channelHistory(PAPERS_CHANNEL).length;
    harness.fake.faults.rateLimitNext({
      method: 'POST',
      path: postsTo(PAPERS_CHANNEL),
      retryAfter: 0.05,
      bucket: 'channel-bucket',
    });
    const posted = await harness.adapter.port.postPaper(channelRef(), sampleCard(6), key());
    const statuses = harness.fake
      .requestsTo('POST', postsTo(PAPERS_CHANNEL))
      .slice(-2)
      .map((request) => request.status);
    expect(statuses).toEqual([429, 200]);
    expect(harness.fake.store.channelHistory(PAPERS_CHANNEL)).toHaveLength(before + 1);
    expect(harness.fake.store.message(posted.messageId)).toBeDefined();
  });

  it('follows the rate-limit headers of a bucket so a burst never hits a 429', async () => {
    harness.fake.faults.addBucket({
      method: 'POST',
      path: postsTo(GENERAL_CHANNEL),
      limit: 2,
      resetAfter: 0.15,
      name: 'general',
    });
    const from = harness.fake.requests.entries.length;
    const posts = [7, 8, 9, 10].map((n) =>
      harness.adapter.port.postPaper(channelRef(GENERAL_CHANNEL), sampleCard(n), key()),
    );
    await Promise.all(posts);
    const sent = harness.fake.requests.entries
      .slice(from)
      .filter((request) => postsTo(GENERAL_CHANNEL).test(request.path));
    expect(sent.map((request) => request.status)).toEqual([200, 200, 200, 200]);
  });

  it('reports a revoked channel as channel_unavailable and keeps posting elsewhere', async () => {
    for (const kind of ['missing_access', 'missing_permissions', 'unknown_channel'] as const) {
      harness.fake.faults.channels.set(PAPERS_CHANNEL, kind);
      const error = await deliveryFailure(harness.adapter.port.postPaper(channelRef(), sampleCard(1), key()));
      expect(error.failure).toBe('channel_unavailable');
      expect(error.message).toMatch(/50001|50013|10003/);
    }
    const elsewhere = await harness.adapter.port.postPaper(channelRef(GENERAL_CHANNEL), sampleCard(1), key());
    expect(elsewhere.messageId).toMatch(/^\d+$/);
  });

  it('retries a 5xx, and reports persistent 5xx as transient', async () => {
    harness.fake.faults.failServer({ method: 'POST', path: postsTo(PAPERS_CHANNEL), times: 1, status: 502 });
    await expect(harness.adapter.port.postText(channelRef(), 'after one 502')).resolves.toMatchObject({
      messageId: expect.any(String),
    });
    harness.fake.faults.failServer({ method: 'POST', path: postsTo(PAPERS_CHANNEL), times: 3, status: 503 });
    const error = await deliveryFailure(harness.adapter.port.postText(channelRef(), 'never'));
    expect(error.failure).toBe('transient');
  });

  it('retries a post whose answer was lost without posting twice (the nonce makes Discord return the first)', async () => {
    const before = harness.fake.store.channelHistory(PAPERS_CHANNEL).length;
    harness.fake.faults.loseResponse({ method: 'POST', path: postsTo(PAPERS_CHANNEL), times: 1 });
    const posted = await harness.adapter.port.postPaper(channelRef(), sampleCard(4), key());
    const attempts = harness.fake.requestsTo('POST', postsTo(PAPERS_CHANNEL)).slice(-2);
    expect(attempts.map((request) => request.status)).toEqual([502, 200]);
    expect(harness.fake.store.channelHistory(PAPERS_CHANNEL)).toHaveLength(before + 1);
    expect(harness.fake.store.channelHistory(PAPERS_CHANNEL).at(-1)?.id).toBe(posted.messageId);
  });

  it('finds a post by its delivery key in channel history, which carries no nonces', async () => {
    const deliveryKey = key();
    const posted = await harness.adapter.port.postPaper(channelRef(), sampleCard(2), deliveryKey);
    const headerKey = `pb:run:${++keyCount}`;
    const headerPost = await harness.adapter.port.postDigestHeader(channelRef(), header, headerKey);
    const typedByAUser = key();
    // Mentioning the bot makes the text visible to it even without the Message Content intent.
    harness.fake.postAsUser(PAPERS_CHANNEL, ALICE, `<@${harness.fake.botUser.id}>\n-# ref ${typedByAUser}`);
    const { port } = harness.adapter;
    await expect(port.findPosted(channelRef(), deliveryKey)).resolves.toEqual(posted);
    await expect(port.findPosted(channelRef(), headerKey)).resolves.toEqual(headerPost);
    await expect(port.findPosted(channelRef(), typedByAUser)).resolves.toBeNull();
    await expect(port.findPosted(channelRef(), 'pb:99999:2411.00002')).resolves.toBeNull();
    const history = harness.fake.requestsTo('GET', postsTo(PAPERS_CHANNEL)).at(-1);
    expect(history?.query.limit).toBe('100');
    expect(((history?.response ?? []) as Json[]).every((message) => message.nonce === undefined)).toBe(true);
  });

  it('hashes a delivery key longer than a nonce may be, and still finds the post', async () => {
    const longKey = `pb:123456789:hep-th/9901001v2-extra`;
    const posted = await harness.adapter.port.postPaper(channelRef(), sampleCard(3), longKey);
    const request = harness.fake.requestsTo('POST', postsTo(PAPERS_CHANNEL)).at(-1);
    expect(String(bodyOf(request).nonce).length).toBeLessThanOrEqual(25);
    await expect(harness.adapter.port.findPosted(channelRef(), longKey)).resolves.toEqual(posted);
  });

  it('starts a thread on a posted paper, posts in it, and reuses it when asked again', async () => {
    const posted = await harness.adapter.port.postPaper(channelRef(), sampleCard(1), key());
    const { port } = harness.adapter;
    const thread = await port.startThread(
      channelRef(),
      posted.messageId,
      `Discuss: ${'long title '.repeat(20)}`,
    );
    expect(thread.threadId).toBe(posted.messageId);
    const created = harness.fake.requestsTo('POST', /\/threads$/).at(-1);
    expect(String(bodyOf(created).name).length).toBeLessThanOrEqual(100);
    const reply = await port.postInThread(channelRef(), thread.threadId, 'Queued by @everyone');
    expect(harness.fake.store.message(reply.messageId)).toMatchObject({
      channel_id: thread.threadId,
      content: 'Queued by @everyone',
    });
    await expect(port.startThread(channelRef(), posted.messageId, 'again')).resolves.toMatchObject({
      threadId: posted.messageId,
    });
  });

  it("reads the bot's own messages, sees others' text only as Discord allows, and returns null for a deleted one", async () => {
    const { port } = harness.adapter;
    const posted = await port.postPaper(channelRef(), sampleCard(2), key());
    const own = await port.readMessage(channelRef(), posted.messageId);
    expect(own?.text).toContain('Paper number 2');
    expect(own?.authorId).toBe(harness.fake.botUser.id);
    const userMessage = harness.fake.postAsUser(
      PAPERS_CHANNEL,
      ALICE,
      'see https://arxiv.org/abs/2410.17243',
    );
    // No Message Content intent: Discord blanks the text of other people's messages.
    await expect(port.readMessage(channelRef(), userMessage)).resolves.toEqual({
      text: '',
      authorId: ALICE.id,
    });
    await expect(port.readMessage(channelRef(), '123456789012345678')).resolves.toBeNull();
  });

  it('reports rejected credentials as unauthorized', async () => {
    const single = await Harness.start();
    try {
      single.fake.token = 'rotated';
      const error = await deliveryFailure(single.adapter.port.postText(channelRef(), 'hello'));
      expect(error.failure).toBe('unauthorized');
    } finally {
      await single.close();
    }
  });
});
