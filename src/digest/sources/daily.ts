/** `source=daily`: the Daily Papers batch of the day, and every batch since the channel's last digest. */

import { rankingNote } from '../../ranking/ranking-reason';
import type { Paper } from '../../records/paper';
import type { BatchRecord, Store } from '../../store/store';
import { addDays } from '../../time/zoned-time';
import { digestHeader, planDigest } from '../digest-plan';
import { explainUnknown } from '../explain-unknown';
import { describeSchedule } from '../schedule';
import type { DigestSourceDefinition } from './digest-source';

/** A daily digest reaches back at most this many days, however long the channel has been quiet. */
const maxCatchUpDays = 7;

export const dailySource: DigestSourceDefinition<BatchRecord | null> = {
  id: 'daily',
  depth: null,
  fetch: async (sync, now) => await sync.latestCompleteBatch(now),
  outage: { message: 'digests postponed: the paper source is unavailable', fields: {} },
  // A planned run keeps its plan, its papers stored: it goes on without the batch (a run started before a
  // crash at 23:59 is finished after midnight even while Hugging Face is down).
  needsInput: (run) => run === null,
  async plan({ store, ranking }, subscription, localDate, batch, now) {
    if (!batch) return null;
    const papers = await candidatePapers(store, subscription.id, batch.day);
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
  },
  plannedLog: (run) => ({ batchDay: run.batchDay }),
  runLog: (batch) => ({ batchDay: batch?.day ?? null }),
  header: (run, count, total) => digestHeader(run.batchDay, count, total),
  emptyNote: 'Daily Papers: nothing new for this channel today.',
  cardNote: rankingNote,
  runName: (run) => `the ${run.batchDay} digest`,
  relistedDays: (run, days) => days.filter((day) => day > run.batchDay),
  laterChance: '',
  async explainUnlogged({ store, subscription, paperId, paper, name, paused }) {
    if (!paper) return await explainUnknown(store, paperId);
    const days = await store.batches.daysListing(paperId);
    const listed = days.at(-1);
    if (!listed) {
      // Known from the trending list or a search, listed on a day paperboy never fetched.
      const unfetched = paper.batchDay && !(await store.batches.get(paper.batchDay));
      return {
        verdict: 'not_in_batch',
        text: unfetched
          ? `${name} was on Hugging Face Daily Papers on ${paper.batchDay}, a day paperboy has not fetched (it knows the paper from Hugging Face's trending list or search); digests cover the days paperboy fetches, at most a week back.${paused}`
          : `${name} has not been listed on Hugging Face Daily Papers (yet), and only listed papers are posted.`,
      };
    }
    const first = await store.deliveries.firstRun(subscription.id, 'daily');
    const last = await store.deliveries.lastRun(subscription.id, 'daily');
    if (first && listed < first.batchDay) {
      return {
        verdict: 'before_subscription',
        text: `${name} was listed on ${listed}, before this channel's first digest (which covered ${first.batchDay}).${paused}`,
      };
    }
    const recovered = (await store.sourceLog.dayFailure(listed))?.recoveredAt;
    if (last && recovered && recovered > last.createdAt) {
      return {
        verdict: 'not_digested_yet',
        text: `${name} is in the ${listed} batch, which Hugging Face could not serve when this channel's last digest was made; the next digest includes it (posting ${describeSchedule(subscription)}).${paused}`,
      };
    }
    if (!last || last.batchDay < listed) {
      return {
        verdict: 'not_digested_yet',
        text: `${name} is in the ${listed} batch, which this channel's next digest will cover (posting ${describeSchedule(subscription)}).${paused}`,
      };
    }
    return {
      verdict: 'before_subscription',
      text: `${name} was listed on ${listed}, more than a week before the digest that followed it, so it was not considered.${paused}`,
    };
  },
};

/**
 * Every paper listed since the channel's last digest, so a batch between two digests (a weekend, a
 * day the channel does not post) is never missed; at most a week back, and only the latest batch for
 * a channel's first digest.
 */
async function candidatePapers(store: Store, subscriptionId: number, latestDay: string): Promise<Paper[]> {
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
