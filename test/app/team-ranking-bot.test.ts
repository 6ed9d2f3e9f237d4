/**
 * The team ranking as the running bot does it: `runBot` with the manual clock and hand-driven ticks, the real
 * discord.js against the fake Discord, a real SQLite file. Reactions arrive through the gateway; the next
 * scheduled digest is ordered by what the channel flagged.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { modelFromStore } from '../../src/ranking/model-codec';
import { papersForYou } from '../../src/ranking/ranking-queries';
import { userPayload } from '../fakes/discord/fake-payloads';
import { FakeHfServer } from '../fakes/hf/fake-hf-server';
import { BotHarness } from '../support/bot-harness';
import { oct25Batch, variant } from '../support/fixtures';
import { flaggedOct25, MONDAY, mondayBatch } from '../support/ranking-batches';
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

/**
 * A channel subscribed at 09:00 whose members flag seven papers of Friday's digest (reactions through the
 * gateway); then Monday's batch is published and its digest goes out. Returns Monday's posts.
 */
async function channelThatFlags(): Promise<{ running: BotHarness; monday: string[] }> {
  const hf = (await new FakeHfServer().start()).setDay('2024-10-25', oct25Batch());
  bot = await BotHarness.start({ now: '2024-10-26T08:00:00Z', hf });
  const running = bot;
  await running.slash('subscribe', [
    { name: 'time', type: STRING, value: '09:00' },
    { name: 'top', type: INTEGER, value: 20 },
  ]);
  await running.tickAt('2024-10-26T09:00:00Z');
  for (const [index, id] of flaggedOct25.entries()) {
    await react(running, id, `70000000000000010${index}`, '🔖');
  }
  await until(
    async () => (await running.core.store.discussion.queue(papers)).length === flaggedOct25.length,
    'the flags',
  );
  hf.setDay('2024-10-28', mondayBatch());
  const before = running.postsInPapers().length;
  await running.tickAt('2024-10-29T09:30:00Z');
  return { running, monday: running.postsInPapers().slice(before + 1) };
}

/** A member reacts with `emoji` on the message that posted paper `id` in #papers. */
async function react(running: BotHarness, id: string, userId: string, emoji: string) {
  const subscription = await running.core.store.subscriptions.get(papers);
  const messageId = subscription
    ? (await running.core.store.deliveries.get(subscription.id, id))?.messageId
    : null;
  if (!messageId || !running.discord) throw new Error(`${id} was not posted`);
  running.discord.react({
    channelId: papers.channelId,
    messageId,
    user: userPayload(userId, `reader${userId.slice(-2)}`),
    emoji,
    action: 'added',
  });
}

describe('the team ranking in the running bot', () => {
  it('orders the next scheduled digest by the papers the channel flagged, with the reason on the cards', async () => {
    const { running, monday } = await channelThatFlags();
    const first = monday.slice(0, 2).join('\n');
    // By upvotes these two would be posted last.
    expect(first).toContain(MONDAY.editing.title);
    expect(first).toContain(MONDAY.decoding.title);
    expect(monday[0]).toContain('🎯 For this channel: close to');
    const model = modelFromStore(await running.core.store.ranking.getModel(papers));
    expect(model?.counts.flagged).toBe(flaggedOct25.length);
  });

  it('answers why and for-you from what the channel flagged, and learns from a 👎 on a post', async () => {
    const { running } = await channelThatFlags();
    const why = await running.slash('why', [{ name: 'id', type: STRING, value: MONDAY.editing.id }]);
    expect(why).toMatch(/Team ranking: #[12] of the 5 papers of 2024-10-28 for this channel/);
    expect(why).toMatch(/It was #[12] in its digest\./);

    const forYou = await running.slash('for-you');
    expect(forYou).toContain('For this channel · the last 7 days by what it flags (7 flagged papers so far)');
    expect(forYou).toContain(`1. ${MONDAY.editing.title}`);
    const listed = async () =>
      (await papersForYou(running.core.store, running.core.ranking, papers, running.clock.now())).papers.map(
        ({ paper }) => paper.id,
      );
    expect(await listed()).toContain(MONDAY.video.id);

    await react(running, MONDAY.video.id, '700000000000000201', '👎');
    await until(
      async () => (await running.core.ranking.status(papers, running.clock.now())).counts.disliked === 1,
      'the 👎',
    );
    const settings = await running.slash('settings');
    expect(settings).toContain('Digest order: team ranking, learned from 7 flagged papers, 1 dislike and');
    expect(await listed()).not.toContain(MONDAY.video.id);
  });

  it('why names what placed a paper the model names no reason for: the model, when it holds most of the blend', async () => {
    const { running } = await channelThatFlags();
    // The most upvoted paper of Monday, far from what the channel flags: the model (71% at 7 flags) sinks it.
    const why = await running.slash('why', [{ name: 'id', type: STRING, value: MONDAY.video.id }]);
    expect(why).toMatch(
      /Team ranking: #[345] of the 5 papers of 2024-10-28 for this channel \(71% its interests, 29% upvotes\): the team model \(71% of the blend\) moved it down from #1 by upvotes: it ranks it (the lowest|in the bottom \d+%) of these papers\./,
    );
    expect(why).not.toContain('upvotes decide');
  });

  it('posts the next digest by upvotes after settings ranking=upvotes, and why says the ranking is off', async () => {
    const { running } = await channelThatFlags();
    const changed = await running.slash('settings', [{ name: 'ranking', type: STRING, value: 'upvotes' }]);
    expect(changed).toContain('Digest order: by upvotes (team ranking off');
    // Tuesday's batch: the same papers under new ids, so the digest has five new papers to order.
    running.hf.setDay(
      '2024-10-29',
      mondayBatch().map((item, index) =>
        variant(item, { id: `2410.9910${index + 1}`, title: `${item.paper.title} (II)` }),
      ),
    );
    const before = running.postsInPapers().length;
    await running.tickAt('2024-10-30T09:30:00Z');
    const tuesday = running.postsInPapers().slice(before + 1);
    expect(tuesday).toHaveLength(5);
    expect(tuesday[0]).toContain(`${MONDAY.video.title} (II)`);
    expect(tuesday[1]).toContain(`${MONDAY.robots.title} (II)`);
    expect(tuesday.join('\n')).not.toContain('🎯');
    const why = await running.slash('why', [{ name: 'id', type: STRING, value: '2410.99101' }]);
    expect(why).toContain('Team ranking: off here');
  });
});
