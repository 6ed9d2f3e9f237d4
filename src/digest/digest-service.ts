import type { Logger } from 'pino';
import type { PortRegistry } from '../chat/port-registry';
import { createRunPoster } from '../delivery/run-poster';
import { isStoreWriteFault, type PaperboyError } from '../errors';
import type { BatchSync } from '../ingest/batch-sync';
import type { Metrics } from '../metrics/metrics';
import type { Paper } from '../papers/paper';
import type { TeamRanking } from '../ranking/team-ranking';
import type { BatchRecord, Store } from '../store/store';
import { type DigestSource, digestSources, type Subscription } from '../subscriptions/subscription';
import { addDays, utcDay } from '../time/zoned-time';
import { planDigest } from './digest-plan';
import { fanOut } from './fan-out';
import { dueLocalDate } from './schedule';
import { planTrending, trendingDepth } from './trending-plan';

/** What this tick fetched for the digests due: the latest complete batch, the trending list. */
interface DigestInputs {
  daily?: BatchRecord | null;
  trending?: Paper[];
}

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
   * Lets the posts in flight (one per channel being posted) finish, starts no other, and resolves when the
   * current tick has returned.
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
  /** Consecutive failures of each source, and when it may be asked again. */
  const outages: Record<DigestSource, { failures: number; retryAt: number; lastError: string }> = {
    daily: { failures: 0, retryAt: 0, lastError: '' },
    trending: { failures: 0, retryAt: 0, lastError: '' },
  };
  let stopping = false;
  /** A write the database refused during this tick's fan-out: no channel starts, those under way stop. */
  let storeFault: PaperboyError | null = null;
  const poster = createRunPoster({
    store,
    ports,
    maxAttempts,
    stopping: () => stopping || storeFault !== null,
  });

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
    // Each source is asked only when a digest needs it; an outage of one holds up only its own digests. A
    // daily digest waits for the batch even to resume (as it always has); a trending one that has planned
    // its run goes on without the list.
    const needs = (source: DigestSource) =>
      due.some(
        ({ subscription, localDate }) =>
          subscription.source === source &&
          (source === 'daily' || !store.deliveries.findRun(subscription.id, localDate)),
      );
    const inputs: DigestInputs = {};
    for (const source of digestSources) {
      if (!needs(source)) continue;
      const fetched = await fetchInput(source, now, due.length);
      if ('storeError' in fetched) return postponedByStore(result, fetched.storeError, due.length);
      if ('sourceError' in fetched) result.sourceError = fetched.sourceError;
      else if (source === 'daily') inputs.daily = fetched.value as BatchRecord | null;
      else inputs.trending = fetched.value as Paper[];
    }
    const runnable = due.filter(({ subscription, localDate }) =>
      subscription.source === 'daily'
        ? inputs.daily !== undefined
        : inputs.trending !== undefined || store.deliveries.findRun(subscription.id, localDate) !== null,
    );
    if (runnable.length === 0) return result;
    const started = performance.now();
    let channels = 0;
    // Channels go out concurrently, as many at once as the platform's adapter says its limits allow. A
    // refused database write or stop() starts no further channel; those under way finish the post in
    // flight and stop (what is left stays planned, resumed by a later tick).
    storeFault = null;
    await fanOut({
      items: runnable,
      groupOf: ({ subscription }) => subscription.channel.platform,
      limitOf: (platform) => ports.get(platform)?.concurrentChannels ?? 1,
      halted: () => stopping || storeFault !== null,
      run: async ({ subscription, localDate }) => {
        try {
          const outcome = await runSubscription(subscription, localDate, inputs, now);
          if (outcome.attempted) channels++;
          count(subscription.channel.platform, outcome);
          result.posted += outcome.posted;
          result.failed += outcome.failed;
          if (outcome.storeError) storeFault ??= outcome.storeError;
        } catch (error) {
          if (!isStoreWriteFault(error)) throw error;
          storeFault ??= error;
        }
      },
    });
    // Set by the tasks above; TypeScript still sees the `null` assigned before them.
    const refused = storeFault as PaperboyError | null;
    if (refused) return postponedByStore(result, refused, due.length);
    // One line per run, whatever the number of channels: what an operator reads to see the day went out.
    options.log.info(
      {
        channels,
        due: due.length,
        posts: result.posted,
        failures: result.failed,
        batchDay: inputs.daily?.day ?? null,
        ...(inputs.trending ? { trending: inputs.trending.length } : {}),
        ms: Math.round(performance.now() - started),
      },
      'digest run finished',
    );
    return result;
  }

  /**
   * The day's batch or the trending list, or why not. Never an empty digest because of an outage: the
   * digests stay due, and the source is asked again after a growing pause (its own, per source).
   */
  async function fetchInput(
    source: DigestSource,
    now: Date,
    due: number,
  ): Promise<{ value: BatchRecord | null | Paper[] } | { sourceError: string } | { storeError: Error }> {
    const outage = outages[source];
    if (now.getTime() < outage.retryAt) return { sourceError: outage.lastError };
    try {
      const value =
        source === 'daily' ? await sync.latestCompleteBatch(now) : await sync.syncTrending(trendingDepth);
      outages[source] = { failures: 0, retryAt: 0, lastError: '' };
      return { value };
    } catch (error) {
      if (isStoreWriteFault(error)) return { storeError: error };
      const failures = outage.failures + 1;
      const pauseMs = Math.min(maxOutagePauseMs, 60_000 * 2 ** (failures - 1));
      outages[source] = { failures, retryAt: now.getTime() + pauseMs, lastError: (error as Error).message };
      options.log.warn(
        { err: error, due, retryInMs: pauseMs, ...(source === 'trending' ? { source } : {}) },
        source === 'trending'
          ? 'trending digests postponed: the trending list is unavailable'
          : 'digests postponed: the paper source is unavailable',
      );
      return { sourceError: (error as Error).message };
    }
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
    inputs: DigestInputs,
    now: Date,
  ) {
    const log = options.log.child({ subscription: subscription.id, channel: subscription.channel.channelId });
    let run = store.deliveries.findRun(subscription.id, localDate);
    let isNew = false;
    if (!run) {
      run = planRun(subscription, localDate, inputs, now);
      if (!run) return { posted: 0, failed: 0, attempted: false };
      isNew = true;
      log.info(
        {
          ...(run.source === 'trending' ? { source: 'trending' } : { batchDay: run.batchDay }),
          planned: store.deliveries.outstanding(run.id).length,
        },
        'digest planned',
      );
    }
    return { ...(await poster.deliverRun(subscription, run, isNew, now, log)), attempted: true };
  }

  /** Records the run and its whole plan at once, from the subscription's source; null when there is nothing to plan from. */
  function planRun(subscription: Subscription, localDate: string, inputs: DigestInputs, now: Date) {
    if (subscription.source === 'trending') {
      if (!inputs.trending) return null;
      // Posted (or on its way) by either kind of digest: never again. Only left out: considered again.
      const had = new Set(
        inputs.trending
          .filter((paper) => {
            const logged = store.deliveries.get(subscription.id, paper.id);
            return logged !== null && logged.state !== 'skipped';
          })
          .map((paper) => paper.id),
      );
      const planned = planTrending(inputs.trending, subscription, had);
      return store.deliveries.createRun(
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
    const papers = candidatePapers(subscription.id, batch.day);
    const logged = store.deliveries.loggedPaperIds(
      subscription.id,
      papers.map((paper) => paper.id),
    );
    const planned = planDigest(papers, subscription, logged, (fresh) =>
      options.ranking.order(subscription.channel, fresh, now),
    );
    return store.deliveries.createRun(subscription.id, localDate, batch.day, planned, now.toISOString());
  }

  /**
   * Every paper listed since the channel's last digest, so a batch between two digests (a weekend, a
   * day the channel does not post) is never missed; at most a week back, and only the latest batch for
   * a channel's first digest.
   */
  function candidatePapers(subscriptionId: number, latestDay: string): Paper[] {
    const previous = store.deliveries.lastRun(subscriptionId, 'daily');
    const weekBefore = addDays(latestDay, -maxCatchUpDays);
    // A day Hugging Face failed to serve when the last digest was planned, fetched since: its papers
    // come now (those already logged for the channel are left out by the plan).
    const first = store.deliveries.firstRun(subscriptionId, 'daily');
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
