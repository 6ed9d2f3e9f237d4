/**
 * The mechanisms of query understanding and ranking that can be switched off one at a time, so the
 * relevance bench can measure what each one buys (the ablation table). The bot always runs with all on.
 * Measured and removed (they bought nothing on any labelled set): British/American spelling variants, and a
 * list of filler words ("make", "paper") dropped beside the stopwords.
 */
export interface SearchFeatures {
  /** `rl` ↔ "reinforcement learning", from the reviewed list in synonyms.ts. */
  acronyms: boolean;
  /** `sam` ↔ the long forms the stored papers define for it ("long form (SHORT)", mined at sync time). */
  minedAcronyms: boolean;
  /**
   * `tpu` ↔ "tensor processing unit" where papers spell the long form out without defining the acronym
   * (initialism-mining.ts; needs minedAcronyms).
   */
  spelledAcronyms: boolean;
  /** `frontend` ↔ "front end", `Loop Arena` ↔ "LoopArena". */
  compounds: boolean;
  /**
   * Names as people write them in `author:` (person-name.ts): initials, middle names, a surname first.
   * Off, a paper is kept only when one author is written as typed (accents and case folded).
   */
  names: boolean;
  /** Near spellings of words no paper contains (one edit, two for long words). */
  corrections: boolean;
  /** Completing an unfinished last word (`interpol`). */
  completions: boolean;
  /** Papers matching more of the query's words (weighted by rarity) rank higher. */
  coverage: boolean;
  /** A light upvotes and recency nudge (ranking.ts). */
  prior: boolean;
  /** Question and filler words ("how", "do", "the") dropped when the query has other words. */
  stopwords: boolean;
  /** bm25 weighs a title match over a keyword, summary, abstract or name match (sqlite-search-match.ts). */
  fieldWeights: boolean;
}

export const allFeatures: SearchFeatures = {
  acronyms: true,
  minedAcronyms: true,
  spelledAcronyms: true,
  compounds: true,
  names: true,
  corrections: true,
  completions: true,
  coverage: true,
  prior: true,
  stopwords: true,
  fieldWeights: true,
};
