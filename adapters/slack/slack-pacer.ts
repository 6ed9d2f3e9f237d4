/**
 * Per-channel pacing: Slack allows about one message per second per channel. Tasks for one key run one
 * after another, each starting at least `intervalMs` after the previous one started; keys are independent.
 * Time and sleeping are injected so tests run the pacing without waiting. One small lane per channel the bot
 * posts to is kept for the life of the process.
 */
export type Sleep = (ms: number) => Promise<void>;

export const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export interface PacerOptions {
  intervalMs: number;
  now: () => number;
  sleep: Sleep;
}

export interface Pacer {
  run<T>(key: string, task: () => Promise<T>): Promise<T>;
}

interface Lane {
  tail: Promise<unknown>;
  lastStart: number | null;
}

export function createPacer(options: PacerOptions): Pacer {
  const lanes = new Map<string, Lane>();

  const laneFor = (key: string): Lane => {
    let lane = lanes.get(key);
    if (!lane) {
      lane = { tail: Promise.resolve(), lastStart: null };
      lanes.set(key, lane);
    }
    return lane;
  };

  const waitTurn = async (lane: Lane) => {
    if (lane.lastStart === null) return;
    const wait = lane.lastStart + options.intervalMs - options.now();
    if (wait > 0) await options.sleep(wait);
  };

  return {
    run<T>(key: string, task: () => Promise<T>): Promise<T> {
      const lane = laneFor(key);
      const result = lane.tail.then(async () => {
        await waitTurn(lane);
        lane.lastStart = options.now();
        return task();
      });
      lane.tail = result.then(
        () => undefined,
        () => undefined,
      );
      return result;
    },
  };
}
