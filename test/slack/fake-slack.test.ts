import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock';
import { seededRandom } from '../crash/crash-harness';
import { FakeSlack } from '../fakes/slack/fake-slack';

/** The fake is only worth testing against if it enforces Slack's rules; these pin them down. */
describe('fake Slack', () => {
  let fake: FakeSlack;
  const clock = new ManualClock('2024-10-26T09:00:00Z');
  afterEach(async () => {
    await fake?.close();
  });

  async function start() {
    fake = await FakeSlack.start({ now: () => clock.now().getTime() });
    fake.workspace.addChannel({ id: 'C1' });
    return fake;
  }

  async function api(method: string, args: Record<string, unknown>, asJson = false) {
    const body = asJson
      ? JSON.stringify(args)
      : new URLSearchParams(
          Object.fromEntries(
            Object.entries(args).map(([key, value]) => [
              key,
              typeof value === 'string' ? value : JSON.stringify(value),
            ]),
          ),
        ).toString();
    const response = await fetch(`${fake.apiUrl}${method}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${fake.botToken}`,
        'content-type': asJson ? 'application/json; charset=utf-8' : 'application/x-www-form-urlencoded',
      },
      body,
    });
    const text = await response.text();
    return {
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      body: text.startsWith('{') ? JSON.parse(text) : text,
    };
  }

  const section = (length: number) => ({
    type: 'section',
    text: { type: 'mrkdwn', text: 'x'.repeat(length) },
  });

  it('accepts form and JSON bodies and records every call', async () => {
    await start();
    const form = await api('chat.postMessage', { channel: 'C1', text: 'hi', blocks: [section(10)] });
    clock.advance(1_000);
    const json = await api('chat.postMessage', { channel: 'C1', text: 'hi', blocks: [section(10)] }, true);
    expect([form.body.ok, json.body.ok]).toEqual([true, true]);
    expect(fake.calls.map((call) => call.args.blocks)).toEqual([[section(10)], [section(10)]]);
  });

  it.each([
    ['51 blocks', { blocks: Array.from({ length: 51 }, () => section(1)) }],
    ['a 3,001-character section', { blocks: [section(3_001)] }],
    [
      'a 151-character header',
      { blocks: [{ type: 'header', text: { type: 'plain_text', text: 'h'.repeat(151) } }] },
    ],
    [
      'a 76-character button',
      {
        blocks: [
          {
            type: 'actions',
            elements: [{ type: 'button', text: { type: 'plain_text', text: 'b'.repeat(76) }, value: 'v' }],
          },
        ],
      },
    ],
  ])('refuses %s with invalid_blocks', async (_name, message) => {
    await start();
    const result = await api('chat.postMessage', { channel: 'C1', text: 'fallback', ...message });
    expect(result.body).toMatchObject({ ok: false, error: 'invalid_blocks' });
  });

  it('limits each channel to one message a second with 429 and Retry-After', async () => {
    await start();
    fake.workspace.addChannel({ id: 'C2' });
    expect((await api('chat.postMessage', { channel: 'C1', text: 'one' })).status).toBe(200);
    expect((await api('chat.postMessage', { channel: 'C2', text: 'other channel' })).status).toBe(200);
    const limited = await api('chat.postMessage', { channel: 'C1', text: 'two' });
    expect(limited.status).toBe(429);
    expect(limited.retryAfter).toBe('1');
    clock.advance(1_000);
    expect((await api('chat.postMessage', { channel: 'C1', text: 'two' })).status).toBe(200);
  });

  it('holds chat.postMessage to a workspace tier when told to, answering ratelimited with Retry-After and counting 429s', async () => {
    await start();
    fake.workspace.addChannel({ id: 'C2' });
    fake.workspace.addChannel({ id: 'C3' });
    fake.postLimits.enforceTier({ limit: 3, windowMs: 60_000 });
    const post = (channel: string) => api('chat.postMessage', { channel, text: 'hi' });
    expect((await post('C1')).status).toBe(200);
    expect((await post('C2')).status).toBe(200);
    // The channel's own second is not over: the per-channel limit answers first.
    await expect(post('C1')).resolves.toMatchObject({ status: 429, body: { error: 'ratelimited' } });
    clock.advance(1_000);
    expect((await post('C1')).status).toBe(200);
    const overTier = await post('C3');
    expect(overTier).toMatchObject({
      status: 429,
      retryAfter: '59',
      body: { ok: false, error: 'ratelimited' },
    });
    expect(fake.postLimits.rateLimited).toEqual({ channel: 1, workspace: 1 });
    // C1's posts began before C2's and ended after: two channels were being posted to at once.
    expect(fake.postLimits.maxChannelsInFlight()).toBe(2);
    clock.advance(59_000);
    expect((await post('C3')).status).toBe(200);
  });

  it('answers per-channel errors, archived channels and armed 5xx', async () => {
    await start();
    fake.workspace.addChannel({ id: 'C_ARCH', isArchived: true });
    fake.workspace.addChannel({ id: 'C_OUT', error: 'not_in_channel' });
    expect((await api('chat.postMessage', { channel: 'C_ARCH', text: 'x' })).body.error).toBe('is_archived');
    expect((await api('chat.postMessage', { channel: 'C_OUT', text: 'x' })).body.error).toBe(
      'not_in_channel',
    );
    expect((await api('chat.postMessage', { channel: 'C_NONE', text: 'x' })).body.error).toBe(
      'channel_not_found',
    );
    fake.failNext('conversations.info', { status: 500 });
    expect((await api('conversations.info', { channel: 'C1' })).status).toBe(500);
    expect((await api('conversations.info', { channel: 'C1' })).body.ok).toBe(true);
  });

  it('returns history newest first, with metadata only when asked', async () => {
    await start();
    await api('chat.postMessage', {
      channel: 'C1',
      text: 'tagged',
      metadata: { event_type: 'e', event_payload: { key: 'k' } },
    });
    const plain = await api('conversations.history', { channel: 'C1' });
    const withMetadata = await api('conversations.history', { channel: 'C1', include_all_metadata: 'true' });
    expect(plain.body.messages[0].metadata).toBeUndefined();
    expect(withMetadata.body.messages[0].metadata).toEqual({ event_type: 'e', event_payload: { key: 'k' } });
  });

  it('chaos: a lost answer is a 502 after the message was made; a 5xx or 429 makes nothing', async () => {
    await start();
    fake.chaosNext('chat.postMessage', 'lost_response');
    expect((await api('chat.postMessage', { channel: 'C1', text: 'lost' })).status).toBe(502);
    clock.advance(1_000);
    fake.chaosNext('chat.postMessage', 'server_error');
    expect((await api('chat.postMessage', { channel: 'C1', text: 'refused' })).status).toBe(503);
    fake.chaosNext('chat.postMessage', 'rate_limited');
    const limited = await api('chat.postMessage', { channel: 'C1', text: 'limited' });
    expect([limited.status, limited.retryAfter]).toEqual([429, '1']);
    expect(fake.workspace.channelMessages('C1').map((message) => message.text)).toEqual(['lost']);
  });

  it('chaos: a seeded share of the chosen methods fails in every way, other methods never; null stops it', async () => {
    await start();
    fake.setChaos({ rate: 0.5, random: seededRandom(5), methods: ['conversations.history'], slowMs: 5 });
    for (let i = 0; i < 40; i += 1) {
      await api('conversations.history', { channel: 'C1' });
      await api('auth.test', {});
    }
    const faulty = fake.calls.filter((call) => call.fault);
    expect(faulty.length).toBeGreaterThan(10);
    expect(faulty.every((call) => call.method === 'conversations.history')).toBe(true);
    expect(new Set(faulty.map((call) => call.fault))).toEqual(
      new Set(['server_error', 'rate_limited', 'lost_response', 'slow']),
    );
    fake.setChaos(null);
    for (let i = 0; i < 10; i += 1)
      expect((await api('conversations.history', { channel: 'C1' })).status).toBe(200);
  });

  it('lets a response_url be used five times', async () => {
    await start();
    const { url } = fake.createResponseUrl();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"text":"hi"}',
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 404]);
  });

  it('refuses a wrong token', async () => {
    await start();
    const response = await fetch(`${fake.apiUrl}auth.test`, {
      method: 'POST',
      headers: { authorization: 'Bearer xoxb-wrong' },
    });
    expect(await response.json()).toMatchObject({ ok: false, error: 'invalid_auth' });
  });
});
