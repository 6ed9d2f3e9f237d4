/** `source=trending`: the top of Hugging Face's trending list that the channel has not had yet. */
import type { Paper } from '../../records/paper';
import { utcDay } from '../../time/zoned-time';
import { describeSchedule } from '../schedule';
import {
  nothingNewTrending,
  planTrending,
  trendingDepth,
  trendingHeader,
  trendingNote,
} from '../trending-plan';
import type { DigestSourceDefinition } from './digest-source';

export const trendingSource: DigestSourceDefinition<Paper[]> = {
  id: 'trending',
  depth: trendingDepth,
  fetch: async ({ syncs }) => await syncs.hf.syncTrending(trendingDepth),
  outage: {
    message: 'trending digests postponed: the trending list is unavailable',
    fields: { source: 'trending' },
  },
  // A trending run keeps its plan: once planned it goes on without the list.
  needsInput: (run) => run === null,
  async plan({ store }, subscription, localDate, trending, now) {
    // Posted (or on its way) by either kind of digest: never again. Only left out: considered again.
    const had = new Set<string>();
    for (const paper of trending) {
      const logged = await store.deliveries.get(subscription.id, paper.id);
      if (logged !== null && logged.state !== 'skipped') had.add(paper.id);
    }
    const planned = planTrending(trending, subscription, had);
    return await store.deliveries.createRun(
      subscription.id,
      localDate,
      utcDay(now),
      planned,
      now.toISOString(),
      'trending',
    );
  },
  plannedLog: () => ({ source: 'trending' }),
  runLog: (trending) => (trending ? { trending: trending.length } : {}),
  header: (run, count, total) => trendingHeader(run.batchDay, count, total),
  emptyNote: nothingNewTrending,
  order: { before: "in the trending list's order", teamRanked: false },
  // The note is the paper's place on the list, shown as it is.
  cardNote: trendingNote,
  runName: (run) => `the trending digest of ${run.localDate}`,
  // A place on the list, not a day's batch: another day's listing says nothing of this run.
  relistedDays: () => [],
  laterChance: ' A later trending digest posts it if it is still trending then.',
  /** Not high enough on the list when its digests ran (or none ran yet). */
  async explainUnlogged({ store, subscription, name, paused }) {
    const last = await store.deliveries.lastRun(subscription.id, 'trending');
    const when = last
      ? `was not in the top ${trendingDepth} of Hugging Face's trending list when this channel's trending digests ran (the last on ${last.localDate})`
      : 'has not been considered yet: this channel has had no trending digest so far';
    return {
      verdict: 'not_trending',
      text: `${name} ${when}. This channel posts the top ${subscription.topN} trending papers it has not had, ${describeSchedule(subscription)}; a paper is posted if it is trending then.${paused}`,
    };
  },
};
