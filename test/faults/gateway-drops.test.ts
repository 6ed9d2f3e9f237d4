/**
 * Fault: the Discord gateway drops the bot — an abnormal closure (1006), a 4000 close, an invalid session.
 * discord.js gets back by itself; the running bot must say so in its log (at info, each time) and count
 * each reconnect in the Prometheus metrics, and keep answering commands.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { BotHarness, type LogLine } from '../support/bot-harness';

const info = 30;

let bot: BotHarness | null = null;
afterEach(async () => {
  await bot?.stop();
  bot = null;
});

async function reconnectsMetric(harness: BotHarness): Promise<number | undefined> {
  const response = await fetch(`http://127.0.0.1:${harness.started.metricsPort}/metrics`);
  const series = 'paperboy_reconnects_total{platform="discord"}';
  const line = (await response.text()).split('\n').find((each) => each.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('gateway drops', () => {
  it('logs every reconnect at info, counts it in the metrics, and keeps answering', async () => {
    bot = await BotHarness.start({ now: '2024-10-28T08:00:00Z', env: { METRICS_PORT: '0' } });
    const harness = bot;
    const fake = harness.discord;
    if (!fake) throw new Error('no Discord');
    const reconnected = (line: LogLine) => line.msg.startsWith('discord gateway reconnected');
    const drops = ['abnormal', 4000, 'invalid_session'] as const;
    for (const [index, how] of drops.entries()) {
      fake.gateway.drop(how);
      await harness.logs.waitFor(
        () => harness.logs.entries.filter(reconnected).length > index,
        `reconnect ${index + 1} (${how})`,
        10_000,
      );
    }
    const lost = harness.logs.entries.filter((line) => line.msg.includes('connection lost; reconnecting'));
    const back = harness.logs.entries.filter(reconnected);
    expect(lost.map((line) => line.level)).toEqual([info, info, info]);
    expect(back.map((line) => line.level)).toEqual([info, info, info]);
    expect(lost.slice(0, 2).map((line) => line.code)).toEqual([1006, 4000]);
    expect(back.map((line) => line.resumed)).toEqual([true, true, false]);
    expect(await reconnectsMetric(harness)).toBe(3);
    expect(await harness.slash('help')).toContain('/papers');
  }, 45_000);
});
