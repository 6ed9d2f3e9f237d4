/**
 * The opt-in operations port, over HTTP, against the running bot (`runBot` with the fakes): liveness,
 * readiness with its reasons, and the Prometheus metrics the README lists.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { FakeHfServer } from '../fakes/hf/fake-hf-server';
import { BotHarness } from '../support/bot-harness';
import { oct25Batch } from '../support/fixtures';

const STRING = 3;

async function get(bot: BotHarness, path: string) {
  const response = await fetch(`http://127.0.0.1:${bot.started.metricsPort}${path}`);
  return { status: response.status, type: response.headers.get('content-type'), body: await response.text() };
}

/** The value of one sample line of the Prometheus text, e.g. `paperboy_posts_total{platform="discord",outcome="sent"}`. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((each) => each.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

let bot: BotHarness | null = null;
afterEach(async () => {
  await bot?.stop();
  bot = null;
});

describe('METRICS_PORT', () => {
  it('is off unless set', async () => {
    bot = await BotHarness.start({ now: '2024-10-28T08:00:00Z', discord: null });
    expect(bot.started.metricsPort).toBeNull();
  });

  it('answers /healthz, and /readyz with the database, Discord and the age of the last fetch', async () => {
    const hf = (await new FakeHfServer().start()).setDay('2024-10-25', oct25Batch());
    bot = await BotHarness.start({ now: '2024-10-28T08:00:00Z', hf, env: { METRICS_PORT: '0' } });
    expect(await get(bot, '/healthz')).toMatchObject({ status: 200, body: 'ok\n' });

    const before = await get(bot, '/readyz');
    expect(before.status).toBe(503);
    expect(JSON.parse(before.body)).toMatchObject({
      ready: false,
      checks: {
        database: { ok: true },
        discord: { ok: true, detail: 'connected (shard 0 of 1)' },
        huggingface: { ok: false, detail: 'no batch fetched yet' },
      },
    });

    await bot.slash('subscribe', [{ name: 'time', type: STRING, value: '09:00' }]);
    await bot.tickAt('2024-10-28T09:00:00Z');
    const ready = await get(bot, '/readyz');
    expect(ready.status).toBe(200);
    expect(JSON.parse(ready.body).checks.huggingface).toMatchObject({ ok: true });

    // Hugging Face down for longer than three refresh intervals: no longer ready, and it says why.
    hf.failNext('daily_papers', { kind: 'status', status: 503 }, 1_000);
    await bot.tickAt('2024-10-28T12:01:00Z');
    const stale = await get(bot, '/readyz');
    expect(stale.status).toBe(503);
    expect(JSON.parse(stale.body).checks.huggingface.detail).toMatch(/^last fetched 181 min ago/);
    expect((await get(bot, '/nope')).status).toBe(404);
  });

  it('is not ready while the Discord gateway is down', async () => {
    const hf = (await new FakeHfServer().start()).setDay('2024-10-25', oct25Batch());
    bot = await BotHarness.start({ now: '2024-10-28T08:00:00Z', hf, env: { METRICS_PORT: '0' } });
    await bot.core.sync.latestCompleteBatch(bot.clock.now());
    expect((await get(bot, '/readyz')).status).toBe(200);
    await bot.discord?.gateway.close();
    let report = await get(bot, '/readyz');
    for (let wait = 0; report.status === 200 && wait < 100; wait++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      report = await get(bot, '/readyz');
    }
    expect(report.status).toBe(503);
    expect(JSON.parse(report.body).checks.discord).toEqual({
      ok: false,
      detail: 'not connected (shard 0 of 1; not ready: 0)',
    });
    expect(sample((await get(bot, '/metrics')).body, 'paperboy_platform_connected{platform="discord"}')).toBe(
      0,
    );
  });

  it('serves Prometheus metrics: posts and digests, commands, Hugging Face requests, 429s, retries', async () => {
    const hf = (await new FakeHfServer().start()).setDay('2024-10-25', oct25Batch());
    bot = await BotHarness.start({ now: '2024-10-28T08:00:00Z', hf, env: { METRICS_PORT: '0' } });
    const discord = bot.discord;
    if (!discord) throw new Error('no fake Discord');
    await bot.slash('subscribe', [{ name: 'time', type: STRING, value: '09:00' }]);
    hf.failNext('daily_papers', { kind: 'status', status: 429, headers: { 'retry-after': '0' } });
    discord.faults.rateLimitNext({ method: 'POST', path: /\/channels\/\d+\/messages$/, retryAfter: 0.01 });
    await bot.tickAt('2024-10-28T09:00:00Z');

    const metrics = await get(bot, '/metrics');
    expect(metrics.status).toBe(200);
    expect(metrics.type).toContain('text/plain');
    const text = metrics.body;
    expect(sample(text, 'paperboy_posts_total{platform="discord",outcome="sent"}')).toBe(10);
    expect(sample(text, 'paperboy_posts_total{platform="discord",outcome="failed"}')).toBe(0);
    expect(sample(text, 'paperboy_digests_total{platform="discord",outcome="sent"}')).toBe(1);
    expect(
      sample(text, 'paperboy_command_duration_seconds_count{platform="discord",subcommand="subscribe"}'),
    ).toBe(1);
    expect(sample(text, 'paperboy_hf_request_duration_seconds_count{outcome="ok"}')).toBeGreaterThan(0);
    expect(sample(text, 'paperboy_rate_limited_total{service="huggingface"}')).toBe(1);
    expect(sample(text, 'paperboy_retries_total{service="huggingface"}')).toBe(1);
    expect(sample(text, 'paperboy_rate_limited_total{service="discord"}')).toBe(1);
    expect(sample(text, 'paperboy_retries_total{service="discord"}')).toBe(1);
    expect(sample(text, 'paperboy_deliveries_sending')).toBe(0);
    expect(sample(text, 'paperboy_platform_connected{platform="discord"}')).toBe(1);
    expect(sample(text, 'paperboy_hf_last_fetch_timestamp_seconds')).toBe(
      Date.parse('2024-10-28T09:00:00Z') / 1000,
    );
    expect(text).toContain('paperboy_process_resident_memory_bytes');
  });

  it('counts Hugging Face requests that fail for good, by error code', async () => {
    const hf = await new FakeHfServer().start();
    // Only the digest asks Hugging Face at 09:00 (the refresh would be due too with the default hour).
    const env = { METRICS_PORT: '0', REFRESH_INTERVAL_MINUTES: '600' };
    bot = await BotHarness.start({ now: '2024-10-28T08:00:00Z', hf, env });
    await bot.slash('subscribe', [{ name: 'time', type: STRING, value: '09:00' }]);
    hf.failNext('daily_papers', { kind: 'status', status: 500 }, 1_000);
    await bot.tickAt('2024-10-28T09:00:00Z');
    const text = (await get(bot, '/metrics')).body;
    expect(sample(text, 'paperboy_hf_fetch_errors_total{code="source_unavailable"}')).toBe(1);
    expect(sample(text, 'paperboy_hf_request_duration_seconds_count{outcome="error"}')).toBeGreaterThan(1);
    expect(sample(text, 'paperboy_digests_total{platform="discord",outcome="sent"}')).toBeUndefined();
  });
});
