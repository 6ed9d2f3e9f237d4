import type { Logger } from 'pino';
import type { Clock } from '../src/clock';
import type { EmojiNormaliser } from '../src/discussion/emoji';
import type { BatchSync } from '../src/ingest/batch-sync';
import type { TeamRanking } from '../src/ranking/team-ranking';
import type { SearchService } from '../src/search/search-service';
import type { PaperSource } from '../src/sources/paper-source';
import type { Store } from '../src/store/store';
import type { CommandSpec } from './command-spec';
import type { Continuations } from './continuations';

/**
 * How long a command waits on Hugging Face before it answers from what is stored (`today`, `paper`).
 * Discord wants an interaction acknowledged within 3 s (its adapter defers after 1 s) and Slack a slash
 * command within 3 s; 2.5 s leaves the answer itself inside that window on a healthy day, and when Hugging
 * Face hangs nobody waits on it longer than this.
 */
export const sourceReplyWaitMs = 2_500;

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
  /** Every platform's emoji names as Unicode (Slack's `:-1:` is 👎), to compare two emoji settings. */
  toUnicode: EmojiNormaliser;
  /** How long a reply waits on the source (`sourceReplyWaitMs`; tests may shorten it). */
  sourceWaitMs: number;
}
