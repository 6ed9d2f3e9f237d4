import type { Logger } from 'pino';
import type { PortRegistry } from '../chat/port-registry';
import { createRunPoster } from '../delivery/run-poster';
import { isStoreWriteFault } from '../errors';
import type { BatchSync } from '../ingest/batch-sync';
import type { Metrics } from '../metrics/metrics';
import type { Paper } from '../papers/paper';
import type { TeamRanking } from '../ranking/team-ranking';
import type { BatchRecord, Store } from '../store/store';
import type { Subscription } from '../subscriptions/subscription';
import { addDays } from '../time/zoned-time';
import { planDigest } from './digest-plan';
import { dueLocalDate } from './schedule';

export interface DigestServiceOptions {
  store: Store;
  ports: PortRegistry;
  sync: BatchSync;
  log: Logger;
  /** Orders each channel's digest by its own flags (or by upvotes where it is off or still learning). */
  ranking: TeamRanking;
  /** A post that failed this many times is given up (and shown as failed by `/papers why`). */
  maxAttempts?: number;
  metrics?: Metrics;
}

export interface DigestTickResult {
  due: number;
  posted: number;
  failed: number;
  /** Set when the batch could not be fetched: nothing was posted; a later tick tries again (1, 2, 4… ≤ 15 min). */
  sourceError?: string;
  /**
   * Set when the database refused a write (locked by another process, or the disk is full): what was not
   * posted stays planned or due, and the next tick carries on.
   */
  storeError?: string;
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
  const maxOutagePauseMs = 15 * 60_000;
  let current: Promise<DigestTickResult> | null = null;
  /** Consecutive source failures, and when the source may be asked again. */
  let outage = { failures: 0, retryAt: 0, lastError: '' };
  let stopping = false;
  const poster = createRunPoster({ store, ports, maxAttempts, stopping: () => stopping });

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
    if (now.getTime() < outage.retryAt) {
      result.sourceError = outage.lastError;
      return result;
    }
    let batch: BatchRecord | null;
    try {
      batch = await sync.latestCompleteBatch(now);
      outage = { failures: 0, retryAt: 0, lastError: '' };
    } catch (error) {
      if (isStoreWriteFault(error)) return postponedByStore(result, error, due.length);
      // Never an empty digest because of an outage: stay due, and try again after a growing pause.
      const failures = outage.failures + 1;
      const pauseMs = Math.min(maxOutagePauseMs, 60_000 * 2 ** (failures - 1));
      outage = { failures, retryAt: now.getTime() + pauseMs, lastError: (error as Error).message };
      result.sourceError = outage.lastError;
      options.log.warn(
        { err: error, due: due.length, retryInMs: pauseMs },
        'digests postponed: the paper source is unavailable',
      );
      return result;
    }
    const started = performance.now();
    let channels = 0;
    for (const { subscription, localDate } of due) {
      if (stopping) break;
      try {
        const outcome = await runSubscription(subscription, localDate, batch, now);
        if (outcome.attempted) channels++;
        count(subscription.channel.platform, outcome);
        result.posted += outcome.posted;
        result.failed += outcome.failed;
        if (outcome.storeError) return postponedByStore(result, outcome.storeError, due.length);
      } catch (error) {
        if (!isStoreWriteFault(error)) throw error;
        return postponedByStore(result, error, due.length);
      }
    }
    // One line per run, whatever the number of channels: what an operator reads to see the day went out.
    options.log.info(
      {
        channels,
        due: due.length,
        posts: result.posted,
        failures: result.failed,
        batchDay: batch?.day ?? null,
        ms: Math.round(performance.now() - started),
      },
      'digest run finished',
    );
    return result;
  }

  function count(platform: string, outcome: { posted: number; failed: number; attempted: boolean }) {
    const metrics = options.metrics;
    if (!metrics || !outcome.attempted) return;
    metrics.posts.inc({ platform, outcome: 'sent' }, outcome.posted);
    metrics.posts.inc({ platform, outcome: 'failed' }, outcome.failed);
    metrics.digests.inc({ platform, outcome: outcome.failed > 0 ? 'failed' : 'sent' });
  }

  /** Not a Hugging Face outage: no source backoff, the database's own message, and the next tick retries. */
  function postponedByStore(result: DigestTickResult, error: Error, due: number): DigestTickResult {
    options.log.error(
      { err: error, due },
      `digests postponed: ${error.message} They go out by themselves once the database can be written again.`,
    );
    return { ...result, storeError: error.message };
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
      if (!batch) return { posted: 0, failed: 0, attempted: false };
      const papers = candidatePapers(subscription.id, batch.day);
      const logged = store.deliveries.loggedPaperIds(
        subscription.id,
        papers.map((paper) => paper.id),
      );
      const planned = planDigest(papers, subscription, logged, (fresh) =>
        options.ranking.order(subscription.channel, fresh, now),
      );
      run = store.deliveries.createRun(subscription.id, localDate, batch.day, planned, now.toISOString());
      isNew = true;
      log.info(
        { batchDay: batch.day, planned: planned.filter((row) => row.state === 'pending').length },
        'digest planned',
      );
    }
    return { ...(await poster.deliverRun(subscription, run, isNew, now, log)), attempted: true };
  }

  /**
   * Every paper listed since the channel's last digest, so a batch between two digests (a weekend, a
   * day the channel does not post) is never missed; at most a week back, and only the latest batch for
   * a channel's first digest.
   */
  function candidatePapers(subscriptionId: number, latestDay: string): Paper[] {
    const previous = store.deliveries.lastRun(subscriptionId);
    const weekBefore = addDays(latestDay, -maxCatchUpDays);
    // A day Hugging Face failed to serve when the last digest was planned, fetched since: its papers
    // come now (those already logged for the channel are left out by the plan).
    const first = store.deliveries.firstRun(subscriptionId);
    const recovered = previous
      ? store.sourceLog
          .recoveredSince(previous.createdAt)
          .filter((day) => day > weekBefore && day <= latestDay && day > (first?.batchDay ?? latestDay))
      : [];
    if (previous && previous.batchDay >= latestDay && recovered.length === 0) return [];
    const after = previous && previous.batchDay > weekBefore ? previous.batchDay : weekBefore;
    const newer = previous ? store.batches.nonEmptyDaysBetween(after, latestDay) : [latestDay];
    const days = [...new Set([...recovered, ...newer])].sort();
    const papers = new Map<string, Paper>();
    for (const day of days) for (const paper of store.papers.listByBatchDay(day)) papers.set(paper.id, paper);
    return [...papers.values()];
  }

  return { runDueDigests, reconcileInFlight: poster.reconcileInFlight, stop };
}
