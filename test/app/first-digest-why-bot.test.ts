/**
 * `why` before a channel's first digest promises only what that digest does (#23 item 3): one rule says
 * which batches a digest covers, and both answer from it. `runBot` with the manual clock, the real
 * discord.js against the fake Discord, a real SQLite file.
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

describe('why before the first digest', () => {
  it('says an older batch will not be posted, and the first digest indeed covers only the newest', async () => {
    const base = oct25Batch()[0];
    if (!base) throw new Error('fixture missing');
    const hf = (await new FakeHfServer().start())
      .setDay('2024-10-23', [variant(base, { id: '2410.77001', title: 'A Wednesday paper' })])
      .setDay('2024-10-25', oct25Batch());
    bot = await BotHarness.start({ now: '2024-10-26T08:00:00Z', hf });
    const running = bot;
    for (const day of ['2024-10-23', '2024-10-25']) await running.core.sync.syncDay(day);
    await running.slash('subscribe', [{ name: 'time', type: STRING, value: '09:00' }]);

    const before = await running.slash('why', [{ name: 'id', type: STRING, value: '2410.77001' }]);
    expect(before).not.toContain('next digest will cover');
    expect(before).toContain(
      '(2410.77001) was listed on 2024-10-23; this channel has had no digest yet, and a first digest covers only the newest batch (2024-10-25), so it will not be posted here.',
    );
    const newest = await running.slash('why', [{ name: 'id', type: STRING, value: '2410.18975' }]);
    expect(newest).toContain(
      "is in the 2024-10-25 batch, which this channel's next digest will cover (posting every day at 09:00 UTC), unless a newer batch is out by then: a first digest covers only the newest batch.",
    );

    await running.tickAt('2024-10-26T09:00:00Z');
    const posted = running.deliveryKeysInPapers().join(' ');
    expect(posted).not.toContain('2410.77001');
    expect(posted).toContain('2410.18975');
    const after = await running.slash('why', [{ name: 'id', type: STRING, value: '2410.77001' }]);
    expect(after).toContain(
      "was listed on 2024-10-23, before this channel's first digest (which covered 2024-10-25).",
    );
  });
});
