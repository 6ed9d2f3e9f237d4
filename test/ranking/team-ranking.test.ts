import { readFileSync } from 'node:fs';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CorpusPaper } from '../../bench/ranking/generate-ranking-corpus';
import { openSqliteStore } from '../../src/engines/sqlite/sqlite-store';
import { byPopularity } from '../../src/papers/paper-order';
import { modelFromStore } from '../../src/ranking/model-codec';
import { createTeamRanking, type TeamRanking } from '../../src/ranking/team-ranking';
import type { ChannelRef } from '../../src/records/channel';
import { defaultChannelSettings } from '../../src/records/discussion';
import { defaultDigestSettings } from '../../src/records/subscription';
import type { Store } from '../../src/store/store';

const corpus = (
  JSON.parse(
    readFileSync(new URL('../fixtures/ranking-corpus.json', import.meta.url), 'utf8'),
  ) as CorpusPaper[]
).slice(0, 120);
const channel: ChannelRef = { platform: 'slack', workspaceId: 'T1', channelId: 'C1' };
const other: ChannelRef = { platform: 'slack', workspaceId: 'T1', channelId: 'C2' };
const POSTED = '2024-09-10T09:00:00.000Z';
const log = pino({ level: 'silent' });
const robotics = corpus.filter((paper) => paper.topics[0] === 'robot-learning');
const rest = corpus.filter((paper) => paper.topics[0] !== 'robot-learning');

describe('the team ranking service', () => {
  let store: Store;
  let ranking: TeamRanking;

  /** Posts `papers` in `where` at POSTED, as a digest does. */
  async function post(where: ChannelRef, papers: CorpusPaper[]) {
    const subscription = await store.subscriptions.upsert(where, defaultDigestSettings, POSTED);
    const planned = papers.map((paper, rank) => ({
      paperId: paper.id,
      state: 'pending' as const,
      reason: null,
      detail: null,
      rank,
    }));
    const run = await store.deliveries.createRun(
      subscription.id,
      '2024-09-10',
      '2024-09-10',
      planned,
      POSTED,
    );
    for (const delivery of await store.deliveries.outstanding(run.id))
      await store.deliveries.markSent(delivery.id, `m-${delivery.paperId}`, null, POSTED);
  }
  const flag = async (where: ChannelRef, paperId: string, user = 'U1') => {
    const item = await store.discussion.ensureItem(where, paperId, `m-${paperId}`, POSTED);
    await store.discussion.addFlag(item.id, user, user, POSTED);
  };
  const days = (count: number) => new Date(Date.parse(POSTED) + count * 86_400_000);

  beforeEach(async () => {
    store = openSqliteStore(':memory:');
    await store.papers.upsertMany(corpus);
    ranking = createTeamRanking({ store, log });
    await post(channel, corpus.slice(0, 80));
  });
  afterEach(async () => await store.close());

  it('counts a post nobody flagged as a weak negative only after three days; a flag or a 👎 wins over it', async () => {
    for (const paper of robotics.slice(0, 6)) await flag(channel, paper.id);
    const disliked = rest[0] as CorpusPaper;
    await store.ranking.addDislike(channel, disliked.id, 'U2', POSTED);
    expect(await store.ranking.addDislike(channel, disliked.id, 'U2', POSTED)).toBe(false);
    const early = (await ranking.status(channel, days(2))).counts;
    expect(early).toEqual({ flagged: 6, disliked: 1, ignored: 0 });
    const later = (await ranking.status(channel, days(4))).counts;
    const flaggedPosted = robotics.slice(0, 6).filter((paper) => corpus.indexOf(paper) < 80).length;
    expect(later).toEqual({ flagged: 6, disliked: 1, ignored: 80 - flaggedPosted - 1 });
    // A discussed paper stays a flagged one, though its flags were closed into the discussion.
    const discussed = await store.discussion.findItem(channel, (robotics[0] as CorpusPaper).id);
    if (!discussed) throw new Error('no queue item');
    await store.discussion.markDiscussed(discussed.id, 'U1', POSTED);
    expect((await ranking.status(channel, days(4))).counts.flagged).toBe(6);
    expect(await store.ranking.removeDislike(channel, disliked.id, 'U2')).toBe(true);
    expect((await ranking.status(channel, days(4))).counts.disliked).toBe(0);
  });

  it('orders by the channel’s interests once it has flagged 5 papers, and by upvotes before', async () => {
    const candidates = corpus.slice(80);
    for (const paper of robotics.slice(0, 4)) await flag(channel, paper.id);
    const before = await ranking.order(channel, candidates, days(4));
    expect(before.by).toBe('upvotes');
    expect(before.papers.map(({ paper }) => paper.id)).toEqual(
      [...candidates].sort(byPopularity).map((p) => p.id),
    );
    for (const paper of robotics.slice(4, 8)) await flag(channel, paper.id);
    const after = await ranking.order(channel, candidates, days(4));
    expect(after.by).toBe('team');
    const firstRobotics = after.papers.findIndex(
      ({ paper }) => (paper as CorpusPaper).topics[0] === 'robot-learning',
    );
    const byUpvotes = before.papers.findIndex(
      ({ paper }) => (paper as CorpusPaper).topics[0] === 'robot-learning',
    );
    expect(firstRobotics).toBeLessThan(byUpvotes);
    expect(after.papers[firstRobotics]?.note).toMatch(/close to|shares what this channel flags/);
    // Nothing is shared between channels: one that flagged nothing keeps the upvote order.
    expect((await ranking.order(other, candidates, days(4))).by).toBe('upvotes');
  });

  it('trains once per set of signals, keeps the model in the database across a restart, and again after a flag', async () => {
    for (const paper of robotics.slice(0, 6)) await flag(channel, paper.id);
    await ranking.refresh(channel, days(4));
    const first = modelFromStore(await store.ranking.getModel(channel));
    expect(first?.counts.flagged).toBe(6);
    const restarted = createTeamRanking({ store, log });
    await restarted.order(channel, corpus.slice(80), days(4));
    expect(modelFromStore(await store.ranking.getModel(channel))?.trainedAt).toBe(first?.trainedAt);
    await flag(channel, (robotics[6] as CorpusPaper).id);
    await restarted.refresh(channel, days(5));
    const second = modelFromStore(await store.ranking.getModel(channel));
    expect(second?.counts.flagged).toBe(7);
    expect(second?.fingerprint).not.toBe(first?.fingerprint);
  });

  it('follows ranking=upvotes for digests, while for-you (forced) still ranks by interests', async () => {
    for (const paper of robotics.slice(0, 8)) await flag(channel, paper.id);
    await store.discussion.saveSettings(channel, { ...defaultChannelSettings, ranking: 'upvotes' }, POSTED);
    const status = await ranking.status(channel, days(4));
    expect(status).toMatchObject({ setting: 'upvotes', active: false });
    expect((await ranking.order(channel, corpus.slice(80), days(4))).by).toBe('upvotes');
    expect((await ranking.order(channel, corpus.slice(80), days(4), true)).by).toBe('team');
  });
});
