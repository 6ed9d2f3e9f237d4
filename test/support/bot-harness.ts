/**
 * The composition root under test: `runBot` itself, in this process, with the manual clock, a hand-driven
 * scheduler tick, a real SQLite file, the fake Hugging Face and (by default) the fake Discord with the real
 * discord.js. Tests drive time with `at()` + `tick()` and look at what the fakes received.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { parseConfig } from '../../src/app/config';
import type { Core } from '../../src/app/create-core';
import { runBot, type StartedBot } from '../../src/app/run-bot';
import type { Ticker } from '../../src/app/scheduler';
import { ManualClock } from '../../src/clock';
import { createLogger } from '../../src/logging/logger';
import type { Store } from '../../src/store/store';
import type { FakeArxiv } from '../fakes/arxiv/fake-arxiv-server';
import { FakeDiscord } from '../fakes/discord/fake-discord';
import { type SlashOption, slashInteraction, userPayload } from '../fakes/discord/fake-payloads';
import { Recorder } from '../fakes/discord/fake-recorder';
import { FakeHfServer } from '../fakes/hf/fake-hf-server';

export interface LogLine {
  level: number;
  msg: string;
  [key: string]: unknown;
}

/** A ticker that ticks only when the test says so. */
export class ManualTicker {
  private onTick: (() => Promise<unknown>) | null = null;
  readonly ticker: Ticker = (tick) => {
    this.onTick = tick;
    return {
      stop: () => {
        this.onTick = null;
      },
    };
  };
  async tick(): Promise<void> {
    if (!this.onTick) throw new Error('the scheduler is not running');
    await this.onTick();
  }
}

export interface BotOptions {
  now: string;
  env?: Record<string, string>;
  /** An existing database file (to restart a bot on it); default: a new one. */
  database?: string;
  hf?: FakeHfServer;
  discord?: FakeDiscord | null;
  /** A store opened by the test on `database` (to reach its connection, e.g. to fill the disk). */
  store?: Store;
  /** How long a reply waits on Hugging Face (runBot's default otherwise). */
  sourceWaitMs?: number;
  /** Tick with production's node-cron ticker on the wall clock (TICK_SECONDS) instead of by hand. */
  cronTicker?: boolean;
  /**
   * The fake arXiv to read mailings from. Its rule and the client's are compressed to `arxivIntervalMs`
   * (default 20 ms: the gate still spaces every request, without 3 s of real time each).
   */
  arxiv?: FakeArxiv;
  arxivIntervalMs?: number;
}

export class BotHarness {
  private constructor(
    /** Every line the bot logged, parsed. */
    readonly logs: Recorder<LogLine>,
    readonly clock: ManualClock,
    readonly ticker: ManualTicker,
    readonly hf: FakeHfServer,
    readonly discord: FakeDiscord | null,
    readonly database: string,
    private readonly stopper: AbortController,
    private readonly exit: Promise<number>,
    readonly started: StartedBot,
    private readonly printed: { text: string },
  ) {}

  /** What the bot printed on its stdout (the console, in console mode). */
  get stdout(): string {
    return this.printed.text;
  }

  static async start(options: BotOptions): Promise<BotHarness> {
    const hf = options.hf ?? (await new FakeHfServer().start());
    const discord = options.discord === undefined ? await FakeDiscord.start() : options.discord;
    const database = options.database ?? join(mkdtempSync(join(tmpdir(), 'paperboy-bot-')), 'bot.db');
    const clock = new ManualClock(options.now);
    const ticker = new ManualTicker();
    const config = parseConfig({
      HF_BASE_URL: hf.url,
      HF_TIMEOUT_MS: '2000',
      HF_RETRY_BUDGET_MS: '1500',
      DATABASE_URL: database,
      ...(discord
        ? {
            DISCORD_TOKEN: discord.token,
            DISCORD_APPLICATION_ID: discord.applicationId,
            DISCORD_API_BASE: discord.apiBase,
            DISCORD_GUILD_ID: '900000000000000001',
          }
        : {}),
      ...(options.arxiv
        ? { ARXIV_FEED_URL: options.arxiv.feedBaseUrl, ARXIV_API_URL: options.arxiv.apiBaseUrl }
        : {}),
      ...options.env,
    });
    const arxivIntervalMs = options.arxivIntervalMs ?? 20;
    options.arxiv?.setMinInterval(Math.max(1, arxivIntervalMs - 5));
    const logs = new Recorder<LogLine>();
    const destination = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) logs.push(JSON.parse(line) as LogLine);
        done();
      },
    });
    const stopper = new AbortController();
    let markStarted: (bot: BotHarness['started']) => void = () => {};
    const started = new Promise<BotHarness['started']>((resolve) => {
      markStarted = resolve;
    });
    const stdin = new PassThrough();
    const printed = { text: '' };
    const stdout = new PassThrough().on('data', (chunk) => {
      printed.text += String(chunk);
    });
    const exit = runBot({
      config,
      log: createLogger({ level: 'debug', format: 'json', destination }),
      demo: false,
      stdin,
      stdout,
      clock,
      ...(options.cronTicker ? {} : { ticker: ticker.ticker }),
      signal: stopper.signal,
      onStarted: markStarted,
      ...(options.store ? { store: options.store } : {}),
      ...(options.sourceWaitMs === undefined ? {} : { sourceWaitMs: options.sourceWaitMs }),
      arxivClient: { minIntervalMs: arxivIntervalMs, retryBudgetMs: 300, timeoutMs: 5_000 },
    });
    const bot = await Promise.race([
      started,
      exit.then((code) => Promise.reject(new Error(`exited ${code}`))),
    ]);
    // What a test does next (a tick at a later time) starts from a bot that has caught up, as in production
    // where ticks are a minute apart.
    await bot.caughtUp;
    return new BotHarness(logs, clock, ticker, hf, discord, database, stopper, exit, bot, printed);
  }

  get core(): Core {
    return this.started.core;
  }

  /** Moves the clock to `iso` and runs one scheduler tick there. */
  async tickAt(iso: string): Promise<void> {
    this.clock.set(iso);
    await this.ticker.tick();
  }

  /**
   * Runs `/papers <sub>` on Discord in #papers as a channel manager (or, with `admin: false`, as a member
   * without Manage Channels), and returns the answer's text.
   */
  async slash(sub: string, options: SlashOption[] = [], as: { admin?: boolean } = {}): Promise<string> {
    if (!this.discord) throw new Error('no Discord in this harness');
    const fake = this.discord;
    const channel = fake.store.channels.get('900000000000000101');
    if (!channel) throw new Error('no #papers in the fake');
    const record = fake.injectInteraction(
      slashInteraction(
        {
          applicationId: fake.applicationId,
          guildId: channel.guild_id,
          channel,
          user:
            as.admin === false
              ? userPayload('700000000000000002', 'bo')
              : userPayload('700000000000000001', 'alice'),
          admin: as.admin !== false,
        },
        '850000000000000001',
        sub,
        options,
      ),
    );
    return JSON.stringify(await fake.waitForAnswer(record.id));
  }

  /** Texts of the messages the bot posted in #papers (content and embed titles). */
  postsInPapers(): string[] {
    if (!this.discord) return [];
    return this.discord.requests
      .filter(
        (request) => request.method === 'POST' && request.path === '/channels/900000000000000101/messages',
      )
      .map((request) => JSON.stringify(request.body));
  }

  /** The delivery keys (`ref pb:…`, printed on every post) of the messages the bot posted in #papers. */
  deliveryKeysInPapers(): string[] {
    return this.postsInPapers()
      .map((post) => /ref (pb:[\w.:-]+)/.exec(post)?.[1])
      .filter((key): key is string => key !== undefined);
  }

  /** Stops the bot (as SIGTERM would) and resolves with its exit code; the fakes stay up unless `all`. */
  async stop(all = true): Promise<number> {
    this.stopper.abort();
    const code = await this.exit;
    if (all) {
      await this.discord?.close();
      await this.hf.stop();
    }
    return code;
  }
}
