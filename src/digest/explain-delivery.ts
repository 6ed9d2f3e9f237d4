import type { ChannelRef } from '../records/channel';
import type { Delivery, DigestRun } from '../records/delivery';
import type { Subscription } from '../records/subscription';
import type { Store } from '../store/store';
import { describeSchedule } from './schedule';
import { trendingDepth } from './trending-plan';

/** What `/papers why` can say about a paper in a channel. */
export type DeliveryVerdict =
  | 'not_subscribed'
  | 'posted'
  | 'posting'
  | 'filtered'
  | 'below_threshold'
  | 'outside_top_n'
  | 'failed'
  | 'not_in_batch'
  | 'not_trending'
  | 'not_digested_yet'
  | 'before_subscription'
  | 'rejected'
  | 'day_unavailable'
  | 'unknown_paper';

export interface DeliveryExplanation {
  verdict: DeliveryVerdict;
  text: string;
}

const skipVerdicts = {
  excluded_keyword: 'filtered',
  no_included_keyword: 'filtered',
  below_min_upvotes: 'below_threshold',
  outside_top_n: 'outside_top_n',
} as const;

/**
 * Explains, from the delivery log and the batches, why a paper was or was not posted in a channel: posted
 * (when, with a link), filtered (by which keyword), below the upvote threshold, outside the top N, failed
 * (with the error and whether it is retried), not digested yet, or not in any batch.
 */
export async function explainDelivery(
  store: Store,
  channel: ChannelRef,
  paperId: string,
  prefix: string,
): Promise<DeliveryExplanation> {
  const subscription = await store.subscriptions.get(channel);
  const paper = await store.papers.get(paperId);
  const name = paper ? `"${paper.title}" (${paperId})` : paperId;
  // The log outlives a subscription: what was posted before an unsubscribe is still known.
  const logged = subscription ? await store.deliveries.get(subscription.id, paperId) : null;
  if (subscription && !subscription.active && logged) {
    const explained = fromLog(
      logged,
      await store.deliveries.getRun(logged.runId),
      name,
      await store.batches.daysListing(paperId),
    );
    const text = `${explained.text} This channel has since unsubscribed; \`${prefix} subscribe\` starts the digest again.`;
    return { ...explained, text };
  }
  if (!subscription?.active) {
    return {
      verdict: 'not_subscribed',
      text: `This channel is not subscribed, so no paper is posted here. \`${prefix} subscribe\` starts the daily digest.`,
    };
  }
  const paused = subscription.pausedReason
    ? ` Note: this channel's digest is paused (${subscription.pausedReason}).`
    : '';
  const delivery = await store.deliveries.get(subscription.id, paperId);
  if (delivery) {
    const explained = fromLog(
      delivery,
      await store.deliveries.getRun(delivery.runId),
      name,
      await store.batches.daysListing(paperId),
    );
    return { ...explained, text: `${explained.text}${paused}` };
  }
  if (subscription.source === 'trending') return await explainNotTrending(store, subscription, name, paused);
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
}

/** A trending channel's paper with no row: not high enough on the list when its digests ran (or not yet). */
async function explainNotTrending(
  store: Store,
  subscription: Subscription,
  name: string,
  paused: string,
): Promise<DeliveryExplanation> {
  const last = await store.deliveries.lastRun(subscription.id, 'trending');
  const when = last
    ? `was not in the top ${trendingDepth} of Hugging Face's trending list when this channel's trending digests ran (the last on ${last.localDate})`
    : 'has not been considered yet: this channel has had no trending digest so far';
  return {
    verdict: 'not_trending',
    text: `${name} ${when}. This channel posts the top ${subscription.topN} trending papers it has not had, ${describeSchedule(subscription)}; a paper is posted if it is trending then.${paused}`,
  };
}

function fromLog(
  delivery: Delivery,
  run: DigestRun | null,
  name: string,
  days: string[],
): DeliveryExplanation {
  const trending = run?.source === 'trending';
  const batch = !run
    ? 'a digest'
    : trending
      ? `the trending digest of ${run.localDate}`
      : `the ${run.batchDay} digest`;
  const relisted = run && !trending ? days.filter((day) => day > run.batchDay) : [];
  const again = relisted.length
    ? ` It was listed again on ${relisted.join(', ')} and, as always, not posted twice.`
    : '';
  switch (delivery.state) {
    case 'sent':
      return {
        verdict: 'posted',
        text: `${name} was posted here on ${delivery.updatedAt.slice(0, 10)} in ${batch}${delivery.messageUrl ? `: ${delivery.messageUrl}` : '.'}${again}`,
      };
    case 'pending':
    case 'sending':
      return { verdict: 'posting', text: `${name} is in ${batch} and is being posted now.` };
    case 'failed':
      return {
        verdict: 'failed',
        text: `Posting ${name} failed after ${delivery.attempts} attempt${delivery.attempts === 1 ? '' : 's'}: ${delivery.detail ?? 'unknown error'}. ${delivery.retryable ? 'It will be retried on the next digest tick.' : 'It will not be retried.'}`,
      };
    case 'skipped': {
      const verdict = delivery.reason ? skipVerdicts[delivery.reason] : 'filtered';
      const later = trending ? ' A later trending digest posts it if it is still trending then.' : '';
      return {
        verdict,
        text: `${name} was left out of ${batch}: it ${delivery.detail ?? "did not pass the channel's filters"}.${again}${later}`,
      };
    }
  }
}

/**
 * An item Hugging Face listed and paperboy refused at the source edge, by its arXiv id or (for an id that is
 * not one) the id as listed; null when nothing was refused under that id.
 */
export async function explainRefused(
  store: Store,
  id: string,
  arxivId: boolean,
): Promise<DeliveryExplanation | null> {
  // `#3`: the stand-in key of an item that came with no id at all, not something a user can name.
  const rejected = id.startsWith('#') ? undefined : (await store.sourceLog.rejectsFor(id)).at(-1);
  if (!rejected) return null;
  const shown = arxivId ? id : JSON.stringify(id.length > 60 ? `${id.slice(0, 60)}…` : id);
  const outlook = arxivId
    ? 'It is posted if a later fetch of that day lists it complete.'
    : 'paperboy posts only papers with an arXiv id, since every link it shows is built from it, so this item will not be posted.';
  return {
    verdict: 'rejected',
    text: `Hugging Face listed ${shown} on ${rejected.day}, but paperboy left it out because ${rejected.reason}. ${outlook}`,
  };
}

/** Not stored: refused at the source edge, perhaps on a day Hugging Face could not serve, or never seen. */
async function explainUnknown(store: Store, paperId: string): Promise<DeliveryExplanation> {
  const refused = await explainRefused(store, paperId, true);
  if (refused) return refused;
  const failing = await store.sourceLog.failingDays();
  if (failing.length > 0) {
    // What it means for the channel; the error itself (URL, status, attempts) is the operator's, in the log.
    const days = failing.map((failure) => failure.day).join(', ');
    return {
      verdict: 'day_unavailable',
      text: `${paperId} is not in any batch paperboy has stored, but Hugging Face's list for ${days} could not be fetched (Hugging Face did not serve it when paperboy asked). paperboy keeps asking on its own, and the paper may be in it: once the list is fetched, the next digest includes it.`,
    };
  }
  return {
    verdict: 'unknown_paper',
    text: `${paperId} is not in any Daily Papers batch paperboy has seen yet; a paper is posted once it is listed on Hugging Face Daily Papers.`,
  };
}
