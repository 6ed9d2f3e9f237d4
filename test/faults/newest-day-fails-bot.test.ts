/**
 * A failing newest day does not hold back known days (issue 28, item 2): a channel with three stored days
 * it has not had gets them at its digest time while Hugging Face answers 500 for the newest day; the log
 * and `why` say exactly what waits and until when; the newest day's papers come with the next digest once
 * it is fetched, every paper once. On SQLite and PostgreSQL (PGlite, and TEST_DATABASE_URL's).
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Store } from '../../src/store/store';
import { FakeHfServer } from '../fakes/hf/fake-hf-server';
import { BotHarness } from '../support/bot-harness';
import { oct25Batch, variant } from '../support/fixtures';
import { testStores } from '../support/test-stores';

const STRING = 3;
let cleanup: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

describe.each(testStores)('the newest day failing, on $name', (kind) => {
  it('posts the stored days the channel has not had now, says what waits until when, and the newest day next, once each', async () => {
    const [model] = oct25Batch();
    if (!model) throw new Error('empty fixture');
    const papersOf = (day: string) =>
      Array.from({ length: 4 }, (_, i) =>
        variant(model, {
          id: `2410.${day.slice(8)}${String(i + 1).padStart(3, '0')}`,
          title: `Paper ${i + 1} of ${day}`,
          upvotes: 50 - i,
        }),
      );
    const hf = await new FakeHfServer().start();
    for (const day of ['2024-10-22', '2024-10-23', '2024-10-24', '2024-10-25', '2024-10-26'])
      hf.setDay(day, papersOf(day));
    const [store] = (await kind.openShared(1)) as [Store];
    cleanup.push(
      () => hf.stop(),
      () => store.close(),
    );
    const env = {
      REFRESH_INTERVAL_MINUTES: '6000',
      DATABASE_URL: 'postgres://shared-test-database/paperboy',
    };
    const bot = await BotHarness.start({ now: '2024-10-23T08:00:00Z', hf, env, store });
    cleanup.push(() => bot.stop());
    await bot.slash('subscribe', [{ name: 'time', type: STRING, value: '09:00' }]);
    await bot.tickAt('2024-10-23T09:00:00Z');
    expect(bot.deliveryKeysInPapers()).toHaveLength(5);

    // 23, 24 and 25 October are stored (as the refresh job keeps them); the newest, the 26th, answers 500.
    for (const day of ['2024-10-23', '2024-10-24', '2024-10-25']) await bot.core.sync.syncDay(day);
    hf.failNext('date=2024-10-26', { kind: 'status', status: 500 }, 10_000);
    await bot.tickAt('2024-10-27T09:00:00Z');
    const keys = bot.deliveryKeysInPapers();
    expect(keys).toHaveLength(5 + 1 + 10);
    expect(keys.filter((key) => /:2410\.2[345]\d{3}$/.test(key))).toHaveLength(10);
    const waiting = bot.logs.filter((line) => line.msg.startsWith('digests go out with the days known'));
    expect(waiting).toHaveLength(1);
    expect(waiting[0]?.msg).toMatch(
      /waiting: the 2024-10-26 list \(Hugging Face did not serve it, asked again at \d\d:\d\d UTC; its papers go out with each channel's next digest once it is fetched\)/,
    );
    const why = await bot.slash('why', [{ name: 'id', type: STRING, value: '2410.26001' }]);
    expect(why).toMatch(
      /2024-10-26 could not be fetched.*next at \d\d:\d\d UTC.*the next digest includes it/,
    );

    // Hugging Face serves it again: the failed-days job fetches it; the next digest posts it, once.
    hf.clearFaults();
    await bot.tickAt('2024-10-27T09:20:00Z');
    expect(await store.batches.get('2024-10-26')).not.toBeNull();
    await bot.tickAt('2024-10-28T09:00:00Z');
    const after = bot.deliveryKeysInPapers();
    expect(after.filter((key) => /:2410\.26\d{3}$/.test(key))).toHaveLength(4);
    expect(new Set(after).size).toBe(after.length);
  }, 60_000);
});
