/** The team-ranking half of `/papers why`: the paper's place for this channel, and the model's reason. */

import { digestSourceOf } from '../../src/digest/sources/registry';
import { paperStanding } from '../../src/ranking/ranking-queries';
import { blendReason } from '../../src/ranking/ranking-reason';
import type { TeamRanking } from '../../src/ranking/team-ranking';
import type { ChannelRef } from '../../src/records/channel';
import type { Paper } from '../../src/records/paper';
import type { Store } from '../../src/store/store';

export async function explainRanking(
  store: Store,
  ranking: TeamRanking,
  channel: ChannelRef,
  paper: Paper,
  now: Date,
  prefix: string,
): Promise<string> {
  const standing = await paperStanding(store, ranking, channel, paper, now);
  const { status } = standing.list;
  const place = `#${standing.rank} of the ${standing.of} papers${standing.day ? ` of ${standing.day}` : ''}`;
  const subscription = await store.subscriptions.get(channel);
  const delivery = subscription ? await store.deliveries.get(subscription.id, paper.id) : null;
  const inDigest =
    delivery?.state === 'sent' && delivery.rank !== null
      ? ` It was #${delivery.rank + 1} in its digest.`
      : '';
  // A source with an order of its own (arXiv has no upvotes) says that order; the verdict above gave the place.
  const order = digestSourceOf(subscription?.source ?? 'daily').order.before;
  const byUpvotes = order === 'by upvotes';
  if (standing.list.by === 'upvotes') {
    const until = `Team ranking: not learning yet — it starts once ${status.minFlags} papers are flagged here (${status.counts.flagged} so far)`;
    return byUpvotes
      ? `${until}; by upvotes this paper is ${place}.${inDigest}`
      : `${until}; until then this channel's digest goes ${order}.${inDigest}`;
  }
  // What placed it: the model's reason where it names one, else the larger part of the blend.
  const reason =
    standing.note ??
    (standing.parts
      ? blendReason(standing.parts, standing.rank, standing.upvoteRank)
      : 'its upvotes decide its place');
  if (status.setting === 'upvotes') {
    return `Team ranking: off here (digests go ${order}; \`${prefix} settings ranking=team\` turns it on). By this channel's interests it would be ${place}: ${reason}.${inDigest}`;
  }
  const share = Math.round(status.modelShare * 100);
  return `Team ranking: ${place} for this channel (${share}% its interests, ${100 - share}% upvotes): ${reason}.${inDigest}`;
}
