import type { Logger } from 'pino';
import type { PortRegistry } from '../chat/port-registry';
import { isStoreWriteFault, type PaperboyError } from '../errors';
import type { Metrics } from '../metrics/metrics';
import type { TeamRanking } from '../ranking/team-ranking';
import type { DigestRun } from '../records/delivery';
import type { Subscription } from '../records/subscription';
import type { Store } from '../store/store';
import { createDigestInputSource, type DigestInputs } from './digest-inputs';
import { fanOut } from './fan-out';
import { createRunPlanner } from './run-planner';
import { createRunPoster } from './run-poster';
import { dueLocalDate } from './schedule';
import type { AnyDigestSource, SourceSyncs } from './sources/digest-source';
import { allDigestSources, digestSourceOf } from './sources/registry';

export interface DigestServiceOptions {
  store: Store;
  ports: PortRegistry;
  /** What the sources fetch through (each source reads its own). */
  syncs: SourceSyncs;
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

/**
 * Posts each subscription's digest once per local day, crash-safe: intent recorded before every send. A run
 * that was started is finished whatever the date at the next tick (see dueRuns).
 */
export interface DigestService {
  /**
   * `signal` fences the run: once it aborts (this instance lost the `digests` job lease to another), no
   * further channel or post starts here; the posts in flight finish and the new lease holder resumes the rest.
   */
  runDueDigests(now: Date, signal?: AbortSignal): Promise<DigestTickResult>;
  /** Settles posts a crash left between "sending" and "sent" by asking the platform. */
  reconcileInFlight(now: Date): Promise<number>;
  /**
   * Lets the posts in flight (one per channel being posted) finish, starts no other, and resolves when the
   * current tick has returned.
   * Anything not posted stays planned in the log and goes out after the next start.
   */
  stop(): Promise<void>;
}

/** A channel's runs to post this tick, oldest first; `run` is null for one still to plan. */
interface DueDigest {
  subscription: Subscription;
  runs: Array<{ localDate: string; run: DigestRun | null }>;
}

export function createDigestService(options: DigestServiceOptions): DigestService {
  const { store, syncs, ports } = options;
  const maxAttempts = options.maxAttempts ?? 5;
  const inputSource = createDigestInputSource({ syncs, store, log: options.log });
  const planner = createRunPlanner({ store, ranking: options.ranking });
  let current: Promise<DigestTickResult> | null = null;
  let stopping = false;
  /** A write the database refused during this tick's fan-out: no channel starts, those under way stop. */
  let storeFault: PaperboyError | null = null;
  /** The current tick's fence (see runDueDigests). */
  let fence: AbortSignal | undefined;
  const halted = () => stopping || storeFault !== null || fence?.aborted === true;
  const poster = createRunPoster({ store, ports, maxAttempts, stopping: halted });

  async function runDueDigests(now: Date, signal?: AbortSignal): Promise<DigestTickResult> {
    if (current || stopping || signal?.aborted) return { due: 0, posted: 0, failed: 0 };
    fence = signal;
    current = runTick(now);
    try {
      return await current;
    } finally {
      current = null;
      fence = undefined;
    }
  }

  async function stop(): Promise<void> {
    stopping = true;
    await current?.catch(() => undefined);
  }

  async function runTick(now: Date): Promise<DigestTickResult> {
    const due = await dueRuns(now);
    const runs = due.reduce((sum, { runs }) => sum + runs.length, 0);
    const result: DigestTickResult = { due: runs, posted: 0, failed: 0 };
    if (due.length === 0) return result;
    // Each source is asked only when a digest needs it; an outage of one holds up only its own digests. A
    // source says whether a run needs its input (to plan it; a run already planned goes on without it).
    const needs = (source: AnyDigestSource) =>
      due.some(
        ({ subscription, runs }) =>
          subscription.source === source.id && runs.some(({ run }) => source.needsInput(run)),
      );
    const inputs: DigestInputs = new Map();
    for (const source of allDigestSources) {
      if (!needs(source)) continue;
      const planning = due
        .filter(
          ({ subscription, runs }) =>
            subscription.source === source.id && runs.some(({ run }) => source.needsInput(run)),
        )
        .map(({ subscription }) => subscription);
      const fetched = await inputSource.fetch(source.id, now, runs, planning);
      if ('storeError' in fetched) return postponedByStore(result, fetched.storeError, runs);
      if ('sourceError' in fetched) {
        result.sourceError = fetched.sourceError;
        if (fetched.known !== undefined) inputs.set(source.id, fetched.known);
      } else inputs.set(source.id, fetched.value);
    }
    const runnable = due
      .map(({ subscription, runs }) => ({
        subscription,
        runs: runs.filter(
          ({ run }) =>
            inputs.has(subscription.source) || !digestSourceOf(subscription.source).needsInput(run),
        ),
      }))
      .filter(({ runs }) => runs.length > 0);
    if (runnable.length === 0) return result;
    const started = performance.now();
    let channels = 0;
    // Channels go out concurrently, as many at once as the platform's adapter says its limits allow. A
    // refused database write, stop() or a lost lease starts no further channel; those under way finish the
    // post in flight and stop (what is left stays planned, resumed by a later tick or the lease's new holder).
    storeFault = null;
    await fanOut({
      items: runnable,
      groupOf: ({ subscription }) => subscription.channel.platform,
      limitOf: (platform) => ports.get(platform)?.concurrentChannels ?? 1,
      halted,
      run: async ({ subscription, runs }) => {
        let attempted = false;
        try {
          // One channel's runs in order, the oldest first: its posts never interleave.
          for (const { localDate } of runs) {
            if (halted()) break;
            const outcome = await runSubscription(subscription, localDate, inputs, now);
            attempted ||= outcome.attempted;
            count(subscription.channel.platform, outcome);
            result.posted += outcome.posted;
            result.failed += outcome.failed;
            if (outcome.storeError) {
              storeFault ??= outcome.storeError;
              break;
            }
          }
        } catch (error) {
          if (!isStoreWriteFault(error)) throw error;
          storeFault ??= error;
        } finally {
          if (attempted) channels++;
        }
      },
    });
    // Set by the tasks above; TypeScript still sees the `null` assigned before them.
    const refused = storeFault as PaperboyError | null;
    if (refused) return postponedByStore(result, refused, runs);
    // One line per run, whatever the number of channels: what an operator reads to see the day went out.
    options.log.info(
      {
        channels,
        due: runs,
        posts: result.posted,
        failures: result.failed,
        ...Object.assign({}, ...allDigestSources.map((source) => source.runLog(inputs.get(source.id)))),
        ms: Math.round(performance.now() - started),
      },
      'digest run finished',
    );
    return result;
  }

  /**
   * What each channel has to post now: every run it started and has not finished, whatever its date (a
   * bot killed at 23:59 and started again after midnight, or a clock that jumped, finishes yesterday's run
   * first), then today's digest once its local time has come.
   */
  async function dueRuns(now: Date): Promise<DueDigest[]> {
    const due: DueDigest[] = [];
    const unfinished = await store.deliveries.unfinishedRuns();
    for (const subscription of await store.subscriptions.listActive()) {
      if (!ports.has(subscription.channel.platform)) continue;
      const runs: DueDigest['runs'] = unfinished
        .filter((run) => run.subscriptionId === subscription.id)
        .map((run) => ({ localDate: run.localDate, run }));
      const localDate = dueLocalDate(subscription, now);
      if (localDate !== null && !runs.some((entry) => entry.localDate === localDate)) {
        if (!(await store.deliveries.findRun(subscription.id, localDate)))
          runs.push({ localDate, run: null });
      }
      if (runs.length > 0) due.push({ subscription, runs });
    }
    return due;
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
    let run = await store.deliveries.findRun(subscription.id, localDate);
    let isNew = false;
    if (!run) {
      run = await planner.planRun(subscription, localDate, inputs, now);
      if (!run) return { posted: 0, failed: 0, attempted: false };
      isNew = true;
      log.info(
        {
          ...digestSourceOf(run.source).plannedLog(run),
          planned: (await store.deliveries.outstanding(run.id)).length,
        },
        'digest planned',
      );
    }
    return { ...(await poster.deliverRun(subscription, run, isNew, now, log)), attempted: true };
  }

  return { runDueDigests, reconcileInFlight: poster.reconcileInFlight, stop };
}
