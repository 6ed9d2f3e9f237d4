/**
 * What a digest tick plans from: the latest complete Daily Papers batch and the trending list, each asked
 * only when a due digest needs it. Never an empty digest because of an outage: the digests stay due, and
 * the source is asked again after a growing pause (1, 2, 4… ≤ 15 minutes), its own for each source, so an
 * outage of one holds up only its own digests.
 */
import type { Logger } from 'pino';
import { isStoreWriteFault } from '../errors';
import type { BatchSync } from '../ingest/batch-sync';
import type { Paper } from '../records/paper';
import type { DigestSource } from '../records/subscription';
import type { BatchRecord } from '../store/store';
import { trendingDepth } from './trending-plan';

/** What this tick fetched for the digests due: the latest complete batch, the trending list. */
export interface DigestInputs {
  daily?: BatchRecord | null;
  trending?: Paper[];
}

export type FetchedInput =
  | { value: BatchRecord | null | Paper[] }
  | { sourceError: string }
  /** The database refused a write while storing what was fetched: not an outage of the source. */
  | { storeError: Error };

export interface DigestInputSource {
  fetch(source: DigestSource, now: Date, due: number): Promise<FetchedInput>;
}

const maxOutagePauseMs = 15 * 60_000;

export function createDigestInputSource(options: { sync: BatchSync; log: Logger }): DigestInputSource {
  const { sync } = options;
  /** Consecutive failures of each source, and when it may be asked again. */
  const outages: Record<DigestSource, { failures: number; retryAt: number; lastError: string }> = {
    daily: { failures: 0, retryAt: 0, lastError: '' },
    trending: { failures: 0, retryAt: 0, lastError: '' },
  };

  async function fetch(source: DigestSource, now: Date, due: number): Promise<FetchedInput> {
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

  return { fetch };
}
