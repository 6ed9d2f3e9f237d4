/**
 * The digest and `today`/`why` seconds after it give one order (#23 item 19): a post becomes a weak
 * negative 72 h after it went out, and that line, like every time-dependent input of the ranking, is read
 * at the digest's planned time, not at the moment someone asks. `runBot` with the manual clock, the real
 * discord.js against the fake Discord, a real SQLite file.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { userPayload } from '../fakes/discord/fake-payloads';
import { FakeHfServer } from '../fakes/hf/fake-hf-server';
import { BotHarness } from '../support/bot-harness';
import { oct25Batch, variant } from '../support/fixtures';
import { flaggedOct25 } from '../support/ranking-batches';
import { until } from '../support/until';

const papers = {
  platform: 'discord' as const,
  workspaceId: '900000000000000001',
  channelId: '900000000000000101',
};
const STRING = 3;
const INTEGER = 4;

let bot: BotHarness | null = null;
afterEach(async () => {
  await bot?.stop();
  bot = null;
});

/** The paper ids of the posts in #papers from `from` on, in the order they went out. */
const postedIds = (running: BotHarness, from: number) =>
  running
    .deliveryKeysInPapers()
    .slice(from)
    .map((key) => /^pb:\d+:(.+)$/.exec(key)?.[1])
    .filter((id): id is string => id !== undefined);

describe('one instant per digest', () => {
  it('today and why seconds after a digest planned just before the 72 h line give the digest its own order', async () => {
    const hf = (await new FakeHfServer().start()).setDay('2024-10-25', oct25Batch());
    bot = await BotHarness.start({ now: '2024-10-26T08:00:00Z', hf });
    const running = bot;
    await running.slash('subscribe', [
      { name: 'time', type: STRING, value: '09:00' },
      { name: 'top', type: INTEGER, value: 20 },
    ]);
    // Saturday's digest goes out five seconds after nine: its unflagged posts turn into weak negatives at
    // 09:00:05 on Tuesday.
    await running.tickAt('2024-10-26T09:00:05Z');
    const subscription = await running.core.store.subscriptions.get(papers);
    if (!subscription) throw new Error('not subscribed');
    for (const [index, id] of flaggedOct25.entries()) {
      const messageId = (await running.core.store.deliveries.get(subscription.id, id))?.messageId;
      if (!messageId || !running.discord) throw new Error(`${id} was not posted`);
      running.discord.react({
        channelId: papers.channelId,
        messageId,
        user: userPayload(`70000000000000010${index}`, `reader0${index}`),
        emoji: '🔖',
        action: 'added',
      });
    }
    await until(
      async () => (await running.core.store.discussion.queue(papers)).length === flaggedOct25.length,
      'the flags',
    );
    // Monday's batch: Friday's papers under new ids, so there is a whole day to order.
    hf.setDay(
      '2024-10-28',
      oct25Batch().map((item, index) =>
        variant(item, { id: `2410.99${String(index + 100)}`, title: `${item.paper.title} (Mon)` }),
      ),
    );
    const before = running.deliveryKeysInPapers().length;
    // Tuesday's digest is planned at 09:00:00, five seconds before the line.
    await running.tickAt('2024-10-29T09:00:00Z');
    const digest = postedIds(running, before);
    expect(digest).toHaveLength(20);

    // Ten seconds later, past the line, a member asks.
    running.clock.set('2024-10-29T09:00:10Z');
    const today = await running.slash('today');
    const listed = [...today.matchAll(/2410\.99\d{3}/g)].map((match) => match[0]);
    const shown = [...new Set(listed)];
    expect(shown).toEqual(digest.slice(0, shown.length));
    expect(shown.length).toBeGreaterThanOrEqual(5);
    for (const [index, id] of digest.slice(0, 5).entries()) {
      const why = await running.slash('why', [{ name: 'id', type: STRING, value: id }]);
      expect(why).toContain(`Team ranking: #${index + 1} of the 29 papers of 2024-10-28 for this channel`);
      expect(why).toContain(`It was #${index + 1} in its digest.`);
    }
  });
});
