/** The fake refuses what Discord refuses; otherwise the adapter's handling of limits would go untested. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeDiscord } from '../fakes/discord/fake-discord';
import { slashInteraction, userPayload } from '../fakes/discord/fake-payloads';

describe('fake Discord', () => {
  let fake: FakeDiscord;
  let channelId: string;
  beforeAll(async () => {
    fake = await FakeDiscord.start();
    channelId = [...fake.store.channels.keys()][0] ?? '';
  });
  afterAll(async () => await fake.close());

  const call = async (method: string, path: string, body?: unknown, auth = true) => {
    const response = await fetch(`${fake.apiBase}/v10${path}`, {
      method,
      headers: {
        'Content-Type': 'application/json',
        ...(auth ? { Authorization: `Bot ${fake.token}` } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      body: text ? (JSON.parse(text) as Record<string, unknown>) : null,
    };
  };
  const post = (body: unknown) => call('POST', `/channels/${channelId}/messages`, body);
  const field = { name: 'n', value: 'v' };

  it('rejects over-limit messages with 400 / 50035 naming the field', async () => {
    const cases: [unknown, string][] = [
      [{ content: 'x'.repeat(2001) }, 'content'],
      [{ embeds: Array.from({ length: 11 }, () => ({ title: 't' })) }, 'embeds'],
      [{ embeds: [{ title: 't'.repeat(257) }] }, 'embeds.0.title'],
      [{ embeds: [{ description: 'd'.repeat(4097) }] }, 'embeds.0.description'],
      [{ embeds: [{ fields: Array.from({ length: 26 }, () => field) }] }, 'embeds.0.fields'],
      [{ embeds: [{ fields: [{ name: 'n', value: 'v'.repeat(1025) }] }] }, 'embeds.0.fields.0.value'],
      [{ embeds: [{ footer: { text: 'f'.repeat(2049) } }] }, 'embeds.0.footer.text'],
      [{ embeds: [{ description: 'd'.repeat(4000) }, { description: 'd'.repeat(2001) }] }, 'embeds'],
      [{ content: 'x', nonce: 'n'.repeat(26) }, 'nonce'],
    ];
    for (const [body, path] of cases) {
      const result = await post(body);
      expect(result.status, path).toBe(400);
      expect(result.body).toMatchObject({ code: 50035, errors: { [path]: expect.anything() } });
    }
    await expect(post({})).resolves.toMatchObject({ status: 400, body: { code: 50006 } });
  });

  it('needs the bot token on REST routes', async () => {
    await expect(call('GET', `/channels/${channelId}/messages`, undefined, false)).resolves.toMatchObject({
      status: 401,
    });
  });

  it('returns the first message for a repeated enforced nonce within a few minutes, and hides nonces in history', async () => {
    const first = await post({ content: 'a', nonce: 'k1', enforce_nonce: true });
    const again = await post({ content: 'a', nonce: 'k1', enforce_nonce: true });
    expect(again.body?.id).toBe(first.body?.id);
    expect(first.body?.nonce).toBe('k1');
    fake.advanceClock(6 * 60_000);
    const later = await post({ content: 'a', nonce: 'k1', enforce_nonce: true });
    expect(later.body?.id).not.toBe(first.body?.id);
    const history = await call('GET', `/channels/${channelId}/messages?limit=2`);
    expect((history.body as unknown as { nonce?: string }[]).map((message) => message.nonce)).toEqual([
      undefined,
      undefined,
    ]);
  });

  it('answers an injected 429 with Discord headers and body', async () => {
    fake.faults.rateLimitNext({ method: 'POST', path: /messages$/, retryAfter: 1.5, bucket: 'abc' });
    const limited = await post({ content: 'x' });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('1.500');
    expect(limited.headers.get('x-ratelimit-bucket')).toBe('abc');
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(limited.body).toMatchObject({ retry_after: 1.5, global: false });
  });

  it('enforces the per-channel and global limits when told to, answering 429s with the headers and counting them', async () => {
    const other = [...fake.store.channels.keys()][1] ?? '';
    const postOther = () => call('POST', `/channels/${other}/messages`, { content: 'b' });
    const history = () => call('GET', `/channels/${other}/messages`);
    const limits = { channelMessages: 2, channelWindowMs: 60_000, globalRequests: 4, globalWindowMs: 60_000 };
    fake.limits.enforce(limits);
    try {
      const first = await post({ content: '1' });
      expect(first.status).toBe(200);
      expect(first.headers.get('x-ratelimit-limit')).toBe('2');
      expect(first.headers.get('x-ratelimit-remaining')).toBe('1');
      expect(Number(first.headers.get('x-ratelimit-reset-after'))).toBeGreaterThan(59);
      // Another channel has a bucket of its own.
      await expect(postOther()).resolves.toMatchObject({ status: 200 });
      await expect(post({ content: '2' })).resolves.toMatchObject({ status: 200 });
      const perChannel = await post({ content: '3' });
      expect(perChannel.status).toBe(429);
      expect(perChannel.headers.get('x-ratelimit-scope')).toBe('user');
      expect(perChannel.headers.get('x-ratelimit-global')).toBeNull();
      expect(Number(perChannel.headers.get('retry-after'))).toBeGreaterThan(59);
      expect(perChannel.body).toMatchObject({ global: false });
      // The bot's global budget (4 requests, any route) is spent by one more.
      await expect(history()).resolves.toMatchObject({ status: 200 });
      const global = await history();
      expect(global.status).toBe(429);
      expect(global.headers.get('x-ratelimit-global')).toBe('true');
      expect(global.headers.get('x-ratelimit-scope')).toBe('global');
      expect(global.body).toMatchObject({ global: true });
      expect(fake.limits.rateLimited).toEqual({ channel: 1, global: 1 });
      // The two channels' posts interleaved: both were being posted to at once.
      expect(fake.limits.maxChannelsInFlight()).toBe(2);
    } finally {
      fake.limits.enforce(null);
    }
  });

  it('takes one first response per interaction, within 3 seconds', async () => {
    const channel = fake.store.channels.get(channelId);
    if (!channel) throw new Error('no channel');
    const base = {
      applicationId: fake.applicationId,
      guildId: channel.guild_id,
      channel,
      user: userPayload('1', 'u'),
    };
    const once = fake.injectInteraction(slashInteraction(base, '9', 'help', []));
    const callback = (id: string, token: string, body: unknown) =>
      call('POST', `/interactions/${id}/${token}/callback`, body, false);
    await expect(callback(once.id, once.token, { type: 4, data: { content: 'hi' } })).resolves.toMatchObject({
      status: 204,
    });
    await expect(
      callback(once.id, once.token, { type: 4, data: { content: 'again' } }),
    ).resolves.toMatchObject({ status: 400, body: { code: 40060 } });

    const late = fake.injectInteraction(slashInteraction(base, '9', 'help', []));
    fake.advanceClock(3001);
    await expect(callback(late.id, late.token, { type: 5, data: {} })).resolves.toMatchObject({
      status: 404,
      body: { code: 10062 },
    });
    const edit = await call(
      'PATCH',
      `/webhooks/${fake.applicationId}/${late.token}/messages/%40original`,
      { content: 'x' },
      false,
    );
    expect(edit.status).toBe(404);
  });
});
