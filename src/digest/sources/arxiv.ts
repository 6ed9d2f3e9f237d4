/**
 * `source=arxiv`: the newest arXiv mailing announced (20:00 US Eastern the evening before its date) in the
 * channel's categories, and every mailing since the channel's last digest (at most a week back). Each paper
 * once, however many of the channel's categories list it; a replacement (a new version) is never a paper to
 * post. Hundreds a day: the channel's filters and its team ranking choose the top N, and below the ranking's
 * flag threshold the mailing's default order (src/ranking/arxiv-default-order.ts) does.
 */
import { PaperboyError } from '../../errors';
import type { ArxivSync } from '../../ingest/arxiv-sync';
import type { PaperOrder } from '../../papers/paper-order';
import { arxivDefaultOrder } from '../../ranking/arxiv-default-order';
import { rankingNote } from '../../ranking/ranking-reason';
import type { ArxivListing } from '../../records/arxiv-listing';
import type { Paper } from '../../records/paper';
import type { DigestSettings } from '../../records/subscription';
import { announcementDaysBetween } from '../../sources/arxiv/arxiv-calendar';
import { listingUrl } from '../../sources/arxiv/arxiv-categories';
import type { Store } from '../../store/store';
import { addDays } from '../../time/zoned-time';
import { dayLabel, planDigest } from '../digest-plan';
import { explainUnknown } from '../explain-unknown';
import { wholeWordMatcher } from '../keyword-match';
import { describeSchedule } from '../schedule';
import type { DigestSourceDefinition, SourceSyncs } from './digest-source';

/** The newest mailing arXiv had announced when the tick fetched. */
export interface ArxivInput {
  day: string;
}

/** A digest reaches back at most a week of mailings, however long the channel has been quiet. */
const maxCatchUpDays = 7;

const syncOf = (syncs: SourceSyncs): ArxivSync => {
  if (!syncs.arxiv) throw new PaperboyError('source_unavailable', 'paperboy is built without arXiv');
  return syncs.arxiv;
};

/**
 * The one rule for which mailings a channel's next digest covers, planned from the newest announced
 * `latestDay`: every mailing after the channel's last arXiv digest, at most a week back, and only
 * `latestDay` for a first digest. The fetch syncs these, the plan reads them, `why` answers from them.
 */
export async function coveredMailings(
  store: Store,
  subscriptionId: number,
  latestDay: string,
): Promise<string[]> {
  const previous = await store.deliveries.lastRun(subscriptionId, 'arxiv');
  if (!previous) return [latestDay];
  if (previous.batchDay >= latestDay) return [];
  const weekBefore = addDays(latestDay, -maxCatchUpDays);
  const after = previous.batchDay > weekBefore ? previous.batchDay : weekBefore;
  return announcementDaysBetween(addDays(after, 1), latestDay);
}

/**
 * Below the team ranking's flag threshold, the mailing's default order (src/ranking/arxiv-default-order.ts:
 * the channel's own categories before cross-lists, then its keywords, then arXiv's announcement order).
 */
const defaultOrder =
  (listings: ArxivListing[], keywords: string[]) =>
  (papers: Paper[]): PaperOrder => {
    const fresh = new Set(papers.map((paper) => paper.id));
    const ordered = arxivDefaultOrder(
      listings.filter((listing) => fresh.has(listing.paper.id)),
      { keywords, matcher: wholeWordMatcher },
    );
    // No card note: the order says nothing about this team (a ranked card's note does).
    return { papers: ordered.papers.map(({ paper }) => ({ paper, note: null })), by: 'arxiv-default' };
  };

const categoriesOf = (settings: DigestSettings) => settings.categories ?? [];

export const arxivSource: DigestSourceDefinition<ArxivInput> = {
  id: 'arxiv',
  depth: null,
  // One request per (category, mailing) not stored yet, for every channel due: a category many channels
  // follow is fetched once; the sync's gate keeps arXiv's one request every 3 seconds.
  async fetch({ syncs, store, due }, now) {
    const sync = syncOf(syncs);
    const day = sync.latestAnnouncedDay(now);
    const wanted = new Map<string, Set<string>>();
    for (const subscription of due)
      for (const mailing of await coveredMailings(store, subscription.id, day)) {
        const categories = wanted.get(mailing) ?? new Set<string>();
        for (const category of subscription.categories) categories.add(category);
        wanted.set(mailing, categories);
      }
    let failure: unknown = null;
    for (const mailing of [...wanted.keys()].sort()) {
      const missing = await sync.missingCategories([...(wanted.get(mailing) ?? [])], mailing);
      if (missing.length === 0) continue;
      try {
        await sync.syncDay(missing, mailing, now);
      } catch (error) {
        // Keep going: another mailing may be served, and the channels whose mailings are stored go out.
        if ((error as PaperboyError).code !== 'source_unavailable') throw error;
        failure ??= error;
      }
    }
    if (failure) throw failure;
    return { day };
  },
  // A channel whose mailings are all stored goes out; one waiting on a mailing arXiv did not serve plans
  // nothing (see `plan`) and gets its digest at the first tick after the mailing is fetched, once.
  async whileUnavailable({ syncs }, now) {
    if (!syncs.arxiv) return null;
    const day = syncs.arxiv.latestAnnouncedDay(now);
    return {
      input: { day },
      waiting: `arXiv mailings up to ${day} not fetched yet (each channel waiting on one gets its digest once arXiv serves it)`,
    };
  },
  outage: { message: 'arXiv digests postponed: arXiv is unavailable', fields: { source: 'arxiv' } },
  needsInput: (run) => run === null,
  async plan({ store, ranking }, subscription, localDate, { day }, now) {
    const categories = categoriesOf(subscription);
    const days = await coveredMailings(store, subscription.id, day);
    // A mailing not stored in one of its categories: the channel waits for it (no partial digest).
    for (const mailing of days)
      for (const category of categories) if (!(await store.arxiv.storedDay(category, mailing))) return null;
    const listings: ArxivListing[] = [];
    const listed = new Set<string>();
    for (const mailing of days)
      for (const listing of await store.arxiv.listingsFor(categories, mailing)) {
        // A new version of a paper announced before is not a new paper; one listed twice is one card.
        if (listing.kind === 'replacement' || listed.has(listing.paper.id)) continue;
        listed.add(listing.paper.id);
        listings.push(listing);
      }
    const papers = listings.map((listing) => listing.paper);
    const logged = await store.deliveries.loggedPaperIds(
      subscription.id,
      papers.map((paper) => paper.id),
    );
    const planned = await planDigest(papers, subscription, logged, async (fresh) => {
      const ranked = await ranking.order(subscription.channel, fresh, now);
      return ranked.by === 'team' ? ranked : defaultOrder(listings, subscription.include)(fresh);
    });
    return await store.deliveries.createRun(
      subscription.id,
      localDate,
      day,
      planned,
      now.toISOString(),
      'arxiv',
    );
  },
  plannedLog: (run) => ({ source: 'arxiv', mailingDay: run.batchDay }),
  runLog: (input) => (input ? { arxivDay: input.day } : {}),
  header: (run, count, total, settings) => arxivHeader(run.batchDay, categoriesOf(settings), count, total),
  emptyNote: "arXiv: nothing new for this channel in today's mailing.",
  order: {
    before:
      "in arXiv's default order (this channel's categories before cross-lists, then its include keywords, then arXiv's own order; arXiv has no upvotes)",
    teamRanked: true,
  },
  cardNote: rankingNote,
  runName: (run) => `the ${run.batchDay} arXiv digest`,
  // A later listing (Hugging Face's Daily Papers the next day) is the same paper: `why` says so.
  relistedDays: (run, days) => days.filter((day) => day > run.batchDay),
  laterChance: '',
  async explainUnlogged({ store, subscription, paperId, paper, name, paused }) {
    const categories = categoriesOf(subscription);
    if (!paper) {
      // Refused at Hugging Face's edge says so; otherwise in arXiv's words, not Daily Papers'.
      const unknown = await explainUnknown(store, paperId);
      if (unknown.verdict === 'rejected') return unknown;
      return {
        verdict: 'unknown_paper',
        text: `${paperId} is not in any arXiv mailing of this channel's categories (${categories.join(', ')}) that paperboy has stored. A mailing arXiv could not serve is asked for again on its own; a new paper is posted with the digest after the mailing that announces it.${paused}`,
      };
    }
    const places = (await store.arxiv.listingsOf(paperId)).filter((place) =>
      categories.includes(place.category),
    );
    const fresh = places.filter((place) => place.kind !== 'replacement');
    const followed = categories.join(', ');
    if (fresh.length === 0) {
      const replaced = places.at(-1);
      return {
        verdict: 'not_in_batch',
        text: replaced
          ? `${name} was in the ${replaced.day} ${replaced.category} mailing as a new version of a paper announced before; new versions are not posted again.${paused}`
          : `${name} has not been in an arXiv mailing of this channel's categories (${followed}) that paperboy fetched, and this channel posts the new papers of those.${paused}`,
      };
    }
    const listed = (fresh.at(-1) as { day: string }).day;
    const first = await store.deliveries.firstRun(subscription.id, 'arxiv');
    const last = await store.deliveries.lastRun(subscription.id, 'arxiv');
    if (first && listed < first.batchDay) {
      return {
        verdict: 'before_subscription',
        text: `${name} was in the ${listed} arXiv mailing, before this channel's first arXiv digest (which covered ${first.batchDay}).${paused}`,
      };
    }
    if (!last || listed > last.batchDay) {
      return {
        verdict: 'not_digested_yet',
        text: `${name} is in the ${listed} arXiv mailing (${followed}), which this channel's next digest will cover (posting ${describeSchedule(subscription)}).${paused}`,
      };
    }
    return {
      verdict: 'before_subscription',
      text: `${name} was in the ${listed} arXiv mailing, more than a week before the digest that followed it, so it was not considered.${paused}`,
    };
  },
};

/** `arXiv cs.RO, cs.LG — Tue 1 Dec · top 10 of 412`, linking to the first category's listing. */
export function arxivHeader(day: string, categories: string[], count: number, total: number) {
  const size = count < total ? `top ${count} of ${total}` : `${count} paper${count === 1 ? '' : 's'}`;
  const shown =
    categories.length > 3
      ? `${categories.slice(0, 3).join(', ')} +${categories.length - 3}`
      : categories.join(', ');
  return {
    title: `arXiv ${shown} — ${dayLabel(day)} · ${size}`,
    batchDay: day,
    count,
    total,
    dayUrl: listingUrl(categories[0] ?? 'cs'),
    linkLabel: `arXiv's new ${categories[0] ?? ''} listing`,
    about: `arXiv mailing · ${day} · ${categories.join(', ')} · ${size}`,
  };
}
