/**
 * Contract: the team ranking of issue 17. A channel that flags papers gets its next digest ordered by what
 * it flags, with the reason on the card; `why` gives the paper's place and the reason; `for-you` lists the
 * week's best unflagged papers; a 👎 counts as "not for us"; `settings ranking=upvotes` switches it off.
 */
import { describe, expect, it } from 'vitest';
import { papersForYou } from '../../src/ranking/ranking-queries';
import { flaggedOct25 as flagged, MONDAY, mondayBatch } from '../support/ranking-batches';
import { platforms } from './platforms';
import { type Contract, useContract } from './use-contract';

/** Subscribes, posts the real batch on Saturday, flags the seven papers, posts Monday's batch on Tuesday. */
async function channelThatFlags(c: Contract) {
  await c.asAdmin('papers', 'subscribe 09:00 UTC top=20');
  await c.digestsAt('2024-10-26T09:00:00Z');
  const posted = await c.driver.channelMessages('papers');
  for (const [index, id] of flagged.entries()) {
    const message = posted.find(
      (candidate) => candidate.text.includes(id) || candidate.links.some((link) => link.url.includes(id)),
    );
    if (!message) throw new Error(`${id} was not posted`);
    await c.driver.react({
      channel: 'papers',
      user: index % 2 ? 'ann' : 'bo',
      messageId: message.id,
      emoji: '🔖',
      action: 'added',
    });
  }
  c.t.hf.setDay('2024-10-28', mondayBatch());
  // After three days, the papers posted on Saturday that nobody flagged count as weak negatives.
  await c.digestsAt('2024-10-29T09:30:00Z');
  const all = await c.driver.channelMessages('papers');
  const mondayHeader = all.findIndex((message) => message.text.includes('Mon 28 Oct'));
  return all.slice(mondayHeader + 1).filter((message) => message.threadOf === null);
}

describe.each(platforms)('the team ranking on $name', (platform) => {
  const c = useContract(platform);
  const as = (text: string) => c.driver.runCommand({ channel: 'papers', user: 'cy', text });

  it('orders the next digest by what the channel flagged, and says why on the card', async () => {
    const monday = await channelThatFlags(c);
    const order = monday.map((message) =>
      Object.values(MONDAY).findIndex((paper) => message.text.includes(paper.title)),
    );
    // Upvotes alone would post video, robots, splats, editing, decoding.
    expect(order.slice(0, 2).sort()).toEqual([0, 1]);
    expect(monday[0]?.text).toContain('🎯 For this channel: close to');
    expect(monday[0]?.text).toContain('this channel flagged');
    const robots = monday.find((message) => message.text.includes(MONDAY.robots.title));
    expect(robots?.text).not.toContain('🎯');

    const why = await as(`why ${MONDAY.editing.id}`);
    expect(why.text).toMatch(
      /Team ranking: #[12] of the 5 papers of 2024-10-28 for this channel \(\d+% its interests, \d+% upvotes\): close to/,
    );
    expect(why.text).toMatch(/It was #[12] in its digest\./);
  });

  it('lists the best unflagged papers of the week for the channel, and learns from 👎', async () => {
    const monday = await channelThatFlags(c);
    const forYou = await as('for-you');
    expect(forYou.ephemeral).toBe(true);
    expect(forYou.text).toContain(
      'For this channel · the last 7 days by what it flags (7 flagged papers so far)',
    );
    expect(forYou.text).toContain(MONDAY.editing.title);
    // Flagged papers are left out (their titles may still appear in a reason, so ask the core).
    const listed = await papersForYou(
      c.t.core.store,
      c.t.core.ranking,
      c.driver.channelRef('papers'),
      c.t.clock.now(),
    );
    expect(listed.papers.map(({ paper }) => paper.id)).not.toContain(flagged[0]);
    expect(listed.papers.length).toBe(29 + 5 - flagged.length);

    const video = monday.find((message) => message.text.includes(MONDAY.video.title));
    if (!video) throw new Error('the video paper was not posted');
    await c.driver.react({
      channel: 'papers',
      user: 'ann',
      messageId: video.id,
      emoji: '👎',
      action: 'added',
    });
    const settings = await as('settings');
    expect(settings.text).toContain(
      'Digest order: team ranking, learned from 7 flagged papers, 1 dislike and',
    );
    expect((await as('for-you')).text).not.toContain(MONDAY.video.title);
    const after = await papersForYou(
      c.t.core.store,
      c.t.core.ranking,
      c.driver.channelRef('papers'),
      c.t.clock.now(),
    );
    expect(after.papers.map(({ paper }) => paper.id)).not.toContain(MONDAY.video.id);
  });

  it('goes back to upvote order with settings ranking=upvotes, and says so', async () => {
    await channelThatFlags(c);
    const changed = await c.asAdmin('papers', 'settings ranking=upvotes');
    expect(changed.text).toContain('Digest order: by upvotes (team ranking off');
    const today = await as('today');
    expect(today.text.indexOf(MONDAY.video.title)).toBeLessThan(today.text.indexOf(MONDAY.editing.title));
    expect(today.text).not.toContain('🎯');
    expect((await as(`why ${MONDAY.editing.id}`)).text).toContain('Team ranking: off here');
    const refused = await c.asAdmin('papers', 'settings ranking=magic');
    expect(refused.text).toContain('ranking "magic" is not a ranking; use team');
  });
});
