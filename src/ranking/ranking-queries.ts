/**
 * The questions commands ask the team ranking: the best papers of the week this channel has not flagged
 * (`/papers for-you`), and where one paper stands among its day's papers (`/papers why`).
 */
import { byPopularity } from '../papers/paper-order';
import type { ChannelRef } from '../records/channel';
import type { Paper } from '../records/paper';
import type { Store } from '../store/store';
import { addDays } from '../time/zoned-time';
import type { BlendParts } from './blend';
import type { RankedList, TeamRanking } from './team-ranking';

/** How far back `for-you` looks, and how many papers it ranks at most (the week's most upvoted first). */
export const forYouDays = 7;
const forYouCandidates = 1_000;

export async function papersForYou(
  store: Store,
  ranking: TeamRanking,
  channel: ChannelRef,
  now: Date,
): Promise<RankedList> {
  const today = now.toISOString().slice(0, 10);
  const recent = await store.papers.listFiltered(
    { sinceDay: addDays(today, -forYouDays) },
    forYouCandidates,
    0,
  );
  const signals = await store.ranking.signals(channel, now.toISOString(), forYouCandidates * 3);
  const seen = new Set([
    ...signals.flagged.map((entry) => entry.paperId),
    ...signals.disliked.map((entry) => entry.paperId),
  ]);
  return await ranking.order(
    channel,
    recent.filter((paper) => !seen.has(paper.id)),
    now,
    true,
  );
}

export interface PaperStanding {
  /** 1-based place among the papers of its day, for this channel. */
  rank: number;
  of: number;
  day: string | null;
  note: string | null;
  /** What placed it: the blend's two inputs. */
  parts: BlendParts | null;
  /** 1-based place among the same papers by upvotes alone. */
  upvoteRank: number;
  list: RankedList;
}

/** Where `paper` stands among the papers listed with it, in this channel's order (the one its digest uses). */
export async function paperStanding(
  store: Store,
  ranking: TeamRanking,
  channel: ChannelRef,
  paper: Paper,
  now: Date,
): Promise<PaperStanding> {
  const peers = paper.batchDay ? await store.papers.listByBatchDay(paper.batchDay) : [];
  const field = peers.some((peer) => peer.id === paper.id) ? peers : [...peers, paper];
  const list = await ranking.order(channel, field, now, true);
  const index = list.papers.findIndex((entry) => entry.paper.id === paper.id);
  return {
    rank: index + 1,
    of: field.length,
    day: paper.batchDay,
    note: list.papers[index]?.note ?? null,
    parts: list.papers[index]?.parts ?? null,
    upvoteRank: [...field].sort(byPopularity).findIndex((peer) => peer.id === paper.id) + 1,
    list,
  };
}
