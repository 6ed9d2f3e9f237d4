/**
 * Fault: Hugging Face accepts every connection and never answers (#24.5, #28.4). The running bot, with the
 * real discord.js against the fake Discord, acknowledges every interaction within Discord's 3 s and answers
 * it from what is stored: `today` with the newest stored batch, saying the newest day is late; `paper` of a
 * stored paper at once, of an unknown one saying Hugging Face could not be asked in time. Hugging Face's
 * per-request timeout is set far beyond the test, so no answer here can have waited for it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { FakeHfServer } from '../fakes/hf/fake-hf-server';
import { BotHarness } from '../support/bot-harness';
import { oct25Batch } from '../support/fixtures';

const STRING = 3;

let bots: BotHarness[] = [];
afterEach(async () => {
  for (const bot of bots) await bot.stop();
  bots = [];
});

describe('Hugging Face hangs', () => {
  it('today and paper are acknowledged and answered from the store while every request hangs', async () => {
    // Yesterday's run stored 2024-10-24 (the newest complete day then).
    const earlier = (await new FakeHfServer().start()).setDay('2024-10-24', oct25Batch());
    const first = await BotHarness.start({ now: '2024-10-25T09:00:00Z', hf: earlier });
    expect(await first.slash('today')).toContain('Breaking the Memory Barrier');
    await first.stop();

    // Today 2024-10-25 is the newest complete day, and Hugging Face never answers.
    const hanging = await new FakeHfServer().start();
    hanging.failNext('/api/', { kind: 'hang' }, 10_000);
    const bot = await BotHarness.start({
      now: '2024-10-26T09:00:00Z',
      hf: hanging,
      database: first.database,
      sourceWaitMs: 1_500,
      env: { HF_TIMEOUT_MS: '120000', HF_RETRY_BUDGET_MS: '240000', REFRESH_INTERVAL_MINUTES: '6000' },
    });
    bots.push(bot);

    const today = await bot.slash('today');
    expect(today).toContain('Breaking the Memory Barrier');
    expect(today).toContain('2024-10-25 is late: Hugging Face has not answered yet');
    const stored = await bot.slash('paper', [{ name: 'id', type: STRING, value: '2410.17243' }]);
    expect(stored).toContain('Breaking the Memory Barrier');
    const unknown = await bot.slash('paper', [{ name: 'id', type: STRING, value: '2410.99999' }]);
    expect(unknown).toContain(
      'paperboy has not stored 2410.99999, and could not ask Hugging Face about it in time (no answer within 1.5 s)',
    );
    // Every answer came while Hugging Face had answered nothing at all.
    expect(hanging.requestsFor('date=2024-10-25').length).toBeGreaterThan(0);
    expect(hanging.requestsFor('/api/papers/2410.99999')).toHaveLength(1);
    expect(hanging.answered).toBe(0);

    // Each interaction was acknowledged (deferred or answered) inside Discord's window: the fake refuses a
    // callback after 3 s, and every answer above arrived.
    const discord = bot.discord;
    if (!discord) throw new Error('no Discord');
    const callbacks = discord.requests.filter(
      (request) => request.method === 'POST' && /^\/interactions\/\d+\/[^/]+\/callback$/.test(request.path),
    );
    expect(callbacks.map((request) => request.status)).toEqual([204, 204, 204]);
  }, 30_000);
});
