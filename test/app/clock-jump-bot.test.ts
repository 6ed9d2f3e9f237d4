/**
 * The bot held up past a digest's time (a laptop asleep, a process stopped): `runBot` in console mode with
 * production's node-cron ticker every second, the injected clock moved past 09:00 while the process is
 * blocked, so node-cron finds missed ticks when it wakes and the catch-up tick finds the digest due.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { consoleChannel } from '../../adapters/console/console-adapter';
import { defaultDigestSettings } from '../../src/records/subscription';
import { FakeHfServer } from '../fakes/hf/fake-hf-server';
import { BotHarness } from '../support/bot-harness';
import { oct25Batch } from '../support/fixtures';
import { until } from '../support/until';

let bot: BotHarness | null = null;
afterEach(async () => {
  await bot?.stop();
  bot = null;
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** Holds this process up without spending the CPU: no timer, socket or tick runs meanwhile. */
const holdUp = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

describe('a bot held up past a digest time', () => {
  it('routes node-cron through the log, catches the digest up at once, and says so in one line', async () => {
    const printedByLibraries = (['warn', 'info', 'error', 'debug', 'log'] as const).map((level) =>
      vi.spyOn(console, level),
    );
    const hf = (await new FakeHfServer().start()).setDay('2024-10-25', oct25Batch());
    bot = await BotHarness.start({
      now: '2024-10-28T08:00:00Z',
      hf,
      discord: null,
      cronTicker: true,
      env: { TICK_SECONDS: '1' },
    });
    await bot.core.store.subscriptions.upsert(
      consoleChannel,
      { ...defaultDigestSettings, time: '09:00' },
      '2024-10-28T08:00:00Z',
    );
    // The console's start-up digest has been fetched and printed: no request is in flight when the process
    // is held up (one would time out on waking, which is a different story: the fetch is retried).
    await until(() => bot?.stdout.includes('Type a command') ?? false, 'the prompt', 10_000);
    const printedBefore = bot.stdout.length;

    // 09:00 passes while the process is held up for 3 s: two or more one-second ticks go missing.
    bot.clock.set('2024-10-28T09:30:00Z');
    holdUp(3_000);
    const line = await bot.logs.waitFor(
      (entry) => entry.msg.startsWith('Caught up after'),
      'the catch-up line',
      15_000,
    );

    expect(line.msg).toMatch(
      /^Caught up after \d+ missed ticks \(.+ UTC to .+ UTC: the machine slept or the process was held up\): 1 digest due: 10 papers posted; 3 recent days fetched again\.$/,
    );
    expect(line.missed).toBeGreaterThanOrEqual(2);
    expect(bot.logs.filter((entry) => entry.msg.startsWith('Caught up after'))).toHaveLength(1);
    expect(bot.logs.filter((entry) => /missed execution/.test(entry.msg))).toHaveLength(0);
    // What the console shows after the wake-up is the digest itself, and nothing of node-cron.
    const printed = bot.stdout.slice(printedBefore);
    expect(printed).toMatch(/📰 Daily Papers — Fri 25 Oct · top 10 of 29/);
    expect(printed).not.toMatch(/NODE-CRON|missed execution/);
    for (const spy of printedByLibraries) expect(spy).not.toHaveBeenCalled();
  });

  it('keeps ticking when the wall clock is set back an hour: the digest due meanwhile goes out at once', async () => {
    // The wall clock node-cron reads (Date) runs on, and is set back; the monotonic clock and timers are real.
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    const hf = (await new FakeHfServer().start()).setDay('2024-10-25', oct25Batch());
    bot = await BotHarness.start({
      now: '2024-10-28T08:00:00Z',
      hf,
      discord: null,
      cronTicker: true,
      env: { TICK_SECONDS: '1' },
    });
    await bot.core.store.subscriptions.upsert(
      consoleChannel,
      { ...defaultDigestSettings, time: '09:00' },
      '2024-10-28T08:00:00Z',
    );
    await until(() => bot?.stdout.includes('Type a command') ?? false, 'the prompt', 10_000);
    const printedBefore = bot.stdout.length;

    vi.setSystemTime(Date.now() - 3_600_000);
    bot.clock.set('2024-10-28T09:00:30Z');
    await until(
      () => bot?.stdout.slice(printedBefore).includes('📰 Daily Papers') ?? false,
      'the digest after the clock went back',
      10_000,
    );
    const warned = bot.logs.filter((entry) => entry.msg.startsWith('the clock went back'));
    expect(warned).toHaveLength(1);
    expect(warned[0]?.behindMs).toBeGreaterThan(3_000_000);
  });
});
