/**
 * arXiv's rule for automated clients: at most one request every three seconds, one connection at a time
 * (Terms of Use for arXiv APIs). The gate is shared by every arXiv client in the process (the feed and the
 * export API, every source built), so two sources cannot together go faster than the rule.
 */
import type { Clock } from '../../clock';

export interface GateTimers {
  /** Waits `ms` on the injected clock: real timers in production, a fake or short one in tests. */
  sleep(ms: number): Promise<void>;
}

export const realTimers: GateTimers = {
  sleep: (ms) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
};

export class RequestGate {
  private lastDone = Number.NEGATIVE_INFINITY;
  private queue: Promise<void> = Promise.resolve();

  /**
   * Runs `request` when it is its turn: after every earlier request has finished, and `minIntervalMs`
   * after the previous one finished (as read from `clock`). Counting from the end, not the start, keeps
   * the gap the server sees at least the rule however long each answer took to arrive.
   */
  run<T>(request: () => Promise<T>, minIntervalMs: number, clock: Clock, timers: GateTimers): Promise<T> {
    const turn = this.queue.then(async () => {
      // Never more than the interval: a clock set back (or another clock's reading) must not hold every
      // request for as long as it jumped.
      const wait = Math.min(minIntervalMs, this.lastDone + minIntervalMs - clock.now().getTime());
      if (wait > 0) await timers.sleep(wait);
      try {
        return await request();
      } finally {
        this.lastDone = clock.now().getTime();
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
