import cron, { type Logger as CronLogger } from 'node-cron';
import type { Clock } from '../clock';
import { isPaperboyError } from '../errors';
import type { Logger } from '../logging/logger';
import type { JobLeaseRepository, Promised } from '../store/store';

/** How often a running job's lease is renewed, at most (a third of the lease when that is shorter). */
const renewEveryMs = 10_000;

/** One timed behaviour of the running bot. */
export interface ScheduledJob {
  readonly name: string;
  /**
   * Whether the job runs at `now`, given when it last started in this process (null: not yet). Due-ness is
   * decided here, from the injected clock, so an interval of 45 or 90 minutes means what it says.
   */
  isDue(now: Date, lastStarted: Date | null): boolean | Promise<boolean>;
  /**
   * `signal` aborts when this instance lost the job's lease (another instance took the job over): stop.
   * Resolves with what the run did in a few words ("1 digest post"), or null when nothing worth saying.
   */
  run(now: Date, signal: AbortSignal): Promise<string | null>;
}

/**
 * A job whose run resolves with its own result, and `said` to put that result in words for the line
 * after a catch-up (see cronTicker); without `said` the job's runs go unmentioned.
 */
export function scheduledJob<R>(spec: {
  name: string;
  isDue: ScheduledJob['isDue'];
  run(now: Date, signal: AbortSignal): Promise<R>;
  said?: (result: R) => string | null;
}): ScheduledJob {
  return {
    name: spec.name,
    isDue: spec.isDue,
    run: async (now, signal) => {
      const result = await spec.run(now, signal);
      return spec.said?.(result) ?? null;
    },
  };
}

/** Who may run which job: shared by every instance on the database (see JobLeaseRepository). */
export interface JobLeases {
  leases: Promised<JobLeaseRepository>;
  /** This instance, unique per process start. */
  holder: string;
}

/** Calls `tick` regularly (once a minute in production) until stopped; `tick` says what its jobs did. */
export type Ticker = (tick: () => Promise<string[]>) => { stop(): void | Promise<void> };

/** node-cron's expression for a tick every `seconds` (TICK_SECONDS, a divisor of 60): a seconds field below the minute. */
export const tickExpression = (seconds: number): string =>
  seconds >= 60 ? '* * * * *' : `*/${seconds} * * * * *`;

/**
 * The production ticker: node-cron on the wall clock, every `seconds`; the jobs read the injected clock.
 * node-cron speaks through `log` (its own logger prints onto the terminal). When the wall clock jumps
 * (a laptop waking from sleep, a process held up), node-cron reports every tick it missed, one by one: the
 * jobs decide from the clock what fell due meanwhile, so one tick at once catches all of it up, and one
 * line says what was missed and what the catch-up did.
 */
export const cronTicker =
  (seconds: number, log: Logger): Ticker =>
  (tick) => {
    const cronLog = log.child({ service: 'scheduler', library: 'node-cron' });
    let jump: { missed: number; from: Date; to: Date } | null = null;
    const run = async () => {
      const caught = jump;
      jump = null;
      const done = await tick();
      if (caught) cronLog.info({ ...caught, done }, caughtUpLine(caught, done));
    };
    const schedule = () => {
      const task = cron.schedule(tickExpression(seconds), () => run(), {
        name: 'paperboy-tick',
        noOverlap: false,
        logger: cronLogger(cronLog),
      });
      // Missed ticks arrive together, before the tick node-cron still runs (if any): the first of a burst
      // starts the catch-up unless that tick takes the report along.
      task.on('execution:missed', ({ date }) => {
        if (jump) {
          jump.missed++;
          jump.to = date;
          return;
        }
        jump = { missed: 1, from: date, to: date };
        setImmediate(() => {
          if (jump) void run();
        });
      });
      return task;
    };
    let task = schedule();
    // node-cron waits for the wall clock: set back an hour (NTP, a host clock corrected), it would tick again
    // only an hour later, even if the clock were put right meanwhile. A timer on the monotonic clock sees the
    // wall clock fall behind it; node-cron is then scheduled afresh from the clock as it is, and a tick runs.
    const periodMs = seconds * 1000;
    let checked = { monotonic: performance.now(), wall: Date.now() };
    const watchdog = setInterval(() => {
      const now = { monotonic: performance.now(), wall: Date.now() };
      const behindMs = Math.round(now.monotonic - checked.monotonic - (now.wall - checked.wall));
      checked = now;
      if (behindMs < clockSetBackMs) return;
      cronLog.warn(
        { behindMs },
        'the clock went back: ticking on from the clock as it now is (digests started are finished, none is posted twice)',
      );
      void task.stop();
      task = schedule();
      void run();
    }, periodMs);
    watchdog.unref();
    return {
      stop: () => {
        clearInterval(watchdog);
        return task.stop();
      },
    };
  };

/** A wall clock set back by less than this is not worth rescheduling for (node-cron waits at most that). */
const clockSetBackMs = 1_000;

const clockTime = (date: Date) => `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;

/** `Caught up after 480 missed ticks (…): 1 digest post; refreshed 2 days.` */
export function caughtUpLine(jump: { missed: number; from: Date; to: Date }, done: string[]): string {
  const ticks = jump.missed === 1 ? '1 missed tick' : `${jump.missed} missed ticks`;
  const span =
    jump.missed === 1 ? `at ${clockTime(jump.from)}` : `${clockTime(jump.from)} to ${clockTime(jump.to)}`;
  const what = done.length ? done.join('; ') : 'nothing had fallen due';
  return `Caught up after ${ticks} (${span}: the machine slept or the process was held up): ${what}.`;
}

/** node-cron's logger interface over pino, so nothing of it reaches the terminal unasked. */
function cronLogger(log: Logger): CronLogger {
  const error = (message: string | Error, err?: Error) =>
    message instanceof Error ? log.error({ err: message }, message.message) : log.error({ err }, message);
  return {
    info: (message) => log.info(message),
    warn: (message) => log.warn(message),
    error,
    debug: (message, err) =>
      message instanceof Error ? log.debug({ err: message }, message.message) : log.debug({ err }, message),
  };
}

/**
 * The tick a moment belongs to: its start, floored to the tick period (the minute by default), as ISO.
 * Every instance names a tick alike, so the job lease of one tick is won once across all of them.
 */
export function tickKeyOf(now: Date, tickMs: number): string {
  return new Date(Math.floor(now.getTime() / tickMs) * tickMs).toISOString();
}

export interface Scheduler {
  /** The names of the jobs, in order: what `/readyz` and the promise check list. */
  readonly jobs: readonly string[];
  /**
   * Starts every due job that is not still running, and resolves when no job is running, with what the
   * jobs this tick started did (in words, see ScheduledJob.run).
   */
  tick(): Promise<string[]>;
  /** Ticks once now (the start-up catch-up), then on every tick of `ticker`; resolves when the catch-up is done. */
  start(ticker: Ticker): Promise<void>;
  /** Stops ticking; resolves when the jobs in progress have returned. */
  stop(): Promise<void>;
}

export function createScheduler(
  jobs: ScheduledJob[],
  deps: {
    clock: Clock;
    log: Logger;
    leases: JobLeases;
    /** How long a lease lasts without renewal: how soon another instance takes a dead one's job over. */
    leaseMs: number;
    /** The tick period (TICK_SECONDS): what one tick key covers. */
    tickMs: number;
  },
): Scheduler {
  const log = deps.log.child({ service: 'scheduler' });
  const lastStarted = new Map<string, Date>();
  const running = new Map<string, Promise<string | null>>();
  let ticking: { stop(): void | Promise<void> } | null = null;
  let stopped = false;

  const { leases, holder } = deps.leases;

  /** Runs the job if this instance wins its lease for this tick, renewing the lease while it works. */
  async function runLeased(job: ScheduledJob, now: Date): Promise<string | null> {
    const tickKey = tickKeyOf(now, deps.tickMs);
    if (!(await leases.tryStart(job.name, holder, tickKey, now.toISOString(), deps.leaseMs))) return null;
    const lost = new AbortController();
    const renewal = setInterval(
      () => {
        leases.renew(job.name, holder, deps.clock.now().toISOString(), deps.leaseMs).then(
          (held) => {
            if (held || lost.signal.aborted) return;
            log.warn({ job: job.name }, 'another instance took this job over; stopping it here');
            lost.abort();
          },
          (error) =>
            log.warn({ job: job.name, problem: (error as Error).message }, 'could not renew the job lease'),
        );
      },
      Math.min(renewEveryMs, Math.max(100, Math.floor(deps.leaseMs / 3))),
    );
    renewal.unref();
    try {
      return await job.run(now, lost.signal);
    } finally {
      clearInterval(renewal);
      if (!lost.signal.aborted) await leases.finish(job.name, holder);
    }
  }

  /** Claims the job's slot in this process at once (a tick that overlaps another cannot start it twice), then runs it if due. */
  function launch(job: ScheduledJob, now: Date): Promise<string | null> {
    const work = (async () => {
      if (!(await job.isDue(now, lastStarted.get(job.name) ?? null))) return null;
      lastStarted.set(job.name, now);
      return await runLeased(job, now);
    })()
      .then(
        (said) => said,
        (error) => {
          // An outside failure (Hugging Face unreachable) is a known condition: one line, no stack.
          if (isPaperboyError(error))
            log.warn(
              { job: job.name, problem: error.message },
              'scheduled job failed; it runs again when next due',
            );
          else log.error({ err: error, job: job.name }, 'scheduled job failed; it runs again when next due');
          return `${job.name} failed`;
        },
      )
      .finally(() => running.delete(job.name));
    running.set(job.name, work);
    return work;
  }

  async function tick(): Promise<string[]> {
    if (stopped) return [];
    const now = deps.clock.now();
    // One run of a job at a time: a slow refresh is not started again on top of itself.
    const started = jobs.filter((job) => !running.has(job.name)).map((job) => launch(job, now));
    const said = await Promise.all(started);
    await Promise.all(running.values());
    return said.filter((words): words is string => words !== null);
  }

  return {
    jobs: jobs.map((job) => job.name),
    tick,
    start(ticker) {
      const catchUp = tick().then(() => undefined);
      ticking = ticker(tick);
      return catchUp;
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
  (intervalMs: number, persistedLast: () => Promise<Date | null> = async () => null) =>
  async (now: Date, lastStarted: Date | null) => {
    const last = lastStarted ?? (await persistedLast());
    return last === null || now.getTime() - last.getTime() >= intervalMs;
  };
