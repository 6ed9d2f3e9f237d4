/**
 * Plans a channel's digest run: which papers it will post, in what order, recorded with the run in one
 * write before anything is sent (the crash-safe order starts here). A daily run covers every batch since
 * the channel's last one; a trending run the top of the trending list the channel has not had.
 */

import type { TeamRanking } from '../ranking/team-ranking';
import type { DigestRun } from '../records/delivery';
import type { Paper } from '../records/paper';
import type { Subscription } from '../records/subscription';
import type { Store } from '../store/store';
import { addDays, utcDay } from '../time/zoned-time';
import type { DigestInputs } from './digest-inputs';
import { planDigest } from './digest-plan';
import { planTrending } from './trending-plan';

/** A daily digest reaches back at most this many days, however long the channel has been quiet. */
const maxCatchUpDays = 7;

export interface RunPlanner {
  /** Records the run and its whole plan at once; null when there is nothing to plan from yet. */
  planRun(
    subscription: Subscription,
    localDate: string,
    inputs: DigestInputs,
    now: Date,
  ): Promise<DigestRun | null>;
}

export function createRunPlanner(options: { store: Store; ranking: TeamRanking }): RunPlanner {
  const { store, ranking } = options;

  /** Records the run and its whole plan at once, from the subscription's source; null when there is nothing to plan from. */
  async function planRun(subscription: Subscription, localDate: string, inputs: DigestInputs, now: Date) {
    if (subscription.source === 'trending') {
      if (!inputs.trending) return null;
      // Posted (or on its way) by either kind of digest: never again. Only left out: considered again.
      const had = new Set<string>();
      for (const paper of inputs.trending) {
        const logged = await store.deliveries.get(subscription.id, paper.id);
        if (logged !== null && logged.state !== 'skipped') had.add(paper.id);
      }
      const planned = planTrending(inputs.trending, subscription, had);
      return await store.deliveries.createRun(
        subscription.id,
        localDate,
        utcDay(now),
        planned,
        now.toISOString(),
        'trending',
      );
    }
    const batch = inputs.daily;
    if (!batch) return null;
    const papers = await candidatePapers(subscription.id, batch.day);
    const logged = await store.deliveries.loggedPaperIds(
      subscription.id,
      papers.map((paper) => paper.id),
    );
    const planned = await planDigest(
      papers,
      subscription,
      logged,
      async (fresh) => await ranking.order(subscription.channel, fresh, now),
    );
    return await store.deliveries.createRun(
      subscription.id,
      localDate,
      batch.day,
      planned,
      now.toISOString(),
    );
  }

  /**
   * Every paper listed since the channel's last digest, so a batch between two digests (a weekend, a
   * day the channel does not post) is never missed; at most a week back, and only the latest batch for
   * a channel's first digest.
   */
  async function candidatePapers(subscriptionId: number, latestDay: string): Promise<Paper[]> {
    const previous = await store.deliveries.lastRun(subscriptionId, 'daily');
    const weekBefore = addDays(latestDay, -maxCatchUpDays);
    // A day Hugging Face failed to serve when the last digest was planned, fetched since: its papers
    // come now (those already logged for the channel are left out by the plan).
    const first = await store.deliveries.firstRun(subscriptionId, 'daily');
    const recovered = previous
      ? (await store.sourceLog.recoveredSince(previous.createdAt)).filter(
          (day) => day > weekBefore && day <= latestDay && day > (first?.batchDay ?? latestDay),
        )
      : [];
    if (previous && previous.batchDay >= latestDay && recovered.length === 0) return [];
    const after = previous && previous.batchDay > weekBefore ? previous.batchDay : weekBefore;
    const newer = previous ? await store.batches.nonEmptyDaysBetween(after, latestDay) : [latestDay];
    const days = [...new Set([...recovered, ...newer])].sort();
    const papers = new Map<string, Paper>();
    for (const day of days)
      for (const paper of await store.papers.listByBatchDay(day)) papers.set(paper.id, paper);
    return [...papers.values()];
  }

  return { planRun };
}
