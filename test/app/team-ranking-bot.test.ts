/**
 * The team ranking as the running bot does it: `runBot` with the manual clock and hand-driven ticks, the real
 * discord.js against the fake Discord, a real SQLite file. Reactions arrive through the gateway; the next
 * scheduled digest is ordered by what the channel flagged.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { userPayload } from '../fakes/discord/fake-payloads';
import { FakeHfServer } from '../fakes/hf/fake-hf-server';
import { BotHarness } from '../support/bot-harness';
import { oct25Batch } from '../support/fixtures';
import { flaggedOct25, MONDAY, mondayBatch } from '../support/ranking-batches';

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

async function until(check: () => boolean, what: string) {
  for (let attempt = 0; attempt < 200; attempt++) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('the team ranking in the running bot', () => {
  it('orders the next scheduled digest by the papers the channel flagged, with the reason on the cards', async () => {
    const hf = (await new FakeHfServer().start()).setDay('2024-10-25', oct25Batch());
    bot = await BotHarness.start({ now: '2024-10-26T08:00:00Z', hf });
    const running = bot;
    await running.slash('subscribe', [
      { name: 'time', type: STRING, value: '09:00' },
      { name: 'top', type: INTEGER, value: 20 },
    ]);
    await running.tickAt('2024-10-26T09:00:00Z');
    const subscription = running.core.store.subscriptions.get(papers);
    if (!subscription || !running.discord) throw new Error('not subscribed');
    const discord = running.discord;
    for (const [index, id] of flaggedOct25.entries()) {
      const messageId = running.core.store.deliveries.get(subscription.id, id)?.messageId;
      if (!messageId) throw new Error(`${id} was not posted`);
      discord.react({
        channelId: papers.channelId,
        messageId,
        user: userPayload(`70000000000000010${index}`, `reader${index}`),
        emoji: '🔖',
        action: 'added',
      });
    }
    await until(
      () => running.core.store.discussion.queue(papers).length === flaggedOct25.length,
      'the flags',
    );

    hf.setDay('2024-10-28', mondayBatch());
    const before = running.postsInPapers().length;
    await running.tickAt('2024-10-29T09:30:00Z');
    const monday = running.postsInPapers().slice(before + 1);
    const first = monday.slice(0, 2).join('\n');
    // By upvotes these two would be posted last.
    expect(first).toContain(MONDAY.editing.title);
    expect(first).toContain(MONDAY.decoding.title);
    expect(monday[0]).toContain('🎯 For this channel: close to');
    const model = running.core.store.ranking.getModel(papers);
    expect(model?.counts.flagged).toBe(flaggedOct25.length);
  });
});
