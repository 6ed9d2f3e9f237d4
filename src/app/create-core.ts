import type { Logger } from 'pino';
import { createCommandRouter } from '../../commands/command-router';
import type { CommandService } from '../../commands/command-service';
import { Continuations } from '../../commands/continuations';
import { commandSpecs } from '../../commands/specs';
import type { Clock } from '../clock';
import type { Config } from '../config/config';
import { createDigestService, type DigestService } from '../digest/digest-service';
import { type BatchSync, createBatchSync } from '../ingest/batch-sync';
import { createSearchService, type SearchService } from '../search/search-service';
import { createHfSource } from '../sources/hf/hf-source';
import type { PaperSource } from '../sources/paper-source';
import { openSqliteStore } from '../store/sqlite/sqlite-store';
import type { Store } from '../store/store';

export interface CoreOptions {
  config: Config;
  clock: Clock;
  log: Logger;
  /** Defaults: SQLite at DATABASE_URL, Hugging Face at HF_BASE_URL. Tests may hand in their own. */
  store?: Store;
  source?: PaperSource;
  /** How the HTTP source waits between retries (tests pass a fast one). */
  sleep?: (ms: number) => Promise<void>;
}

/** Everything platform-neutral, wired once. Adapters get `commands` and post through `digests`. */
export interface Core {
  readonly config: Config;
  readonly clock: Clock;
  readonly log: Logger;
  readonly store: Store;
  readonly source: PaperSource;
  readonly sync: BatchSync;
  readonly search: SearchService;
  readonly digests: DigestService;
  readonly commands: CommandService;
  close(): void;
}

export function createCore(options: CoreOptions): Core {
  const { config, clock, log } = options;
  const store = options.store ?? openSqliteStore(config.DATABASE_URL);
  const source =
    options.source ??
    createHfSource({
      baseUrl: config.HF_BASE_URL,
      token: config.HF_TOKEN,
      timeoutMs: config.HF_TIMEOUT_MS,
      retryBudgetMs: config.HF_RETRY_BUDGET_MS,
      log,
      ...(options.sleep ? { sleep: options.sleep } : {}),
    });
  const sync = createBatchSync({ source, store, clock, log, settleHourUtc: config.BATCH_SETTLE_HOUR_UTC });
  const search = createSearchService(store);
  const digests = createDigestService({ store, sync, log: log.child({ service: 'digest' }) });
  const continuations = new Continuations(() => clock.now().getTime());
  const commands = createCommandRouter({
    deps: {
      store,
      search,
      sync,
      source,
      clock,
      log: log.child({ service: 'commands' }),
      continuations,
      specs: commandSpecs,
    },
  });
  return { config, clock, log, store, source, sync, search, digests, commands, close: () => store.close() };
}
