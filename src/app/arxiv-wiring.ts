/**
 * arXiv's mailings as the digest reads them: the arXiv client (ARXIV_* settings, the process-wide 3 s gate)
 * and the sync that stores each (category, mailing day) it fetches.
 */
import type { Logger } from 'pino';
import type { Clock } from '../clock';
import { type ArxivSync, createArxivSync } from '../ingest/arxiv-sync';
import { type ArxivSourceOptions, createArxivSource } from '../sources/arxiv/arxiv-source';
import type { Store } from '../store/store';
import type { Config } from './config';

/** What tests and the bench compress against the fake arXiv; production keeps arXiv's rule (3 s). */
export type ArxivClientTuning = Partial<
  Pick<ArxivSourceOptions, 'minIntervalMs' | 'retryBudgetMs' | 'timeoutMs' | 'timers'>
>;

export interface ArxivWiring {
  store: Store;
  clock: Clock;
  log: Logger;
  tuning?: ArxivClientTuning;
}

export function createArxivMailings(config: Config, { store, clock, log, tuning }: ArxivWiring): ArxivSync {
  const source = createArxivSource({
    feedBaseUrl: config.ARXIV_FEED_URL,
    apiBaseUrl: config.ARXIV_API_URL,
    contact: config.ARXIV_CONTACT ?? null,
    clock,
    logger: log,
    ...tuning,
  });
  return createArxivSync({ source, store, clock, log: log.child({ service: 'arxiv' }) });
}
