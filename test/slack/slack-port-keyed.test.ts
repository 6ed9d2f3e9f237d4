import { afterEach, describe, expect, it } from 'vitest';
import { deliveryFailure } from '../support/delivery-failure';
import type { FakeCommandService } from './fake-command-service';
import { sampleCard } from './sample-cards';
import { channelId, type Harness, startHarness } from './slack-harness';

const key = 'pb:7:2410.17243';

/** The Web API calls the port made, in order, with their HTTP status. */
const trace = (h: Harness<FakeCommandService>) =>
  h.fake.calls
    .filter((call) => call.method === 'chat.postMessage' || call.method === 'conversations.history')
    .map((call) => `${call.method === 'chat.postMessage' ? 'post' : 'history'} ${call.status}`);

const keyedMessages = (h: Harness<FakeCommandService>) =>
  h.fake.workspace
    .channelMessages(channelId)
    .filter((message) => message.metadata?.event_payload.key === key);

describe('Slack port: a keyed post goes out once, whatever happens to the answer', () => {
  let h: Harness<FakeCommandService>;
  afterEach(async () => {
    await h?.close();
  });

  it('finds a post whose answer was lost in history and returns it instead of posting again', async () => {
    h = await startHarness({ mode: 'socket' });
    h.fake.chaosNext('chat.postMessage', 'lost_response');
    const posted = await h.adapter.port.postPaper(h.channel(), sampleCard(), key);
    expect(keyedMessages(h)).toHaveLength(1);
    expect(posted.messageId).toBe(keyedMessages(h)[0]?.ts);
    expect(trace(h)).toEqual(['post 502', 'history 200']);
    expect(h.sleeps).toEqual([1_000]);
  });

  it('treats an answer slower than the request timeout like a lost one: one message', async () => {
    h = await startHarness({ mode: 'socket', adapter: { requestTimeoutMs: 150 } });
    h.fake.chaosNext('chat.postMessage', 'slow', { slowMs: 600 });
    const posted = await h.adapter.port.postDigestHeader(
      h.channel(),
      {
        title: 'Daily Papers — Fri 25 Oct · top 1 of 29',
        batchDay: '2024-10-25',
        count: 1,
        total: 1,
        dayUrl: 'https://huggingface.co/papers/date/2024-10-25',
      },
      key,
    );
    expect(keyedMessages(h)).toHaveLength(1);
    expect(posted.messageId).toBe(keyedMessages(h)[0]?.ts);
    // Slack created it and answered 200, but only after the client had given up.
    expect(trace(h)).toEqual(['post 200', 'history 200']);
    expect(h.fake.callsTo('chat.postMessage')[0]?.fault).toBe('slow');
  });

  it('posts again after a 5xx only once history shows the message is not there', async () => {
    h = await startHarness({ mode: 'socket' });
    h.fake.failNext('chat.postMessage', { status: 503 });
    const posted = await h.adapter.port.postPaper(h.channel(), sampleCard(), key);
    expect(trace(h)).toEqual(['post 503', 'history 200', 'post 200']);
    expect(keyedMessages(h).map((message) => message.ts)).toEqual([posted.messageId]);
  });

  it("gives up as 'transient' after a bounded number of posts with backoff, never doubling", async () => {
    h = await startHarness({ mode: 'socket' });
    h.fake.failNext('chat.postMessage', { status: 502 }, 20);
    const error = await deliveryFailure(h.adapter.port.postPaper(h.channel(), sampleCard(), key));
    expect(error.failure).toBe('transient');
    expect(error.message).toContain('http_502');
    expect(trace(h)).toEqual([
      'post 502',
      'history 200',
      'post 502',
      'history 200',
      'post 502',
      'history 200',
      'post 502',
      'history 200',
    ]);
    expect(h.sleeps).toEqual([1_000, 2_000, 4_000, 8_000]);
    expect(keyedMessages(h)).toEqual([]);
  });

  it('posts each of two papers once when every answer is lost', async () => {
    h = await startHarness({ mode: 'socket' });
    h.fake.chaosNext('chat.postMessage', 'lost_response', { times: 5 });
    await h.adapter.port.postPaper(h.channel(), sampleCard(), key);
    await h.adapter.port.postPaper(h.channel(), sampleCard({ id: '2410.00002' }), 'pb:7:2410.00002');
    expect(h.fake.workspace.channelMessages(channelId)).toHaveLength(2);
    expect(h.fake.callsTo('chat.postMessage').map((call) => call.status)).toEqual([502, 502]);
  });

  it('waits out a 429 without looking in history: Slack did nothing', async () => {
    h = await startHarness({ mode: 'socket' });
    h.fake.chaosNext('chat.postMessage', 'rate_limited');
    await h.adapter.port.postPaper(h.channel(), sampleCard(), key);
    expect(trace(h)).toEqual(['post 429', 'post 200']);
    expect(h.sleeps).toEqual([1_000]);
    expect(keyedMessages(h)).toHaveLength(1);
  });

  it('does not post again while history cannot be read, and finds the post once it can', async () => {
    h = await startHarness({ mode: 'socket' });
    h.fake.chaosNext('chat.postMessage', 'lost_response');
    // One failed history check: the client's own bounded retries (three tries) all answered 503.
    h.fake.failNext('conversations.history', { status: 503 }, 3);
    const posted = await h.adapter.port.postPaper(h.channel(), sampleCard(), key);
    expect(trace(h)).toEqual(['post 502', 'history 503', 'history 503', 'history 503', 'history 200']);
    expect(posted.messageId).toBe(keyedMessages(h)[0]?.ts);
    expect(h.sleeps).toEqual([1_000, 2_000]);
  });

  it("reports 'transient' when history stays unreadable, and the post is found on the core's next try", async () => {
    h = await startHarness({ mode: 'socket' });
    h.fake.chaosNext('chat.postMessage', 'lost_response');
    // Four checks, each tried three times by the client: all of them fail.
    h.fake.failNext('conversations.history', { status: 500 }, 12);
    const error = await deliveryFailure(h.adapter.port.postPaper(h.channel(), sampleCard(), key));
    expect(error.failure).toBe('transient');
    expect(h.fake.callsTo('chat.postMessage')).toHaveLength(1);
    expect(h.fake.callsTo('conversations.history').map((call) => call.status)).toEqual(Array(12).fill(500));
    expect(keyedMessages(h)).toHaveLength(1);

    const found = await h.adapter.port.findPosted(h.channel(), key);
    expect(found?.messageId).toBe(keyedMessages(h)[0]?.ts);
  });

  it('stops at once when the history check says the channel is gone', async () => {
    h = await startHarness({ mode: 'socket' });
    h.fake.chaosNext('chat.postMessage', 'server_error');
    h.fake.failNext('conversations.history', { error: 'channel_not_found' });
    const error = await deliveryFailure(h.adapter.port.postPaper(h.channel(), sampleCard(), key));
    expect(error.failure).toBe('channel_unavailable');
    expect(trace(h)).toEqual(['post 503', 'history 200']);
  });
});
