import type { DigestHeader } from '../chat/replies';
import { type PaperOrder, upvoteOrder } from '../papers/paper-order';
import type { SkipReason } from '../records/delivery';
import { dailyPapersDayUrl, type Paper } from '../records/paper';
import type { DigestSettings } from '../records/subscription';
import type { PlannedDelivery } from '../store/store';
import { firstMatchingKeyword } from './keyword-match';

export interface Verdict {
  paper: Paper;
  reason: SkipReason | null;
  detail: string | null;
}

/** Why a paper would be left out by the channel's filters (before top-N), or null if it passes. */
export function filterVerdict(paper: Paper, settings: DigestSettings): Verdict {
  const excluded = firstMatchingKeyword(paper, settings.exclude);
  if (excluded)
    return { paper, reason: 'excluded_keyword', detail: `matched the exclude keyword "${excluded}"` };
  if (settings.include.length > 0 && !firstMatchingKeyword(paper, settings.include)) {
    return {
      paper,
      reason: 'no_included_keyword',
      detail: `matched none of the include keywords (${settings.include.join(', ')})`,
    };
  }
  if (paper.upvotes < settings.minUpvotes) {
    return {
      paper,
      reason: 'below_min_upvotes',
      detail: `had ${paper.upvotes} upvotes, below the channel's minimum of ${settings.minUpvotes}`,
    };
  }
  return { paper, reason: null, detail: null };
}

const orderNames: Record<PaperOrder['by'], string> = {
  upvotes: 'upvotes',
  team: "this channel's team ranking (its flags blended with upvotes)",
  'arxiv-default':
    "arXiv's default order (this channel's categories before cross-lists, then its keywords, then the mailing's order)",
};

/**
 * The channel's digest from one batch: drops papers already in the channel's log, filters, ranks (by
 * upvotes, or by the channel's team ranking), keeps the top N. Every other paper of the batch gets a skip
 * row saying why.
 */
export async function planDigest(
  batch: Paper[],
  settings: DigestSettings,
  alreadyLogged: Set<string>,
  order: (papers: Paper[]) => PaperOrder | Promise<PaperOrder> = upvoteOrder,
): Promise<PlannedDelivery[]> {
  const ordered = await order(batch.filter((paper) => !alreadyLogged.has(paper.id)));
  const notes = new Map(ordered.papers.map(({ paper, note }) => [paper.id, note]));
  const verdicts = ordered.papers.map(({ paper }) => filterVerdict(paper, settings));
  const passing = verdicts.filter((verdict) => verdict.reason === null);
  const rankOf = new Map(passing.map((verdict, index) => [verdict.paper.id, index]));
  return verdicts.map(({ paper, reason, detail }): PlannedDelivery => {
    if (reason) return { paperId: paper.id, state: 'skipped', reason, detail, rank: null };
    const rank = rankOf.get(paper.id) ?? 0;
    const note = notes.get(paper.id) ?? null;
    if (rank < settings.topN)
      return { paperId: paper.id, state: 'pending', reason: null, detail: null, rank, note };
    const why = `was ranked ${rank + 1} by ${orderNames[ordered.by]}, and the channel takes the top ${settings.topN}`;
    return { paperId: paper.id, state: 'skipped', reason: 'outside_top_n', detail: why, rank: null, note };
  });
}

/** The header of a digest posting `count` of the `total` papers it considered. */
export function digestHeader(batchDay: string, count: number, total: number): DigestHeader {
  return {
    title: digestTitle(batchDay, count, total),
    batchDay,
    count,
    total,
    dayUrl: dailyPapersDayUrl(batchDay),
  };
}

/** `Daily Papers — Thu 27 Nov · top 10 of 29`, or `· 7 papers` when the digest has them all. */
export function digestTitle(batchDay: string, count: number, total = count): string {
  const label = dayLabel(batchDay);
  const size = count < total ? `top ${count} of ${total}` : `${count} paper${count === 1 ? '' : 's'}`;
  return `Daily Papers — ${label} · ${size}`;
}

/** `Thu 27 Nov` */
export function dayLabel(day: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  })
    .format(new Date(`${day}T12:00:00Z`))
    .replace(',', '');
}
