/**
 * What a digest tick plans from: each source's input (the latest complete Daily Papers batch, the trending
 * list), each asked only when a due digest needs it. Never an empty digest because of an outage: the
 * digests stay due, and the source is asked again after a growing pause (1, 2, 4… ≤ 15 minutes), its own
 * for each source, so an outage of one holds up only its own digests.
 */
import type { Logger } from 'pino';
import { isStoreWriteFault } from '../errors';
import type { DigestSource, Subscription } from '../records/subscription';
import type { Store } from '../store/store';
import type { SourceFetchContext, SourceSyncs } from './sources/digest-source';
import { digestSourceOf } from './sources/registry';

/** What this tick fetched for the digests due, by source; a source missing was not fetched (or failed). */
export type DigestInputs = Map<DigestSource, unknown>;

export type FetchedInput =
  | { value: unknown }
  /** The source failed; `known` is what its digests may go out with meanwhile (see whileUnavailable). */
  | { sourceError: string; known?: unknown }
  /** The database refused a write while storing what was fetched: not an outage of the source. */
  | { storeError: Error };

export interface DigestInputSource {
  /** `subscriptions`: the source's subscriptions with a digest to plan now; `due`: the runs due (for the log). */
  fetch(
    source: DigestSource,
    now: Date,
    due: number,
    subscriptions: readonly Subscription[],
  ): Promise<FetchedInput>;
}

const maxOutagePauseMs = 15 * 60_000;

interface Outage {
  failures: number;
  retryAt: number;
  lastError: string;
}

export function createDigestInputSource(options: {
  syncs: SourceSyncs;
  store: Store;
  log: Logger;
}): DigestInputSource {
  const { syncs, store } = options;
  /** Consecutive failures of each source, and when it may be asked again. */
  const outages = new Map<DigestSource, Outage>();

  async function fetch(
    id: DigestSource,
    now: Date,
    due: number,
    subscriptions: readonly Subscription[],
  ): Promise<FetchedInput> {
    const source = digestSourceOf(id);
    const context: SourceFetchContext = { syncs, store, due: subscriptions };
    const outage = outages.get(id) ?? { failures: 0, retryAt: 0, lastError: '' };
    const meanwhile = async (sourceError: string): Promise<FetchedInput> => {
      const known = await source.whileUnavailable?.(context, now);
      return known ? { sourceError, known: known.input } : { sourceError };
    };
    if (now.getTime() < outage.retryAt) return await meanwhile(outage.lastError);
    try {
      const value = await source.fetch(context, now);
      outages.delete(id);
      return { value };
    } catch (error) {
      if (isStoreWriteFault(error)) return { storeError: error };
      const failures = outage.failures + 1;
      const pauseMs = Math.min(maxOutagePauseMs, 60_000 * 2 ** (failures - 1));
      outages.set(id, { failures, retryAt: now.getTime() + pauseMs, lastError: (error as Error).message });
      const known = await source.whileUnavailable?.(context, now);
      if (known) {
        // Exactly what waits, and until when; the digests go out with what is known.
        options.log.warn(
          { err: error, due, waiting: known.waiting, ...source.outage.fields },
          `digests go out with the days known; waiting: ${known.waiting}`,
        );
        return { sourceError: (error as Error).message, known: known.input };
      }
      options.log.warn(
        { err: error, due, retryInMs: pauseMs, ...source.outage.fields },
        source.outage.message,
      );
      return { sourceError: (error as Error).message };
    }
  }

  return { fetch };
}
