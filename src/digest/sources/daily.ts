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

/**
 * The newest complete batch stored; `waitingFor` names the newer day Hugging Face could not serve when the
 * digest goes out without it (its papers come with the channel's next digest after it is fetched).
 */
export interface DailyInput {
  batch: BatchRecord | null;
  waitingFor: string | null;
}

const clock = (iso: string) => `${iso.slice(11, 16)} UTC`;

export const dailySource: DigestSourceDefinition<DailyInput> = {
  id: 'daily',
  depth: null,
  fetch: async ({ syncs }, now) => ({ batch: await syncs.hf.latestCompleteBatch(now), waitingFor: null }),
  // The newest day failing does not hold back the days known: a channel that has not had them gets them
  // now, once each; the newest day comes with its next digest once Hugging Face serves it.
  async whileUnavailable({ syncs }, now) {
    const { batch, waiting } = await syncs.hf.knownWhileNewestFails(now);
    if (!batch || !waiting) return null;
    const retry = waiting.retryAt ? `, asked again at ${clock(waiting.retryAt)}` : '';
    return {
      input: { batch, waitingFor: waiting.day },
      waiting: `the ${waiting.day} list (Hugging Face did not serve it${retry}; its papers go out with each channel's next digest once it is fetched)`,
    };
  },
  outage: { message: 'digests postponed: the paper source is unavailable', fields: {} },
  // A planned run keeps its plan, its papers stored: it goes on without the batch (a run started before a
  // crash at 23:59 is finished after midnight even while Hugging Face is down).
  needsInput: (run) => run === null,
  async plan({ store, ranking }, subscription, localDate, { batch, waitingFor }, now) {
    if (!batch) return null;
    const papers = await candidatePapers(store, subscription.id, batch.day);
    // Without the newest day, a channel that has had every day known waits for it (no empty digest).
    if (waitingFor && papers.length === 0) return null;
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
  runLog: (input) => ({
    batchDay: input?.batch?.day ?? null,
    ...(input?.waitingFor ? { waitingFor: input.waitingFor } : {}),
  }),
  header: (run, count, total) => digestHeader(run.batchDay, count, total),
  emptyNote: 'Daily Papers: nothing new for this channel today.',
  order: { before: 'by upvotes', teamRanked: true },
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
    // What the next digest would cover if it were planned from the newest batch stored now.
    const newest = (await store.batches.latestNonEmpty('9999-12-31'))?.day ?? listed;
    const latest = newest > listed ? newest : listed;
    if ((await coveredDays(store, subscription.id, latest)).includes(listed)) {
      const unlessNewer =
        !last && latest === listed
          ? ', unless a newer batch is out by then: a first digest covers only the newest batch'
          : '';
      return {
        verdict: 'not_digested_yet',
        text: `${name} is in the ${listed} batch, which this channel's next digest will cover (posting ${describeSchedule(subscription)})${unlessNewer}.${paused}`,
      };
    }
    if (!last) {
      return {
        verdict: 'before_subscription',
        text: `${name} was listed on ${listed}; this channel has had no digest yet, and a first digest covers only the newest batch (${latest}), so it will not be posted here.${paused}`,
      };
    }
    return {
      verdict: 'before_subscription',
      text: `${name} was listed on ${listed}, more than a week before the digest that followed it, so it was not considered.${paused}`,
    };
  },
};

/**
 * The one rule for which batches a channel's next daily digest covers, planned from the newest complete
 * batch `latestDay`: every batch since the channel's last digest, so one between two digests (a weekend, a
 * day the channel does not post) is never missed; at most a week back; a day Hugging Face could not serve
 * at the last digest and fetched since; and only `latestDay` for a channel's first digest. The digest
 * plans from it and `why` answers from it, so `why` promises only what the digest does.
 */
export async function coveredDays(
  store: Store,
  subscriptionId: number,
  latestDay: string,
): Promise<string[]> {
  const previous = await store.deliveries.lastRun(subscriptionId, 'daily');
  if (!previous) return [latestDay];
  const weekBefore = addDays(latestDay, -maxCatchUpDays);
  // A day Hugging Face failed to serve when the last digest was planned, fetched since: its papers
  // come now (those already logged for the channel are left out by the plan).
  const first = await store.deliveries.firstRun(subscriptionId, 'daily');
  const recovered = (await store.sourceLog.recoveredSince(previous.createdAt)).filter(
    (day) => day > weekBefore && day <= latestDay && day > (first?.batchDay ?? latestDay),
  );
  if (previous.batchDay >= latestDay && recovered.length === 0) return [];
  const after = previous.batchDay > weekBefore ? previous.batchDay : weekBefore;
  const newer = await store.batches.nonEmptyDaysBetween(after, latestDay);
  return [...new Set([...recovered, ...newer])].sort();
}

/** Every paper of the batches the digest covers (see `coveredDays`). */
async function candidatePapers(store: Store, subscriptionId: number, latestDay: string): Promise<Paper[]> {
  const papers = new Map<string, Paper>();
  for (const day of await coveredDays(store, subscriptionId, latestDay))
    for (const paper of await store.papers.listByBatchDay(day)) papers.set(paper.id, paper);
  return [...papers.values()];
}
