import type { Logger } from 'pino';
import type { Clock } from '../clock';
import { PaperboyError } from '../errors';
import type { PaperSource } from '../sources/paper-source';
import type { BatchRecord, Store } from '../store/store';
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
   * recent non-empty complete batch. Throws if the source cannot be reached (each day is all or nothing).
   */
  latestCompleteBatch(now: Date): Promise<BatchRecord | null>;
  /** Re-fetches today and the last `days` days, for search and moving upvotes. */
  refreshRecent(now: Date, days?: number): Promise<DaySync[]>;
}

export function createBatchSync(options: BatchSyncOptions): BatchSync {
  const { source, store, log } = options;
  const lookbackDays = options.lookbackDays ?? 7;
  const completedAt = (day: string) =>
    `${addDays(day, 1)}T${String(options.settleHourUtc).padStart(2, '0')}:00:00.000Z`;

  async function syncDay(day: string): Promise<DaySync> {
    const batch = await source.fetchDay(day);
    // A list whose every item failed validation is a source that changed shape, not a day without papers:
    // recording it would mark the day done and never look at it again.
    if (batch.papers.length === 0 && batch.skipped > 0) {
      throw new PaperboyError(
        'source_bad_response',
        `${source.name} listed ${batch.skipped} item(s) for ${day} and none could be read; the day was not stored`,
      );
    }
    const fetchedAt = options.clock.now().toISOString();
    // Papers and the batch record land together or not at all.
    const result = store.transaction(() => {
      const upserted = store.papers.upsertMany(batch.papers);
      store.batches.record(
        day,
        batch.papers.map((paper) => paper.id),
        fetchedAt,
      );
      return upserted;
    });
    log.info({ day, papers: batch.papers.length, ...result, skipped: batch.skipped }, 'batch synced');
    return { day, papers: batch.papers.length, ...result, skipped: batch.skipped };
  }

  function completeHorizon(now: Date): string {
    const today = utcDay(now);
    return now.getUTCHours() >= options.settleHourUtc ? addDays(today, -1) : addDays(today, -2);
  }

  async function latestCompleteBatch(now: Date): Promise<BatchRecord | null> {
    const horizon = completeHorizon(now);
    // Every day of the window, not just the newest: a digest covers all batches since the last one.
    for (let back = lookbackDays - 1; back >= 0; back--) {
      const day = addDays(horizon, -back);
      const record = store.batches.get(day);
      if (!record || record.fetchedAt < completedAt(day)) await syncDay(day);
    }
    return store.batches.latestNonEmpty(horizon);
  }

  async function refreshRecent(now: Date, days = 2): Promise<DaySync[]> {
    const today = utcDay(now);
    const results: DaySync[] = [];
    for (let back = days; back >= 0; back--) results.push(await syncDay(addDays(today, -back)));
    return results;
  }

  return { syncDay, completeHorizon, latestCompleteBatch, refreshRecent };
}
