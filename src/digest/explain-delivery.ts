import { shownTitle } from '../papers/paper-bounds';
import type { ChannelRef } from '../records/channel';
import type { Delivery, DigestRun } from '../records/delivery';
import type { Store } from '../store/store';
import type { DeliveryExplanation } from './sources/digest-source';
import { digestSourceOf } from './sources/registry';

export { explainRefused } from './explain-unknown';
export type { DeliveryExplanation, DeliveryVerdict } from './sources/digest-source';

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
  const name = paper ? `"${shownTitle(paper.title)}" (${paperId})` : paperId;
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
      // A paused digest retries nothing on its ticks: only subscribing again resumes it.
      subscription.pausedReason
        ? `It will be retried once the digest here is resumed (\`${prefix} subscribe\` again), not before.`
        : undefined,
    );
    return { ...explained, text: `${explained.text}${paused}` };
  }
  const source = digestSourceOf(subscription.source);
  return await source.explainUnlogged({ store, subscription, paperId, paper, name, paused });
}

function fromLog(
  delivery: Delivery,
  run: DigestRun | null,
  name: string,
  days: string[],
  retried = 'It will be retried on the next digest tick.',
): DeliveryExplanation {
  const source = run ? digestSourceOf(run.source) : null;
  const batch = run && source ? source.runName(run) : 'a digest';
  const relisted = run && source ? source.relistedDays(run, days) : [];
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
        text: `Posting ${name} failed after ${delivery.attempts} attempt${delivery.attempts === 1 ? '' : 's'}: ${delivery.detail ?? 'unknown error'}. ${delivery.retryable ? retried : 'It will not be retried.'}`,
      };
    case 'skipped': {
      const verdict = delivery.reason ? skipVerdicts[delivery.reason] : 'filtered';
      const later = source?.laterChance ?? '';
      return {
        verdict,
        text: `${name} was left out of ${batch}: it ${delivery.detail ?? "did not pass the channel's filters"}.${again}${later}`,
      };
    }
  }
}
