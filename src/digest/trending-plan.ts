/**
 * A trending subscription's digest: the top of Hugging Face's trending list (a global rank, not a day's
 * batch) that the channel has not had yet, through its filters, in the list's own order. A paper only left
 * out before (outside the top N, or filtered) is considered again, since its rank moves from day to day;
 * one posted here (by either kind of digest) never is.
 */
import type { DigestHeader } from '../chat/replies';
import type { Paper } from '../records/paper';
import type { DigestSettings } from '../records/subscription';
import type { PlannedDelivery } from '../store/store';
import { dayLabel, filterVerdict } from './digest-plan';

/** How far down the trending list a digest looks for papers the channel has not had. */
export const trendingDepth = 100;

export const trendingListUrl = 'https://huggingface.co/papers/trending';

/** A paper's place on the list (1-based), as a card and `/papers why` say it. */
export const trendingPlace = (place: number) => `#${place} on Hugging Face's trending list`;

/** The card line of a trending paper. */
export const trendingNote = (place: string) => `🔥 ${place}`;

/**
 * The plan for one run: `trending` is the list best first, `posted` the papers the channel already has
 * (posted, being posted, or failed for good). Every other paper of the list gets a row saying why.
 */
export function planTrending(
  trending: Paper[],
  settings: DigestSettings,
  posted: Set<string>,
): PlannedDelivery[] {
  let taken = 0;
  const planned: PlannedDelivery[] = [];
  trending.forEach((paper, index) => {
    if (posted.has(paper.id)) return;
    const place = trendingPlace(index + 1);
    const verdict = filterVerdict(paper, settings);
    if (verdict.reason) {
      planned.push({
        paperId: paper.id,
        state: 'skipped',
        reason: verdict.reason,
        detail: verdict.detail,
        rank: null,
      });
      return;
    }
    if (taken < settings.topN) {
      planned.push({
        paperId: paper.id,
        state: 'pending',
        reason: null,
        detail: null,
        rank: taken,
        note: place,
      });
      taken++;
      return;
    }
    const detail = `was ${place}, below the ${settings.topN} new trending papers this channel takes`;
    planned.push({ paperId: paper.id, state: 'skipped', reason: 'outside_top_n', detail, rank: null });
  });
  return planned;
}

/** `Trending on Hugging Face — Tue 1 Dec · 10 new papers`, linking to the whole list. */
export function trendingHeader(day: string, count: number, total: number): DigestHeader {
  const size = `${count} new paper${count === 1 ? '' : 's'}`;
  return {
    title: `Trending on Hugging Face — ${dayLabel(day)} · ${size}`,
    batchDay: day,
    count,
    total,
    dayUrl: trendingListUrl,
    linkLabel: "Hugging Face's whole trending list",
    about: `Hugging Face trending papers · ${day} · ${size}, none posted here before`,
  };
}

/** The line a trending digest posts when the list has nothing the channel has not had. */
export const nothingNewTrending =
  'Trending on Hugging Face: nothing new for this channel today (the trending papers that pass its filters were all posted here before).';
