import type { Logger } from 'pino';
import { sourceReplyWaitMs } from '../../commands/command-deps';
import { createCommandRouter } from '../../commands/command-router';
import type { CommandService } from '../../commands/command-service';
import { Continuations } from '../../commands/continuations';
import { lookUpPaper } from '../../commands/paper';
import { PortRegistry } from '../chat/port-registry';
import { type Clock, systemClock } from '../clock';
import { createDigestService, type DigestService } from '../digest/digest-service';
import { createDiscussionService, type DiscussionService } from '../discussion/discussion-service';
import { openStore } from '../engines/open-store';
import type { ArxivSync } from '../ingest/arxiv-sync';
import { type BatchSync, createBatchSync } from '../ingest/batch-sync';
import { createMetrics, type Metrics } from '../metrics/metrics';
import { createTeamRanking, type TeamRanking } from '../ranking/team-ranking';
import { createSearchService, type SearchService } from '../search/search-service';
import type { PaperSource } from '../sources/paper-source';
import type { Store } from '../store/store';
import { type ArxivClientTuning, createArxivMailings } from './arxiv-wiring';
import type { Config } from './config';
import { anySourceModules } from './paper-sources';
import { chatCommandsFor, unicodeEmoji } from './platform-modules';

/** How long skip and failure rows of the delivery log are kept (what `/papers why` can explain). */
export const deliveryLogDays = 90;

export interface CoreOptions {
  config: Config;
  clock: Clock;
  log: Logger;
  /** Defaults: the database at DATABASE_URL (SQLite or PostgreSQL), Hugging Face at HF_BASE_URL. Tests may hand in their own. */
  store?: Store;
  source?: PaperSource;
  /** How the HTTP source waits between retries (tests pass a fast one). */
  sleep?: (ms: number) => Promise<void>;
  /** Default: a fresh registry for this core. */
  metrics?: Metrics;
  /** How long a command waits on the source before answering from the store (default `sourceReplyWaitMs`). */
  sourceWaitMs?: number;
  /** arXiv's one request every 3 s and its retry budget, compressed by tests and the bench against the fake arXiv. */
  arxivClient?: ArxivClientTuning;
}

/** Everything platform-neutral, wired once. Adapters get `commands` and post through `digests`. */
export interface Core {
  readonly config: Config;
  readonly clock: Clock;
  readonly log: Logger;
  readonly store: Store;
  readonly source: PaperSource;
  readonly sync: BatchSync;
  /** arXiv's mailings per category (what `source=arxiv` digests read). */
  readonly arxiv: ArxivSync;
  readonly search: SearchService;
  readonly ranking: TeamRanking;
  readonly ports: PortRegistry;
  readonly digests: DigestService;
  readonly discussion: DiscussionService;
  readonly commands: CommandService;
  readonly metrics: Metrics;
  /** Drops delivery-log rows older than the retention and replay-guard entries older than two days. */
  prune(now: Date): Promise<{ deliveries: number; events: number }>;
  close(): Promise<void>;
}

export async function createCore(options: CoreOptions): Promise<Core> {
  const { config, clock, log } = options;
  // The real clock: PostgreSQL leases go by the server's clock, which every instance shares (hosts' clocks
  // may disagree); an injected clock times them itself, so tests can let a lease run out.
  const store =
    options.store ??
    (await openStore(config.DATABASE_URL, { postgres: { leasesByServerClock: clock === systemClock } }));
  const metrics = options.metrics ?? createMetrics();
  const [primary] = anySourceModules;
  if (!primary?.create) throw new Error('paperboy is built without a primary paper source');
  const source =
    options.source ??
    primary.create(config, { log, metrics, ...(options.sleep ? { sleep: options.sleep } : {}) });
  const sync = createBatchSync({ source, store, clock, log, settleHourUtc: config.BATCH_SETTLE_HOUR_UTC });
  const arxiv = createArxivMailings(config, {
    store,
    clock,
    log,
    ...(options.arxivClient ? { tuning: options.arxivClient } : {}),
  });
  const search = createSearchService(store);
  const ports = new PortRegistry();
  const ranking = createTeamRanking({ store, log });
  const digests = createDigestService({
    store,
    syncs: { hf: sync, arxiv },
    ports,
    metrics,
    ranking,
    log: log.child({ service: 'digest' }),
  });
  const continuations = new Continuations(() => clock.now().getTime());
  const deps = {
    store,
    search,
    ranking,
    sync,
    source,
    clock,
    log: log.child({ service: 'commands' }),
    continuations,
    toUnicode: unicodeEmoji,
    sourceWaitMs: options.sourceWaitMs ?? sourceReplyWaitMs,
  };
  const discussion = createDiscussionService({
    store,
    ports,
    clock,
    log,
    toUnicode: unicodeEmoji,
    lookUpPaper: (id) => lookUpPaper(id, deps),
    onSignal: async (channel, now) => await ranking.refresh(channel, now),
  });
  const commands = createCommandRouter({
    commands: chatCommandsFor(config, { log, clock }),
    deps,
    metrics,
    onReaction: discussion.handleReaction,
  });
  metrics.gaugeFrom(
    'paperboy_deliveries_sending',
    'Digest posts marked sending (sent, not yet confirmed by the platform).',
    async () => (await store.deliveries.inFlight()).length,
  );
  // One fetch-age gauge per source, named from the list (Hugging Face's keeps its established name).
  for (const module of anySourceModules)
    metrics.gaugeFrom(
      module.id === 'huggingface'
        ? 'paperboy_hf_last_fetch_timestamp_seconds'
        : `paperboy_${module.id}_last_fetch_timestamp_seconds`,
      `When ${module.label} was last fetched and stored (Unix seconds; 0 before the first fetch).`,
      async () => {
        const at = await module.health.lastFetchedAt(store);
        return at ? Date.parse(at) / 1000 : 0;
      },
    );
  const prune = async (now: Date) => {
    const day = 86_400_000;
    const deliveries = await store.deliveries.prune(
      new Date(now.getTime() - deliveryLogDays * day).toISOString(),
    );
    const events = await store.discussion.pruneEvents(new Date(now.getTime() - 2 * day).toISOString());
    const sourceLog = await store.sourceLog.prune(
      new Date(now.getTime() - deliveryLogDays * day).toISOString(),
    );
    log.info({ deliveries, events, sourceLog }, 'pruned old log rows');
    return { deliveries, events };
  };
  return {
    config,
    clock,
    log,
    store,
    source,
    sync,
    arxiv,
    search,
    ranking,
    ports,
    digests,
    discussion,
    commands,
    metrics,
    prune,
    close: async () => await store.close(),
  };
}
