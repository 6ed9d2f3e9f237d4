import type { Logger } from 'pino';
import type { Clock } from '../src/clock';
import type { BatchSync } from '../src/ingest/batch-sync';
import type { TeamRanking } from '../src/ranking/team-ranking';
import type { SearchService } from '../src/search/search-service';
import type { PaperSource } from '../src/sources/paper-source';
import type { Store } from '../src/store/store';
import type { CommandSpec } from './command-spec';
import type { Continuations } from './continuations';

/** What command handlers may use: core services only, never a platform. */
export interface CommandDeps {
  store: Store;
  search: SearchService;
  ranking: TeamRanking;
  sync: BatchSync;
  source: PaperSource;
  clock: Clock;
  log: Logger;
  continuations: Continuations;
  specs: readonly CommandSpec[];
}
