/**
 * The composition root: the one place that knows both the core and the adapters. It starts the adapters
 * of the platform modules the configuration turns on (the console when no chat platform is), the
 * scheduler, and the session of an adapter in the foreground (the console's prompt).
 */

import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Readable, Writable } from 'node:stream';
import { setTimeout as delay } from 'node:timers/promises';
import { sourceReplyWaitMs } from '../../commands/command-deps';
import type { ChatAdapter } from '../chat/chat-adapter';
import { type Clock, systemClock } from '../clock';
import { describeDatabase } from '../config/database-location';
import { demoClock, startDemoServer } from '../demo/demo-server';
import { PaperboyError } from '../errors';
import type { LogLines } from '../logging/log-lines';
import type { Logger } from '../logging/logger';
import { type MetricsServer, startMetricsServer } from '../metrics/metrics-server';
import type { Store } from '../store/store';
import { bannerLines, halfConfiguredPlatforms, planAdapters, terminalOn } from './adapter-plan';
import type { ArxivClientTuning } from './arxiv-wiring';
import { createChatAdapters } from './chat-adapters';
import type { Config } from './config';
import { type Core, createCore } from './create-core';
import { anyModules } from './platform-modules';
import { readiness } from './readiness';
import { scheduledJobs } from './scheduled-jobs';
import { createScheduler, cronTicker, type Ticker } from './scheduler';

/** How long SIGTERM waits for the posts in flight (one per channel being posted) before closing the database anyway. */
const shutdownGraceMs = 4_000;

export interface RunBotOptions {
  config: Config;
  log: Logger;
  demo: boolean;
  stdin: Readable & { isTTY?: boolean };
  stdout: Writable & { isTTY?: boolean };
  clock?: Clock;
  /** Defaults to SQLite at DATABASE_URL (tests hand in one whose connection they can reach). */
  store?: Store;
  /** What drives the scheduler: node-cron every TICK_SECONDS by default; tests tick by hand. */
  ticker?: Ticker;
  /** Stops the bot like SIGTERM does (tests running it in-process). */
  signal?: AbortSignal;
  /** How long a reply (and the console's start-up digest) waits on Hugging Face; default `sourceReplyWaitMs`. */
  sourceWaitMs?: number;
  /** Where the log writes (standard error), so the console's prompt can keep log lines off its own line. */
  logLines?: LogLines;
  /** Called once everything is running. */
  onStarted?: (bot: StartedBot) => void;
  /** arXiv's request interval and retry budget against the fake arXiv (tests, the bench); arXiv's rule otherwise. */
  arxivClient?: ArxivClientTuning;
}

/** What a running bot tells whoever started it. */
export interface StartedBot {
  core: Core;
  /** The names of the scheduled jobs. */
  jobs: readonly string[];
  /** The port of /healthz, /readyz and /metrics, or null when METRICS_PORT is unset. */
  metricsPort: number | null;
  /** Settles when the start-up tick (work whose time passed while the bot was down) has finished. */
  caughtUp: Promise<void>;
}

/** Runs until SIGINT/SIGTERM (or, in console mode, the end of the prompt). Resolves with the exit code. */
export async function runBot(options: RunBotOptions): Promise<number> {
  const halfConfigured = halfConfiguredPlatforms(options.config);
  if (halfConfigured.length > 0) {
    throw new PaperboyError('config_invalid', `Invalid configuration:\n${halfConfigured.join('\n')}`);
  }
  const demo = options.demo ? await startDemoServer() : null;
  const config = demo
    ? { ...options.config, HF_BASE_URL: demo.url, DATABASE_URL: ':memory:' }
    : options.config;
  const clock = demo ? demoClock(options.clock ?? systemClock) : (options.clock ?? systemClock);
  const { log, stdout } = options;
  const statuses = planAdapters(config);
  const say = (text: string) => stdout.write(`${text}\n`);
  // The terminal is the product in console mode: each failure is already one ✖ line at the prompt, so the
  // log (with its stacks) shows only real errors unless LOG_LEVEL asks for more.
  if (terminalOn(statuses) && config.LOG_LEVEL === undefined && log.level === 'info') log.level = 'error';

  say(`paperboy${demo ? ' (demo: a real batch from 2024-10-25, served locally)' : ''}`);
  for (const line of bannerLines(statuses)) say(`  ${line}`);
  // Which file (or server) is open, so a database opened from the wrong place is seen at once.
  say(`  Database: ${describeDatabase(config.DATABASE_URL)}`);

  const sourceWaitMs = options.sourceWaitMs ?? sourceReplyWaitMs;
  const core = await createCore({
    config,
    clock,
    log,
    sourceWaitMs,
    ...(options.store ? { store: options.store } : {}),
    ...(options.arxivClient ? { arxivClient: options.arxivClient } : {}),
  });
  await refuseReadOnly(core, config.DATABASE_URL);
  const schedulerLock = await claimScheduler(core, config.DATABASE_URL, clock);
  const adapters = createChatAdapters(config, statuses, core, {
    terminal: { stdin: options.stdin, stdout, ...(options.logLines ? { logLines: options.logLines } : {}) },
    sourceWaitMs,
  });
  for (const adapter of adapters) core.ports.register(adapter.port);
  try {
    await Promise.all(adapters.map((adapter) => startAdapter(adapter)));
  } catch (error) {
    await Promise.all(adapters.map((adapter) => adapter.stop().catch(() => undefined)));
    schedulerLock.release();
    await core.close();
    await demo?.close();
    throw error;
  }

  await core.digests.reconcileInFlight(clock.now());
  let metricsServer: MetricsServer | null = null;
  if (config.METRICS_PORT !== undefined) {
    core.metrics.gaugeFrom(
      'paperboy_platform_connected',
      'Whether each enabled chat platform is connected (1) or not (0).',
      () =>
        Object.fromEntries(adapters.map((adapter) => [adapter.port.platform, adapter.connected() ? 1 : 0])),
      'platform',
    );
    metricsServer = await startMetricsServer({
      port: config.METRICS_PORT,
      host: config.METRICS_HOST,
      metrics: core.metrics,
      readiness: async () => await readiness(core, adapters),
      log,
    });
  }
  // The first tick runs at once: work whose time passed while the bot was down is caught up now.
  // Unique per start even for instances sharing a process and a clock (a random tail beside pid and time).
  const holder = `${hostname()}:${process.pid}:${clock.now().toISOString()}:${randomUUID().slice(0, 8)}`;
  const scheduler = createScheduler(scheduledJobs(core), {
    clock,
    log,
    leases: { leases: core.store.jobs, holder },
    leaseMs: config.JOB_LEASE_SECONDS * 1000,
    tickMs: config.TICK_SECONDS * 1000,
  });
  const caughtUp = scheduler.start(options.ticker ?? cronTicker(config.TICK_SECONDS, log));
  options.onStarted?.({ core, jobs: scheduler.jobs, metricsPort: metricsServer?.port ?? null, caughtUp });

  let markStopped: (code: number) => void = () => {};
  const stopped = new Promise<number>((resolve) => {
    markStopped = resolve;
  });
  let stopping: Promise<number> | null = null;
  const shutdown = (signal: string) => {
    stopping ??= (async () => {
      log.info({ signal }, 'shutting down');
      // The posts in flight finish (or are abandoned after a few seconds, to be reconciled at next start).
      await Promise.race([
        Promise.all([scheduler.stop(), core.digests.stop()]),
        delay(shutdownGraceMs, undefined, { ref: false }),
      ]);
      await metricsServer?.close();
      await Promise.all(
        adapters.map((adapter) =>
          adapter.stop().catch((error) => log.warn({ err: error }, 'adapter stop failed')),
        ),
      );
      schedulerLock.release();
      await core.close();
      await demo?.close();
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      markStopped(0);
      return 0;
    })();
    return stopping;
  };
  // A second signal (npm passes SIGTERM on to the process group that already got it; a second Ctrl-C)
  // must not kill the process with Node's default while the posts in flight finish: the grace bounds them.
  // So the listener stays until the end: a `once` listener, removed before it runs, leaves a moment with
  // none, when Node restores the default and a second signal kills the process.
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) log.info({ signal }, 'already shutting down: the posts in flight finish first');
    else void shutdown(signal);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  if (options.signal?.aborted) void shutdown('abort');
  options.signal?.addEventListener('abort', () => void shutdown('abort'), { once: true });

  const foreground = adapters.filter((adapter) => adapter.session !== undefined);
  if (foreground.length === 0) return stopped;
  // The prompt ends on `exit`, at the end of input, or when a signal stops the bot.
  const session = new AbortController();
  void stopped.then(() => session.abort());
  await Promise.all(foreground.map((adapter) => adapter.session?.(session.signal)));
  if (adapters.length > foreground.length && !stopping) {
    // The console ran beside a platform that only delivers (email): its digests go on without the prompt.
    log.warn(
      'the prompt has ended; paperboy keeps delivering the digests until it is stopped (Ctrl-C or SIGTERM)',
    );
    return stopped;
  }
  return shutdown('end of input');
}

/**
 * The bot records every post before and after it makes it, so that it never repeats or misses one: it
 * cannot run on a database it cannot write. Reading one-shot commands can.
 */
async function refuseReadOnly(core: Core, databaseUrl: string): Promise<void> {
  const reason = core.store.readOnly;
  if (!reason) return;
  await core.close();
  throw new PaperboyError(
    'store_read_only',
    `paperboy cannot run on the database ${databaseUrl}: ${reason}. The bot saves every post it makes ` +
      '(so it never repeats or misses one), so it needs to write there: make it writable, or point ' +
      'DATABASE_URL at a writable copy. paperboy search and paperboy digest read it as it is.',
  );
}

/**
 * Two bots on one SQLite file would post every digest twice: the second one stops before it connects to
 * any platform, naming the process that holds the file. One-shot CLI commands do not need the claim.
 */
async function claimScheduler(core: Core, databaseUrl: string, clock: Clock): Promise<{ release(): void }> {
  const holder = { pid: process.pid, host: hostname(), startedAt: clock.now().toISOString() };
  let claim = await core.store.claimScheduler(holder);
  // A holder that started at the same moment may not have written its name yet.
  for (let tries = 0; !claim.ok && !claim.holder && tries < 10; tries++) {
    await delay(100);
    claim = await core.store.claimScheduler(holder);
  }
  if (claim.ok) return claim;
  await core.close();
  const who = claim.holder
    ? `pid ${claim.holder.pid} on ${claim.holder.host}, running since ${claim.holder.startedAt}`
    : 'its pid is not recorded';
  throw new PaperboyError(
    'store_in_use',
    `Another paperboy is already running on the database ${databaseUrl} (${who}). ` +
      'This one will not start, so no digest is posted twice: stop the other first, or point DATABASE_URL ' +
      'at another file. One-shot commands (paperboy search, digest, fetch) work alongside it.',
  );
}

/** A chat platform that refuses to start is a configuration problem: one line, naming what to check. */
async function startAdapter(adapter: ChatAdapter): Promise<void> {
  try {
    await adapter.start();
  } catch (error) {
    const module = anyModules.find((candidate) => candidate.id === adapter.port.platform);
    const name = module?.name ?? adapter.port.platform;
    const reason = error instanceof Error ? error.message : String(error);
    const hint = module?.credentialHint ? ` (${module.credentialHint})` : '';
    throw new PaperboyError('config_invalid', `${name} could not start: ${reason}${hint}`, { cause: error });
  }
}
