/**
 * Fault: one Hugging Face day inside the 7-day look-back keeps answering 500. The running bot must post
 * what it knows (the newer day's papers), retry the failing day on its own schedule, name it in `why`, and
 * post its papers in the next digest once it can be fetched — nothing twice, nothing lost.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { FakeHfServer } from '../fakes/hf/fake-hf-server';
import { BotHarness } from '../support/bot-harness';
import { oct25Batch, variant } from '../support/fixtures';

const STRING = 3;

let bot: BotHarness | null = null;
afterEach(async () => {
  await bot?.stop();
  bot = null;
});

describe('a Hugging Face day that keeps failing', () => {
  it('does not hold up the digest, is retried on its own, named by why, and posted once it comes back', async () => {
    const [model] = oct25Batch();
    if (!model) throw new Error('empty fixture');
    const papersOf = (prefix: string, title: string) =>
      Array.from({ length: 10 }, (_, i) =>
        variant(model, {
          id: `${prefix}${String(i + 1).padStart(3, '0')}`,
          title: `${title} ${i + 1}`,
          upvotes: 50 - i,
        }),
      );
    const hf = (await new FakeHfServer().start())
      .setDay('2024-10-22', papersOf('2410.22', 'Earlier paper'))
      .setDay('2024-10-25', oct25Batch());
    const env = { REFRESH_INTERVAL_MINUTES: '6000' };
    bot = await BotHarness.start({ now: '2024-10-23T08:00:00Z', hf, env });
    await bot.slash('subscribe', [{ name: 'time', type: STRING, value: '09:00' }]);
    await bot.tickAt('2024-10-23T09:00:00Z');
    expect(bot.postsInPapers()).toHaveLength(11);

    // From here on, 2024-10-24 answers 500 whenever it is asked.
    hf.failNext('date=2024-10-24', { kind: 'status', status: 500 }, 10_000);
    await bot.tickAt('2024-10-26T09:00:00Z');
    expect(bot.postsInPapers()).toHaveLength(22);
    const why = await bot.slash('why', [{ name: 'id', type: STRING, value: '2410.24001' }]);
    expect(why).toContain("Hugging Face's list for 2024-10-24 could not be fetched");
    // What it means for the channel; the URL, the status and the operator's advice go to the log only (#28.5).
    expect(why).toContain('the next digest includes it');
    expect(why).not.toMatch(/127\.0\.0\.1|HTTP 500|attempt|HF_BASE_URL|--demo/);
    const logged = bot.logs.entries.filter((line) => JSON.stringify(line).includes('date=2024-10-24'));
    expect(JSON.stringify(logged)).toContain('HTTP 500');
    expect(await bot.slash('today')).toContain('Breaking the Memory Barrier');

    // Retried on its own schedule (1, then 2 minutes later), not on every tick.
    const asked = () => hf.requestsFor('date=2024-10-24').length;
    const afterDigest = asked();
    await bot.tickAt('2024-10-26T09:00:30Z');
    expect(asked()).toBe(afterDigest);
    await bot.tickAt('2024-10-26T09:01:30Z');
    expect(asked()).toBeGreaterThan(afterDigest);

    hf.clearFaults().setDay('2024-10-24', papersOf('2410.24', 'Late paper'));
    await bot.tickAt('2024-10-26T09:05:00Z');
    expect((await bot.core.store.batches.get('2024-10-24'))?.paperCount).toBe(10);
    const pending = await bot.slash('why', [{ name: 'id', type: STRING, value: '2410.24001' }]);
    expect(pending).toContain('the next digest includes it');

    await bot.tickAt('2024-10-27T09:00:00Z');
    const keys = bot.deliveryKeysInPapers();
    expect({ expected: 33, posted: keys.length, distinct: new Set(keys).size }).toEqual({
      expected: 33,
      posted: 33,
      distinct: 33,
    });
    expect(bot.postsInPapers().join('\n')).toContain('Late paper 1');
  }, 60_000);
});
