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

/**
 * Words in at least half the papers get no weight from bm25 anyway (their idf is zero), and scoring a word
 * means reading its whole index entry: so such words only filter. In a large store, words in a quarter of
 * the papers only filter too, for speed (their weight next to a rarer word is small).
 */
const largeStore = 5000;

export function planQuery(text: string, vocabulary: Vocabulary, paperCount: number): QueryPlan {
  const parsed = units(text);
  const typed = parsed.flatMap((unit) =>
    unit.kind === 'word' ? [unit.word] : [...unit.words, unit.words.join('')],
  );
  const counts = vocabulary.wordCounts(wordsToLookUp(typed));
  // A word missing from the vocabulary may still match in another form (`segmented` → "segments").
  const indexed = vocabulary.indexedWords(typed.filter((word) => !counts.has(word)));
  const known = (word: string) => counts.has(word) || indexed.has(word);
  const plan: QueryPlan = { clauses: [], ignored: [], replaced: [] };

  parsed.forEach((unit, index) => {
    if (unit.kind === 'spelled') {
      const content = unit.words.filter((word) => !stopwords.has(word));
      plan.clauses.push({
        typed: unit.words.join(' '),
        alternatives: [
          { words: content.length > 0 ? content : unit.words, adjacent: false },
          single(unit.acronym),
        ],
        papers: Math.max(0, ...unit.words.map((word) => counts.get(word) ?? 0)),
        rareWord: null,
      });
      return;
    }
    if (unit.kind === 'compound') {
      const joined = unit.words.join('');
      if (unit.words.every(known) || counts.has(joined)) {
        const alternatives: TextAlternative[] = [{ words: unit.words, adjacent: true }];
        if (counts.has(joined)) alternatives.push(single(joined));
        plan.clauses.push({
          typed: unit.words.join('-'),
          alternatives,
          papers: counts.get(joined) ?? null,
          rareWord: null,
        });
        return;
      }
      // A compound with an unknown part: its words are planned one by one, so typos in it get corrected.
      for (const word of unit.words) addWordClause(plan, word, false);
      return;
    }
    addWordClause(plan, unit.word, index === parsed.length - 1);
  });

  function addWordClause(target: QueryPlan, word: string, isLast: boolean) {
    const alternatives: TextAlternative[] = [];
    const isKnown = known(word);
    if (isKnown) alternatives.push(single(word));
    for (const variant of spellingVariants(word)) if (counts.has(variant)) alternatives.push(single(variant));
    const acronym = expandAcronym(word);
    if (acronym) alternatives.push({ words: acronym.phrase, adjacent: true });
    for (const parts of splitCompound(word, counts)) alternatives.push({ words: parts, adjacent: true });
    if (!isKnown && alternatives.length === 0) {
      const completions =
        isLast && word.length >= 3 ? vocabulary.wordsStartingWith(word, maxCompletions) : new Map();
      const found = completions.size > 0 ? completions : correctWord(word, vocabulary);
      for (const [candidate, papers] of found) counts.set(candidate, papers);
      const used = [...found.keys()];
      if (used.length > 0)
        target.replaced.push({ typed: word, used, how: completions.size > 0 ? 'completed' : 'corrected' });
      alternatives.push(...used.map(single));
    }
    if (alternatives.length === 0) {
      target.ignored.push(word);
      return;
    }
    const distinct = [
      ...new Map(alternatives.map((alternative) => [alternative.words.join(' '), alternative])).values(),
    ];
    const papers = isVocabularyWord(word) ? (counts.get(word) ?? 0) : null;
    const rare = isKnown && papers !== null && papers <= 3 && isCorrectable(word);
    target.clauses.push({ typed: word, alternatives: distinct, papers, rareWord: rare ? word : null });
  }

  const denseFrom = paperCount >= largeStore ? paperCount * 0.15 : paperCount * 0.5;
  const scored = (alternative: TextAlternative) =>
    Math.max(...alternative.words.map((word) => counts.get(word) ?? 0)) < denseFrom;
  const clauses = plan.clauses.map((clause) => ({
    ...clause,
    alternatives: clause.alternatives.map((alternative) =>
      scored(alternative) ? alternative : { ...alternative, scored: false },
    ),
  }));
  return { ...plan, clauses: mostDistinctive(clauses) };
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
