import cron from 'node-cron';
import type { Clock } from '../clock';
import { isPaperboyError } from '../errors';
import type { Logger } from '../logging/logger';

/** One timed behaviour of the running bot. */
export interface ScheduledJob {
  readonly name: string;
  /**
   * Whether the job runs at `now`, given when it last started in this process (null: not yet). Due-ness is
   * decided here, from the injected clock, so an interval of 45 or 90 minutes means what it says.
   */
  isDue(now: Date, lastStarted: Date | null): boolean;
  run(now: Date): Promise<unknown>;
}

/** Calls `tick` regularly (once a minute in production) until stopped. */
export type Ticker = (tick: () => Promise<void>) => { stop(): void | Promise<void> };

/** The production ticker: node-cron's minute tick on the wall clock; the jobs read the injected clock. */
export const minuteTicker: Ticker = (tick) => {
  const task = cron.schedule('* * * * *', () => tick(), { name: 'paperboy-tick', noOverlap: false });
  return { stop: () => task.stop() };
};

export interface Scheduler {
  /** The names of the jobs, in order: what `/readyz` and the promise check list. */
  readonly jobs: readonly string[];
  /** Starts every due job that is not still running, and resolves when no job is running. */
  tick(): Promise<void>;
  /** Ticks once now (the start-up catch-up), then on every tick of `ticker`. */
  start(ticker: Ticker): void;
  /** Stops ticking; resolves when the jobs in progress have returned. */
  stop(): Promise<void>;
}

export function createScheduler(jobs: ScheduledJob[], deps: { clock: Clock; log: Logger }): Scheduler {
  const log = deps.log.child({ service: 'scheduler' });
  const lastStarted = new Map<string, Date>();
  const running = new Map<string, Promise<void>>();
  let ticking: { stop(): void | Promise<void> } | null = null;
  let stopped = false;

  function launch(job: ScheduledJob, now: Date): void {
    lastStarted.set(job.name, now);
    const work = job
      .run(now)
      .then(
        () => undefined,
        (error) => {
          // An outside failure (Hugging Face unreachable) is a known condition: one line, no stack.
          if (isPaperboyError(error))
            log.warn(
              { job: job.name, problem: error.message },
              'scheduled job failed; it runs again when next due',
            );
          else log.error({ err: error, job: job.name }, 'scheduled job failed; it runs again when next due');
        },
      )
      .finally(() => running.delete(job.name));
    running.set(job.name, work);
  }

  async function tick(): Promise<void> {
    if (stopped) return;
    const now = deps.clock.now();
    for (const job of jobs) {
      // One run of a job at a time: a slow refresh is not started again on top of itself.
      if (running.has(job.name)) continue;
      if (job.isDue(now, lastStarted.get(job.name) ?? null)) launch(job, now);
    }
    await Promise.all(running.values());
  }

  return {
    jobs: jobs.map((job) => job.name),
    tick,
    start(ticker) {
      void tick();
      ticking = ticker(tick);
    },
    async stop() {
      stopped = true;
      await ticking?.stop();
      await Promise.all(running.values());
    },
  };
}

/** Due on every tick: the job itself knows which channel's local time has come (digests, agendas). */
export const onEveryTick = () => true;

/** Due once `intervalMs` has passed since the last start, or since `persistedLast` (when known) at start-up. */
export const everyInterval =
  (intervalMs: number, persistedLast: () => Date | null = () => null) =>
  (now: Date, lastStarted: Date | null) => {
    const last = lastStarted ?? persistedLast();
    return last === null || now.getTime() - last.getTime() >= intervalMs;
  };
