/**
 * arXiv's rule for automated clients: at most one request every three seconds, one connection at a time
 * (Terms of Use for arXiv APIs). The gate is shared by every arXiv client in the process (the feed and the
 * export API, every source built), so two sources cannot together go faster than the rule.
 */
import { performance } from 'node:perf_hooks';

/**
 * The time the rule is about: elapsed time between requests as the server sees it, read on the same timer
 * that sleeps. Not the bot's clock, which says what day it is and may jump (a manual clock in tests, a
 * laptop waking): a gate reading it would let two requests through a few ms apart after a jump forward.
 */
export interface GateTimers {
  /** Monotonic milliseconds (performance.now() in production). */
  now(): number;
  /** Waits `ms`: real timers in production, fake ones (that move `now`) in tests. */
  sleep(ms: number): Promise<void>;
}

export const realTimers: GateTimers = {
  now: () => performance.now(),
  sleep: (ms) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
};

export class RequestGate {
  private lastDone = Number.NEGATIVE_INFINITY;
  private queue: Promise<void> = Promise.resolve();

  /**
   * Runs `request` when it is its turn: after every earlier request has finished, and `minIntervalMs`
   * after the previous one finished (as read from `timers`). Counting from the end, not the start, keeps
   * the gap the server sees at least the rule however long each answer took to arrive.
   */
  run<T>(request: () => Promise<T>, minIntervalMs: number, timers: GateTimers): Promise<T> {
    const turn = this.queue.then(async () => {
      // Never more than the interval: two sources with different timers (a test's fake beside the real
      // ones) must not hold each other for as long as their readings differ.
      const wait = Math.min(minIntervalMs, this.lastDone + minIntervalMs - timers.now());
      if (wait > 0) await timers.sleep(wait);
      try {
        return await request();
      } finally {
        this.lastDone = timers.now();
      }
    });
    // The next request waits for this one to settle, whether it succeeded or not.
    this.queue = turn.then(
      () => undefined,
      () => undefined,
    );
    return turn;
  }
}

/** The one gate of this process. */
export const arxivGate = new RequestGate();
