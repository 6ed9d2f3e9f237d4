import type { Logger } from 'pino';
import type { DeliveryPort } from '../chat/chat-port';
import type { PortRegistry } from '../chat/port-registry';
import { DeliveryError, isStoreWriteFault, type PaperboyError } from '../errors';
import { type Delivery, type DigestRun, headerDeliveryKey, paperDeliveryKey } from '../records/delivery';
import type { Paper } from '../records/paper';
import type { Subscription } from '../records/subscription';
import type { Store } from '../store/store';
import { toPaperCard } from './paper-card';
import { digestSourceOf } from './sources/registry';

export interface RunPosterOptions {
  store: Store;
  ports: PortRegistry;
  /** A post that failed this many times is given up (and shown as failed by `/papers why`). */
  maxAttempts: number;
  /** Checked between posts: once true, nothing new is sent. */
  stopping: () => boolean;
}

export interface PostOutcome {
  posted: number;
  failed: number;
  /** The database refused a write mid-run; what is left stays planned for the next tick. */
  storeError?: PaperboyError;
}

/**
 * Sends a planned digest run, crash-safe: each post is marked `sending` before it goes out and `sent`
 * (with the platform's message id) after. A post that may have gone out before a crash is looked up on
 * the platform by its delivery key instead of being sent again.
 */
export function createRunPoster(options: RunPosterOptions) {
  const { store, ports, maxAttempts } = options;

  async function deliverRun(
    subscription: Subscription,
    run: DigestRun,
    isNew: boolean,
    now: Date,
    log: Logger,
  ): Promise<PostOutcome> {
    const port = ports.get(subscription.channel.platform);
    const outcome = { posted: 0, failed: 0 };
    if (!port) return outcome;
    const outstanding = await store.deliveries.outstanding(run.id);
    try {
      if (outstanding.length === 0) {
        if (isNew && subscription.postWhenEmpty) {
          await port.postText(subscription.channel, digestSourceOf(run.source).emptyNote);
        }
        await store.deliveries.completeRun(run.id, now.toISOString());
        return outcome;
      }
      if (port.postDigest) {
        const postDigest = port.postDigest.bind(port);
        const whole = await postWhole(port, postDigest, subscription, run, outstanding, now);
        outcome.posted += whole.posted;
        outcome.failed += whole.failed;
        if ((await store.deliveries.outstanding(run.id)).length === 0)
          await store.deliveries.completeRun(run.id, now.toISOString());
        return outcome;
      }
      if (run.headerState !== 'sent' && run.headerState !== 'none') {
        await postHeader(port, subscription, run, outstanding.length);
      }
      for (const delivery of outstanding) {
        if (options.stopping()) break;
        if (await postPaper(port, subscription, run, delivery, now)) outcome.posted++;
        else outcome.failed++;
      }
    } catch (error) {
      // A post marked `sending` whose `sent` could not be written is looked up by its key next time.
      if (isStoreWriteFault(error)) return { ...outcome, storeError: error };
      return await handleChannelFailure(error, subscription, log, outcome, now);
    }
    if ((await store.deliveries.outstanding(run.id)).length === 0)
      await store.deliveries.completeRun(run.id, now.toISOString());
    return outcome;
  }

  async function postHeader(port: DeliveryPort, subscription: Subscription, run: DigestRun, count: number) {
    const { channel } = subscription;
    const key = headerDeliveryKey(run.id);
    const earlier = run.headerState === 'sending' ? await port.findPosted(channel, key) : null;
    if (earlier) {
      await store.deliveries.setHeaderState(run.id, 'sent', earlier.messageId);
      return;
    }
    await store.deliveries.setHeaderState(run.id, 'sending', null);
    const posted = await port.postDigestHeader(channel, await headerFor(run, count, subscription), key);
    await store.deliveries.setHeaderState(run.id, 'sent', posted.messageId);
  }

  /** The run's header, counting every paper it considered (the log may have fewer rows than it posts). */
  const headerFor = async (run: DigestRun, count: number, subscription: Subscription) => {
    const total = Math.max(count, await store.deliveries.paperCount(run.id));
    return digestSourceOf(run.source).header(run, count, total, subscription);
  };

  /** The paper's card, with the note its delivery row keeps in its source's words. */
  const cardFor = (run: DigestRun, delivery: Delivery, paper: Paper) => {
    const card = toPaperCard(paper);
    if (delivery.note) card.note = digestSourceOf(run.source).cardNote(delivery.note);
    return card;
  };

  /**
   * What a failed post means: channel-wide (the bot can no longer post there: the run stops and the channel
   * pauses, the post kept for when it is subscribed again), or this post's own failure, retried while a
   * transient one has attempts left.
   */
  const classify = (error: unknown, attempts: number) => {
    const failure = error instanceof DeliveryError ? error.failure : 'transient';
    const channelWide = failure === 'channel_unavailable' || failure === 'unauthorized';
    return { channelWide, retryable: channelWide || (failure === 'transient' && attempts + 1 < maxAttempts) };
  };

  /**
   * The whole digest as one message (`DeliveryPort.postDigest`), under the run's header key: looked up
   * first when an earlier attempt may have gone out, then every paper `sending`, one call, every paper
   * `sent`. A failure is each paper's failure, retried as a whole by a later tick.
   */
  async function postWhole(
    port: DeliveryPort,
    postDigest: NonNullable<DeliveryPort['postDigest']>,
    subscription: Subscription,
    run: DigestRun,
    outstanding: Delivery[],
    now: Date,
  ): Promise<{ posted: number; failed: number }> {
    const key = headerDeliveryKey(run.id);
    const at = now.toISOString();
    const uncertain = run.headerState === 'sending' || outstanding.some((d) => d.state === 'sending');
    const earlier = uncertain ? await port.findPosted(subscription.channel, key) : null;
    const stored = new Map(
      (await store.papers.getMany(outstanding.map((d) => d.paperId))).map((p) => [p.id, p]),
    );
    const papers = outstanding.map((delivery) => ({ delivery, paper: stored.get(delivery.paperId) ?? null }));
    const sendable = papers.filter((entry): entry is { delivery: Delivery; paper: Paper } => !!entry.paper);
    for (const { delivery } of papers.filter((entry) => !entry.paper))
      await store.deliveries.markFailed(delivery.id, 'the paper is no longer in the store', false, at);
    if (earlier) {
      await store.deliveries.setHeaderState(run.id, 'sent', earlier.messageId);
      for (const { delivery } of sendable)
        await store.deliveries.markSent(delivery.id, earlier.messageId, earlier.url, at);
      return { posted: sendable.length, failed: 0 };
    }
    if (sendable.length === 0) return { posted: 0, failed: papers.length };
    await store.deliveries.setHeaderState(run.id, 'sending', null);
    for (const { delivery } of sendable) await store.deliveries.markSending(delivery.id, at);
    try {
      const cards = sendable.map(({ delivery, paper }) => cardFor(run, delivery, paper));
      const posted = await postDigest(
        subscription.channel,
        await headerFor(run, cards.length, subscription),
        cards,
        key,
      );
      await store.deliveries.setHeaderState(run.id, 'sent', posted.messageId);
      for (const { delivery } of sendable)
        await store.deliveries.markSent(delivery.id, posted.messageId, posted.url, at);
      return { posted: sendable.length, failed: papers.length - sendable.length };
    } catch (error) {
      if (isStoreWriteFault(error)) throw error;
      const message = (error as Error).message;
      let channelWide = false;
      for (const { delivery } of sendable) {
        const verdict = classify(error, delivery.attempts);
        channelWide = verdict.channelWide;
        await store.deliveries.markFailed(delivery.id, message, verdict.retryable, at);
      }
      if (channelWide) throw error;
      return { posted: 0, failed: papers.length };
    }
  }

  /** True when the paper is (now known to be) posted. Channel-wide failures are rethrown. */
  async function postPaper(
    port: DeliveryPort,
    subscription: Subscription,
    run: DigestRun,
    delivery: Delivery,
    now: Date,
  ): Promise<boolean> {
    const key = paperDeliveryKey(subscription.id, delivery.paperId);
    const at = () => now.toISOString();
    if (delivery.state === 'sending' || delivery.attempts > 0) {
      const earlier = await port.findPosted(subscription.channel, key);
      if (earlier) {
        await store.deliveries.markSent(delivery.id, earlier.messageId, earlier.url, at());
        return true;
      }
    }
    const paper = await store.papers.get(delivery.paperId);
    if (!paper) {
      await store.deliveries.markFailed(delivery.id, 'the paper is no longer in the store', false, at());
      return false;
    }
    await store.deliveries.markSending(delivery.id, at());
    try {
      const posted = await port.postPaper(subscription.channel, cardFor(run, delivery, paper), key);
      await store.deliveries.markSent(delivery.id, posted.messageId, posted.url, at());
      return true;
    } catch (error) {
      if (isStoreWriteFault(error)) throw error;
      const { channelWide, retryable } = classify(error, delivery.attempts);
      await store.deliveries.markFailed(delivery.id, (error as Error).message, retryable, at());
      if (channelWide) throw error;
      return false;
    }
  }

  async function handleChannelFailure(
    error: unknown,
    subscription: Subscription,
    log: Logger,
    outcome: { posted: number; failed: number },
    now: Date,
  ) {
    if (classify(error, 0).channelWide) {
      await store.subscriptions.pause(subscription.id, (error as Error).message, now.toISOString());
      log.warn({ err: error }, 'subscription paused: the bot can no longer post in this channel');
    } else {
      log.error({ err: error }, 'digest interrupted; the next tick resumes it');
    }
    return { ...outcome, failed: outcome.failed + 1 };
  }

  async function reconcileInFlight(now: Date): Promise<number> {
    let settled = 0;
    for (const delivery of await store.deliveries.inFlight()) {
      const subscription = await store.subscriptions.getById(delivery.subscriptionId);
      const port = subscription ? ports.get(subscription.channel.platform) : undefined;
      if (!subscription || !port) continue;
      const found = await port.findPosted(
        subscription.channel,
        paperDeliveryKey(subscription.id, delivery.paperId),
      );
      if (found) await store.deliveries.markSent(delivery.id, found.messageId, found.url, now.toISOString());
      else
        await store.deliveries.markFailed(
          delivery.id,
          'interrupted before the platform confirmed it',
          true,
          now.toISOString(),
        );
      settled++;
    }
    return settled;
  }

  return { deliverRun, reconcileInFlight };
}
