/**
 * What the search service asks the store's text index, in no query language of its own: the search plans
 * it (src/search/query-plan.ts), each engine answers it (FTS5, tsvector), and the Store port names it.
 */
import type { ChannelRef } from '../records/channel';
import type { Paper } from '../records/paper';

/**
 * A text query as the search service plans it, independent of any query language: a paper matches when it
 * contains any of `clauses` (or there are none), all of `required` and none of `excluded`; it contains a
 * clause when it contains any of its alternatives.
 */
export interface TextQuery {
  /** Ranked by bm25, and each one a paper matches counts for it. */
  clauses: TextClause[];
  /**
   * Clauses counted in `matched`, not required, and not ranked unless the store can afford it (words too
   * dense for bm25 over their papers at this size; SQLite ranks those of common stems from its lists).
   */
  unscored?: TextClause[];
  /** Quoted phrases: every one must match. */
  required: TextClause[];
  /** `-word`: none may match. */
  excluded: TextClause[];
  /**
   * The window is chosen by bm25 × (1 + priorWeight × the popularity prior of src/search/ranking.ts, recency
   * counted from the newest stored paper), so the papers the prior lifts into the top are in it. 0 or absent: bm25 alone.
   */
  priorWeight?: number;
  /** False: every text column counts the same in bm25 (only the relevance bench's ablation asks). */
  fieldWeights?: boolean;
}

export interface TextClause {
  alternatives: TextAlternative[];
}

export interface TextAlternative {
  /** Folded words (letters and digits only). */
  words: string[];
  /** The words adjacent and in order (a phrase), rather than anywhere in the paper. */
  adjacent: boolean;
}

export interface PaperFilters {
  /** Listed on (or published, for papers never listed) this day or later, `YYYY-MM-DD`. */
  sinceDay?: string;
  minUpvotes?: number;
  /** Each name (or part of one, e.g. a surname) must appear among the authors. */
  authors?: string[];
  /** Words that must appear in the organization's name or full name. */
  organization?: string;
  /** Only papers the bot posted in this channel. */
  postedIn?: ChannelRef;
  /** Only these papers (e.g. a channel's discussion queue); an empty list matches nothing. */
  paperIds?: readonly string[];
  /** Papers matching none of these (`-word` beside filters and no other words). */
  excluding?: TextClause[];
}

export interface TextHit {
  paper: Paper;
  /** Text relevance (bm25 with field weights): higher is better, comparable within one query only. */
  score: number;
  /** Indexes into `clauses` then `unscored` (counted on) of the clauses the paper matches. */
  matched: number[];
}

/** "long form (SHORT)" as the stored papers define it (or spell it out), with how many papers do. */
export interface AcronymDefinition {
  /** Folded, letters and digits only, singular (`llm`, `tsne`). */
  acronym: string;
  /** The long form's folded words. */
  words: string[];
  papers: number;
  /**
   * Mined from papers that spell the long form out without defining the acronym (initialism-mining.ts):
   * `papers` is how many spell it, a weaker sign than as many definitions.
   */
  spelled?: boolean;
  /** Spelled with letters read inside a hyphenated compound: used only for an acronym no paper defines. */
  compound?: boolean;
}
export type AcronymDefinitions = AcronymDefinition[];
