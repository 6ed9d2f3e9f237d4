import { setTimeout as delay } from 'node:timers/promises';
import { isPaperboyError, isStoreWriteFault } from '../errors';

/**
 * How long a change a person asked for (a command that saves, an install) waits out another process's
 * write lock before it is reported as not saved.
 */
export const heldLockBudgetMs = 30_000;

/** Only a held lock is worth waiting out for a person: a full disk is not freed in moments. */
export const isHeldLock = (error: unknown) => isPaperboyError(error) && error.code === 'store_busy';

/**
 * `work` again while another process holds the write lock, for up to `heldLockBudgetMs`, the event loop
 * free meanwhile: for what a person waits on (an install page, a saved setting). `onWait` hears each
 * pause.
 */
export const waitOutHeldLock = <T>(work: () => Promise<T>, onWait?: (attempt: number) => void) =>
  retryStoreWrites(work, {
    budgetMs: heldLockBudgetMs,
    retryable: isHeldLock,
    ...(onWait ? { onRetry: (_error: unknown, attempt: number) => onWait(attempt) } : {}),
  });

export interface StoreRetryOptions {
  /** How long to keep trying, summed over the pauses between attempts. */
  budgetMs: number;
  sleep?: (ms: number) => Promise<unknown>;
  onRetry?: (error: unknown, attempt: number) => void;
  /** Which refusals are worth waiting out; by default both a held lock and a full disk. */
  retryable?: (error: unknown) => boolean;
}

/**
 * Runs `work` again while the store refuses a write (locked by another process, or no room), pausing
 * between attempts so the event loop stays free: each attempt blocks for at most SQLite's short busy
 * timeout. Other errors, and the last refusal once the budget is spent, are rethrown.
 */
export async function retryStoreWrites<T>(
  work: (attempt: number) => T | Promise<T>,
  options: StoreRetryOptions,
): Promise<T> {
  const sleep = options.sleep ?? ((ms: number) => delay(ms));
  let waited = 0;
  for (let attempt = 0; ; attempt++) {
    try {
      return await work(attempt);
    } catch (error) {
      const pauseMs = Math.min(1_000, 250 * 2 ** attempt);
      const retryable = options.retryable ?? isStoreWriteFault;
      if (!retryable(error) || waited + pauseMs > options.budgetMs) throw error;
      options.onRetry?.(error, attempt + 1);
      waited += pauseMs;
      await sleep(pauseMs);
    }
  }
}
