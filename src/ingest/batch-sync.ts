import type { Logger } from 'pino';
import type { Clock } from '../clock';
import { isPaperboyError, isStoreWriteFault, PaperboyError } from '../errors';
import type { Paper } from '../records/paper';
import type { PaperSource } from '../sources/paper-source';
import { saveOnTheSide } from '../store/save-on-the-side';
import type { BatchRecord, Store } from '../store/store';
import { settleWithin } from '../time/settle-within';
import { addDays, utcDay } from '../time/zoned-time';

export interface BatchSyncOptions {
  source: PaperSource;
  store: Store;
  clock: Clock;
  log: Logger;
  /** A day's list keeps filling until ~02:30 UTC the next day; it is complete from this UTC hour on. */
  settleHourUtc: number;
  /** How far back to look for the last non-empty batch (long weekends, holidays). */
  lookbackDays?: number;
}

/** A day that failed is asked again after 1, 2, 4… minutes, at most every 15, on its own schedule. */
const dayRetryMs = (failures: number) => Math.min(15 * 60_000, 60_000 * 2 ** (failures - 1));

/** Faults that are not about one day: the database, or a source URL that is not the API at all. */
const notAboutTheDay = (error: unknown) =>
  isStoreWriteFault(error) || (isPaperboyError(error) && error.code === 'config_invalid');

/** What a reply can show at once: the newest complete batch known, and the newer day it could not have. */
export interface KnownBatch {
  batch: BatchRecord | null;
  /**
   * The newest complete day, when it is not stored: the source was too slow (`late`) or failed, or the
   * store could not save it just now (`unsaved`: locked by another process, or full).
   */
  missing: { day: string; late: boolean; unsaved?: true } | null;
}

/** The source failed or is not the API: what is stored can still be shown. */
const isSourceFault = (error: unknown) =>
  isPaperboyError(error) &&
  (error.code === 'source_unavailable' ||
    error.code === 'source_bad_response' ||
    error.code === 'config_invalid');

export interface DaySync {
  day: string;
  papers: number;
  inserted: number;
  updated: number;
  skipped: number;
}

/** Keeps the store's batches in step with the source: which days are complete, and their papers. */
export interface BatchSync {
  /** Fetches one day and stores it; re-fetching refreshes upvotes, comments and stars. */
  syncDay(day: string): Promise<DaySync>;
  /** The most recent complete day at `now` (UTC). */
  completeHorizon(now: Date): string;
  /**
   * Makes sure every complete day of the last week was fetched after it completed, then returns the most
   * recent non-empty complete batch. A day the source fails to serve is recorded and retried on its own
   * (1, 2, 4… ≤ 15 min) without holding up the others; only when the newest complete day fails does this
   * throw, since nothing newer can be known (each day is all or nothing).
   */
  latestCompleteBatch(now: Date): Promise<BatchRecord | null>;
  /**
   * `latestCompleteBatch` for a reply that cannot wait: when the source has not answered within `waitMs`
   * (the fetch goes on) or fails, the newest stored batch, naming the newest day that is missing. Throws
   * only when nothing is stored and the source failed.
   */
  newestKnownBatch(now: Date, waitMs: number): Promise<KnownBatch>;
  /**
   * What a digest can go out with while the newest complete day cannot be fetched: the newest stored
   * complete batch, and that newest day with when it is asked again (null when it is stored after all).
   */
  knownWhileNewestFails(
    now: Date,
  ): Promise<{ batch: BatchRecord | null; waiting: { day: string; retryAt: string | null } | null }>;
  /** Asks again for the failing days of the last week whose retry time has come; returns those fetched. */
  retryFailedDays(now: Date): Promise<string[]>;
  /** Re-fetches today and the last `days` days, for search and moving upvotes. */
  refreshRecent(now: Date, days?: number): Promise<DaySync[]>;
  /**
   * The source's trending list (top `limit`, highest first), its papers stored so `paper`, flags and `why`
   * know them (unless the database is read-only). `timeoutMs`: one attempt that long (a chat reply, which
   * goes on when the store refuses the papers for now); without it, the source's retries.
   */
  syncTrending(limit: number, timeoutMs?: number): Promise<Paper[]>;
}

export function createBatchSync(options: BatchSyncOptions): BatchSync {
  const { source, store, log } = options;
  const lookbackDays = options.lookbackDays ?? 7;
  const completedAt = (day: string) =>
    `${addDays(day, 1)}T${String(options.settleHourUtc).padStart(2, '0')}:00:00.000Z`;

  /**
   * The days this process asked for and could not get, with its own error. A stored retry time holds back
   * only these: a day an earlier run failed (offline, or with another HF_BASE_URL) is asked again at once
   * at start-up, and no error of that run (naming its URL) is repeated as if it were current.
   */
  const failedHere = new Map<string, string>();
  /** The fetch of each day in progress: a command, the start-up digest and a tick asking at once share one. */
  const fetching = new Map<string, Promise<DaySync>>();

  function syncDay(day: string): Promise<DaySync> {
    const running = fetching.get(day);
    if (running) return running;
    const work = fetchAndStore(day).finally(() => fetching.delete(day));
    fetching.set(day, work);
    return work;
  }

  async function fetchAndStore(day: string): Promise<DaySync> {
    const batch = await source.fetchDay(day);
    const fetchedAt = options.clock.now().toISOString();
    // A list whose every item failed validation is a source that changed shape, not a day without papers:
    // recording it would mark the day done and never look at it again.
    if (batch.papers.length === 0 && batch.skipped > 0) {
      await store.sourceLog.recordRejects(day, batch.rejected, fetchedAt);
      throw new PaperboyError(
        'source_bad_response',
        `${source.name} listed ${batch.skipped} item(s) for ${day} and none could be read; the day was not stored`,
      );
    }
    // Papers, the batch record and the refused items land together or not at all.
    const result = await store.saveDay({ day, papers: batch.papers, rejected: batch.rejected, fetchedAt });
    // What search derives from the papers is brought up to date here, after a fetch, never by a search.
    if (batch.papers.length > 0 && !store.readOnly) await store.papers.refreshSearch();
    failedHere.delete(day);
    log.info({ day, papers: batch.papers.length, ...result, skipped: batch.skipped }, 'batch synced');
    return { day, papers: batch.papers.length, ...result, skipped: batch.skipped };
  }

  function completeHorizon(now: Date): string {
    const today = utcDay(now);
    return now.getUTCHours() >= options.settleHourUtc ? addDays(today, -1) : addDays(today, -2);
  }

  async function latestCompleteBatch(now: Date): Promise<BatchRecord | null> {
    const horizon = completeHorizon(now);
    // Every day of the window, not just the newest: a digest covers all batches since the last one. The
    // newest goes first, so an outage costs one failed day, not seven.
    const window = Array.from({ length: lookbackDays }, (_, back) => addDays(horizon, -back));
    for (const day of window) {
      const record = await store.batches.get(day);
      if (record && record.fetchedAt >= completedAt(day)) continue;
      const failure = await store.sourceLog.dayFailure(day);
      const ownError = failedHere.get(day);
      if (ownError !== undefined && failure && !failure.recoveredAt && failure.retryAt > now.toISOString()) {
        // Not yet time to ask again: an older day is skipped, the newest one still holds the digest up.
        if (day !== horizon) continue;
        throw new PaperboyError('source_unavailable', ownError);
      }
      try {
        await syncDay(day);
      } catch (error) {
        if (notAboutTheDay(error)) throw error;
        if (day === horizon) {
          await recordDayFailure(day, error, now);
          throw error;
        }
        await noteDayFailure(
          day,
          error,
          now,
          'a day could not be fetched; it is retried on its own and the digests go on without it',
        );
      }
    }
    return await store.batches.latestNonEmpty(horizon);
  }

  async function newestKnownBatch(now: Date, waitMs: number): Promise<KnownBatch> {
    const asked = await settleWithin(latestCompleteBatch(now), waitMs);
    if (asked.status === 'done') return { batch: asked.value, missing: null };
    // A day fetched but refused by a locked (or full) store is answered from the stored batches too.
    if (asked.status === 'failed' && !isSourceFault(asked.error) && !isStoreWriteFault(asked.error))
      throw asked.error;
    const horizon = completeHorizon(now);
    const batch = await store.batches.latestNonEmpty(horizon);
    if (!batch && asked.status === 'failed') throw asked.error;
    if (asked.status === 'late')
      log.info({ day: horizon, waitMs }, 'the source is slow: answered from the stored batches meanwhile');
    const newest = await store.batches.get(horizon);
    if (newest) return { batch, missing: null };
    const unsaved = asked.status === 'failed' && isStoreWriteFault(asked.error);
    return {
      batch,
      missing: { day: horizon, late: asked.status === 'late', ...(unsaved ? { unsaved } : {}) },
    };
  }

  async function knownWhileNewestFails(now: Date) {
    const horizon = completeHorizon(now);
    const batch = await store.batches.latestNonEmpty(horizon);
    if (await store.batches.get(horizon)) return { batch, waiting: null };
    const failure = await store.sourceLog.dayFailure(horizon);
    return { batch, waiting: { day: horizon, retryAt: failure?.retryAt ?? null } };
  }

  async function recordDayFailure(day: string, error: unknown, now: Date) {
    const message = error instanceof Error ? error.message : String(error);
    failedHere.set(day, message);
    return await store.sourceLog.recordDayFailure(day, message, now.toISOString(), (failures) =>
      new Date(now.getTime() + dayRetryMs(failures)).toISOString(),
    );
  }

  async function noteDayFailure(day: string, error: unknown, now: Date, message: string): Promise<void> {
    const failed = await recordDayFailure(day, error, now);
    log.warn({ day, failures: failed.failures, retryAt: failed.retryAt, err: error }, message);
  }

  async function refreshRecent(now: Date, days = 2): Promise<DaySync[]> {
    const today = utcDay(now);
    const results: DaySync[] = [];
    for (let back = days; back >= 0; back--) results.push(await syncDay(addDays(today, -back)));
    return results;
  }

  async function retryFailedDays(now: Date): Promise<string[]> {
    const oldest = addDays(completeHorizon(now), -(lookbackDays - 1));
    // A day failed by an earlier run is due at once (see failedHere).
    const due = (await store.sourceLog.failingDays()).filter(
      (failure) =>
        failure.day >= oldest && (failure.retryAt <= now.toISOString() || !failedHere.has(failure.day)),
    );
    const fetched: string[] = [];
    for (const { day } of due) {
      try {
        await syncDay(day);
        fetched.push(day);
        log.info({ day }, 'a day that had failed was fetched; the next digests include it');
      } catch (error) {
        if (notAboutTheDay(error)) throw error;
        await noteDayFailure(day, error, now, 'a day still cannot be fetched');
      }
    }
    return fetched;
  }

  async function syncTrending(limit: number, timeoutMs?: number): Promise<Paper[]> {
    if (!source.fetchTrending)
      throw new PaperboyError('source_unavailable', `${source.name} has no trending list`);
    const papers = await source.fetchTrending(limit, timeoutMs);
    // A read-only database can still show the list (`paperboy trending`); it just cannot keep it. A chat
    // reply shows it while another process holds the write lock too; a digest needs the papers stored.
    const save = async () => {
      await store.papers.upsertMany(papers);
      await store.papers.refreshSearch();
    };
    if (papers.length > 0 && !store.readOnly) {
      if (timeoutMs === undefined) await save();
      else await saveOnTheSide(save, log, 'the trending papers');
    }
    log.info({ papers: papers.length }, 'trending list fetched');
    return papers;
  }

  return {
    syncDay,
    completeHorizon,
    latestCompleteBatch,
    newestKnownBatch,
    knownWhileNewestFails,
    retryFailedDays,
    refreshRecent,
    syncTrending,
  };
}
