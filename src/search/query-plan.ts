/**
 * Query understanding: turns what someone typed into clauses of alternatives the store can match. Each
 * clause is one idea: a word with its other spellings and acronym, a hyphenated compound, a spelled-out
 * acronym. Unknown words are completed (the last one, still being typed) or corrected (a typo); a word
 * nothing resembles is left out and reported rather than silently emptying the results.
 */
import type { PaperRepository, TextAlternative } from '../store/store';
import { isVocabularyWord, queryWords, stopwords } from './search-text';
import { isCorrectable } from './spelling-correction';
import { spellingVariants } from './spelling-variants';
import { expandAcronym, spelledOutAcronym } from './synonyms';
import { correctWord, splitCompound, wordsToLookUp } from './word-alternatives';

export type Vocabulary = Pick<
  PaperRepository,
  'wordCounts' | 'indexedWords' | 'wordsNear' | 'wordsStartingWith'
>;

/** Words read from a query; the rest of a very long query is ignored. */
export const maxQueryWords = 32;
/** Clauses a paper is matched against; longer queries keep their most distinctive ones. */
export const maxClauses = 8;
/** Completions tried for an unfinished last word. */
const maxCompletions = 6;

export interface PlannedClause {
  /** The words typed for this clause. */
  typed: string;
  alternatives: TextAlternative[];
  /** Papers containing the clause's commonest alternative word, when known: how selective it is. */
  papers: number | null;
  /** A known but rare typed word: near spellings are worth adding when the search finds little. */
  rareWord: string | null;
}

export interface QueryPlan {
  clauses: PlannedClause[];
  /** Typed words no paper contains and nothing known resembles. */
  ignored: string[];
  /** Typed words searched as completions (the last word, unfinished) or as near spellings (a typo). */
  replaced: Array<{ typed: string; used: string[]; how: 'completed' | 'corrected' }>;
}

type Unit =
  | { kind: 'word'; word: string }
  | { kind: 'compound'; words: string[] }
  | { kind: 'spelled'; words: string[]; acronym: string };

/** Groups the query's words into units: spelled-out acronyms first, then hyphenated compounds, then words. */
function units(text: string): Unit[] {
  const typed = queryWords(text).slice(0, maxQueryWords);
  const plain = typed.map((entry) => entry.word);
  const result: Unit[] = [];
  for (let i = 0; i < typed.length; ) {
    const spelled = spelledOutAcronym(plain, i);
    if (spelled) {
      result.push({ kind: 'spelled', words: plain.slice(i, i + spelled.length), acronym: spelled.acronym });
      i += spelled.length;
      continue;
    }
    let end = i;
    while (typed[end]?.hyphenatedToNext && end + 1 < typed.length) end++;
    result.push(
      end > i ? { kind: 'compound', words: plain.slice(i, end + 1) } : { kind: 'word', word: plain[i] ?? '' },
    );
    i = end + 1;
  }
  const content = result.filter((unit) => unit.kind !== 'word' || !stopwords.has(unit.word));
  return content.length > 0 ? content : result;
}

const single = (word: string): TextAlternative => ({ words: [word], adjacent: false });

/** Large enough that reading a common word's whole index entry costs more than its weight is worth. */
const largeStore = 5000;

/** What planning one query knows: paper counts of the words looked up, and which words the index matches. */
interface Lookups {
  vocabulary: Vocabulary;
  counts: Map<string, number>;
  known: (word: string) => boolean;
}

export function planQuery(text: string, vocabulary: Vocabulary, paperCount: number): QueryPlan {
  const parsed = units(text);
  const typed = parsed.flatMap((unit) =>
    unit.kind === 'word' ? [unit.word] : [...unit.words, unit.words.join('')],
  );
  const counts = vocabulary.wordCounts(wordsToLookUp(typed));
  // A word missing from the vocabulary may still match in another form (`segmented` → "segments").
  const indexed = vocabulary.indexedWords(typed.filter((word) => !counts.has(word)));
  const lookups: Lookups = { vocabulary, counts, known: (word) => counts.has(word) || indexed.has(word) };
  const plan: QueryPlan = { clauses: [], ignored: [], replaced: [] };
  parsed.forEach((unit, index) => {
    if (unit.kind === 'spelled') plan.clauses.push(spelledClause(unit.words, unit.acronym, counts));
    else if (unit.kind === 'word') addWordClause(plan, unit.word, index === parsed.length - 1, lookups);
    else {
      const clause = compoundClause(unit.words, lookups);
      // A compound with an unknown part is planned word by word, so a typo in it gets corrected.
      if (clause) plan.clauses.push(clause);
      else for (const word of unit.words) addWordClause(plan, word, false, lookups);
    }
  });
  return { ...plan, clauses: mostDistinctive(markUnscored(plan.clauses, counts, paperCount)) };
}

/** "large language models": all its words anywhere, or the acronym. */
function spelledClause(words: string[], acronym: string, counts: Map<string, number>): PlannedClause {
  const content = words.filter((word) => !stopwords.has(word));
  return {
    typed: words.join(' '),
    alternatives: [{ words: content.length > 0 ? content : words, adjacent: false }, single(acronym)],
    papers: Math.max(0, ...words.map((word) => counts.get(word) ?? 0)),
    rareWord: null,
  };
}

/** "front-end": the words as a phrase, or joined into one word when papers write it so. */
function compoundClause(words: string[], { counts, known }: Lookups): PlannedClause | null {
  const joined = words.join('');
  if (!words.every(known) && !counts.has(joined)) return null;
  const alternatives: TextAlternative[] = [{ words, adjacent: true }];
  if (counts.has(joined)) alternatives.push(single(joined));
  return { typed: words.join('-'), alternatives, papers: counts.get(joined) ?? null, rareWord: null };
}

/** A word with its spellings, acronym and halves; an unknown one completed (if last) or corrected. */
function addWordClause(
  plan: QueryPlan,
  word: string,
  isLast: boolean,
  { vocabulary, counts, known }: Lookups,
) {
  const isKnown = known(word);
  const alternatives: TextAlternative[] = isKnown ? [single(word)] : [];
  for (const variant of spellingVariants(word)) if (counts.has(variant)) alternatives.push(single(variant));
  const acronym = expandAcronym(word);
  if (acronym) alternatives.push({ words: acronym.phrase, adjacent: true });
  for (const parts of splitCompound(word, counts)) alternatives.push({ words: parts, adjacent: true });
  if (alternatives.length === 0) {
    const completions =
      isLast && word.length >= 3 ? vocabulary.wordsStartingWith(word, maxCompletions) : new Map();
    const found = completions.size > 0 ? completions : correctWord(word, vocabulary);
    for (const [candidate, papers] of found) counts.set(candidate, papers);
    const used = [...found.keys()];
    if (used.length > 0)
      plan.replaced.push({ typed: word, used, how: completions.size > 0 ? 'completed' : 'corrected' });
    alternatives.push(...used.map(single));
  }
  if (alternatives.length === 0) {
    plan.ignored.push(word);
    return;
  }
  const distinct = [
    ...new Map(alternatives.map((alternative) => [alternative.words.join(' '), alternative])).values(),
  ];
  const papers = isVocabularyWord(word) ? (counts.get(word) ?? 0) : null;
  const rare = isKnown && papers !== null && papers <= 3 && isCorrectable(word);
  plan.clauses.push({ typed: word, alternatives: distinct, papers, rareWord: rare ? word : null });
}

/**
 * Words in at least half the papers get no weight from bm25 anyway (their idf is zero), and scoring a word
 * means reading its whole index entry: such words only filter. In a large store, so do words in more than
 * 15% of the papers, for speed: next to a rarer word their weight is small.
 */
function markUnscored(
  clauses: PlannedClause[],
  counts: Map<string, number>,
  paperCount: number,
): PlannedClause[] {
  const denseFrom = paperCount >= largeStore ? paperCount * 0.15 : paperCount * 0.5;
  const scored = (alternative: TextAlternative) =>
    Math.max(...alternative.words.map((word) => counts.get(word) ?? 0)) < denseFrom;
  return clauses.map((clause) => ({
    ...clause,
    alternatives: clause.alternatives.map((alternative) =>
      scored(alternative) ? alternative : { ...alternative, scored: false },
    ),
  }));
}

/** At most `maxClauses`, keeping the rarest (unknown counts last), in the order typed. */
function mostDistinctive(clauses: PlannedClause[]): PlannedClause[] {
  if (clauses.length <= maxClauses) return clauses;
  const keep = new Set(
    [...clauses]
      .sort((a, b) => (a.papers ?? Number.POSITIVE_INFINITY) - (b.papers ?? Number.POSITIVE_INFINITY))
      .slice(0, maxClauses),
  );
  return clauses.filter((clause) => keep.has(clause));
}
