import type { Logger } from 'pino';
import type { ChannelRef, ChatPort } from '../chat/chat-port';
import type { PortRegistry } from '../chat/port-registry';
import { type Delivery, type DigestRun, headerDeliveryKey, paperDeliveryKey } from '../delivery/delivery';
import { DeliveryError } from '../errors';
import type { BatchSync } from '../ingest/batch-sync';
import type { Paper } from '../papers/paper';
import type { BatchRecord, Store } from '../store/store';
import type { Subscription } from '../subscriptions/subscription';
import { addDays } from '../time/zoned-time';
import { digestTitle, planDigest } from './digest-plan';
import { toPaperCard } from './paper-card';
import { dueLocalDate } from './schedule';

export interface DigestServiceOptions {
  store: Store;
  ports: PortRegistry;
  sync: BatchSync;
  log: Logger;
  /** A post that failed this many times is given up (and shown as failed by `/papers why`). */
  maxAttempts?: number;
}

export interface DigestTickResult {
  due: number;
  posted: number;
  failed: number;
  /** Set when the batch could not be fetched: nothing was posted, the next tick tries again. */
  sourceError?: string;
}

/** Posts each subscription's digest once per local day, crash-safe: intent recorded before every send. */
export interface DigestService {
  runDueDigests(now: Date): Promise<DigestTickResult>;
  /** Settles posts a crash left between "sending" and "sent" by asking the platform. */
  reconcileInFlight(now: Date): Promise<number>;
  /**
   * Lets the post in flight finish, starts no other, and resolves when the current tick has returned.
   * Anything not posted stays planned in the log and goes out after the next start.
   */
  stop(): Promise<void>;
}

export function createDigestService(options: DigestServiceOptions): DigestService {
  const { store, sync, ports } = options;
  const maxAttempts = options.maxAttempts ?? 5;
  const maxCatchUpDays = 7;
  let current: Promise<DigestTickResult> | null = null;
  let stopping = false;

  async function runDueDigests(now: Date): Promise<DigestTickResult> {
    if (current || stopping) return { due: 0, posted: 0, failed: 0 };
    current = runTick(now);
    try {
      return await current;
    } finally {
      current = null;
    }
  }

  async function stop(): Promise<void> {
    stopping = true;
    await current?.catch(() => undefined);
  }

  async function runTick(now: Date): Promise<DigestTickResult> {
    const due = store.subscriptions
      .listActive()
      .filter((subscription) => ports.has(subscription.channel.platform))
      .map((subscription) => ({ subscription, localDate: dueLocalDate(subscription, now) }))
      .filter((entry): entry is { subscription: Subscription; localDate: string } => entry.localDate !== null)
      .filter(
        ({ subscription, localDate }) => !store.deliveries.findRun(subscription.id, localDate)?.completedAt,
      );
    const result: DigestTickResult = { due: due.length, posted: 0, failed: 0 };
    if (due.length === 0) return result;
    let batch: BatchRecord | null;
    try {
      batch = await sync.latestCompleteBatch(now);
    } catch (error) {
      // Never an empty digest because of an outage: stay due and try again on the next tick.
      result.sourceError = (error as Error).message;
      options.log.warn({ err: error, due: due.length }, 'digests postponed: the paper source is unavailable');
      return result;
    }
    for (const { subscription, localDate } of due) {
      if (stopping) break;
      const outcome = await runSubscription(subscription, localDate, batch, now);
      result.posted += outcome.posted;
      result.failed += outcome.failed;
    }
    return result;
  }

  async function runSubscription(
    subscription: Subscription,
    localDate: string,
    batch: BatchRecord | null,
    now: Date,
  ) {
    const log = options.log.child({ subscription: subscription.id, channel: subscription.channel.channelId });
    let run = store.deliveries.findRun(subscription.id, localDate);
    let isNew = false;
    if (!run) {
      if (!batch) return { posted: 0, failed: 0 };
      const papers = candidatePapers(subscription.id, batch.day);
      const logged = store.deliveries.loggedPaperIds(
        subscription.id,
        papers.map((paper) => paper.id),
      );
      const planned = planDigest(papers, subscription, logged);
      run = store.deliveries.createRun(subscription.id, localDate, batch.day, planned, now.toISOString());
      isNew = true;
      log.info(
        { batchDay: batch.day, planned: planned.filter((row) => row.state === 'pending').length },
        'digest planned',
      );
    }
    return deliverRun(subscription, run, isNew, now, log);
  }

  /**
   * Every paper listed since the channel's last digest, so a batch between two digests (a weekend, a
   * day the channel does not post) is never missed; at most a week back, and only the latest batch for
   * a channel's first digest.
   */
  function candidatePapers(subscriptionId: number, latestDay: string): Paper[] {
    const previous = store.deliveries.lastRun(subscriptionId);
    if (previous && previous.batchDay >= latestDay) return [];
    const weekBefore = addDays(latestDay, -maxCatchUpDays);
    const after = previous && previous.batchDay > weekBefore ? previous.batchDay : weekBefore;
    const days = previous ? store.batches.nonEmptyDaysBetween(after, latestDay) : [latestDay];
    const papers = new Map<string, Paper>();
    for (const day of days) for (const paper of store.papers.listByBatchDay(day)) papers.set(paper.id, paper);
    return [...papers.values()];
  }

  async function deliverRun(
    subscription: Subscription,
    run: DigestRun,
    isNew: boolean,
    now: Date,
    log: Logger,
  ) {
    const port = ports.get(subscription.channel.platform);
    const outcome = { posted: 0, failed: 0 };
    if (!port) return outcome;
    const outstanding = store.deliveries.outstanding(run.id);
    try {
      if (outstanding.length === 0) {
        if (isNew && subscription.postWhenEmpty) {
          await port.postText(subscription.channel, `Daily Papers: nothing new for this channel today.`);
        }
        store.deliveries.completeRun(run.id, now.toISOString());
        return outcome;
      }
      if (run.headerState !== 'sent' && run.headerState !== 'none') {
        await postHeader(port, subscription.channel, run, outstanding.length);
      }
      for (const delivery of outstanding) {
        if (stopping) break;
        if (await postPaper(port, subscription, delivery, now)) outcome.posted++;
        else outcome.failed++;
      }
    } catch (error) {
      return handleChannelFailure(error, subscription, log, outcome, now);
    }
    if (store.deliveries.outstanding(run.id).length === 0)
      store.deliveries.completeRun(run.id, now.toISOString());
    return outcome;
  }

  async function postHeader(port: ChatPort, channel: ChannelRef, run: DigestRun, count: number) {
    const key = headerDeliveryKey(run.id);
    const earlier = run.headerState === 'sending' ? await port.findPosted(channel, key) : null;
    if (earlier) {
      store.deliveries.setHeaderState(run.id, 'sent', earlier.messageId);
      return;
    }
    store.deliveries.setHeaderState(run.id, 'sending', null);
    const posted = await port.postDigestHeader(
      channel,
      { title: digestTitle(run.batchDay, count), batchDay: run.batchDay, count },
      key,
    );
    store.deliveries.setHeaderState(run.id, 'sent', posted.messageId);
  }

  /** True when the paper is (now known to be) posted. Channel-wide failures are rethrown. */
  async function postPaper(
    port: ChatPort,
    subscription: Subscription,
    delivery: Delivery,
    now: Date,
  ): Promise<boolean> {
    const key = paperDeliveryKey(subscription.id, delivery.paperId);
    const at = () => now.toISOString();
    if (delivery.state === 'sending' || delivery.attempts > 0) {
      const earlier = await port.findPosted(subscription.channel, key);
      if (earlier) {
        store.deliveries.markSent(delivery.id, earlier.messageId, earlier.url, at());
        return true;
      }
    }
    const paper = store.papers.get(delivery.paperId);
    if (!paper) {
      store.deliveries.markFailed(delivery.id, 'the paper is no longer in the store', false, at());
      return false;
    }
    store.deliveries.markSending(delivery.id, at());
    try {
      const posted = await port.postPaper(subscription.channel, toPaperCard(paper), key);
      store.deliveries.markSent(delivery.id, posted.messageId, posted.url, at());
      return true;
    } catch (error) {
      const failure = error instanceof DeliveryError ? error.failure : 'transient';
      if (failure === 'channel_unavailable' || failure === 'unauthorized') {
        store.deliveries.markFailed(delivery.id, (error as Error).message, true, at());
        throw error;
      }
      const retryable = failure === 'transient' && delivery.attempts + 1 < maxAttempts;
      store.deliveries.markFailed(delivery.id, (error as Error).message, retryable, at());
      return false;
    }
  }

  function handleChannelFailure(
    error: unknown,
    subscription: Subscription,
    log: Logger,
    outcome: { posted: number; failed: number },
    now: Date,
  ) {
    if (
      error instanceof DeliveryError &&
      (error.failure === 'channel_unavailable' || error.failure === 'unauthorized')
    ) {
      store.subscriptions.pause(subscription.id, error.message, now.toISOString());
      log.warn({ err: error }, 'subscription paused: the bot can no longer post in this channel');
    } else {
      log.error({ err: error }, 'digest interrupted; the next tick resumes it');
    }
    return { ...outcome, failed: outcome.failed + 1 };
  }

  async function reconcileInFlight(now: Date): Promise<number> {
    let settled = 0;
    for (const delivery of store.deliveries.inFlight()) {
      const subscription = store.subscriptions.getById(delivery.subscriptionId);
      const port = subscription ? ports.get(subscription.channel.platform) : undefined;
      if (!subscription || !port) continue;
      const found = await port.findPosted(
        subscription.channel,
        paperDeliveryKey(subscription.id, delivery.paperId),
      );
      if (found) store.deliveries.markSent(delivery.id, found.messageId, found.url, now.toISOString());
      else
        store.deliveries.markFailed(
          delivery.id,
          'interrupted before the platform confirmed it',
          true,
          now.toISOString(),
        );
      settled++;
    }
    return settled;
  }

  return { runDueDigests, reconcileInFlight, stop };
}
