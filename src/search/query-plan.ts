/**
 * Query understanding: turns what someone typed into clauses the store can match. Each clause is one idea:
 * a word with its acronym, a compound split or joined, a spelled-out acronym. Quoted
 * phrases must match; `-word` must not. A word no paper contains is corrected when it is not an English word
 * (a typo), completed when it is the unfinished last word, and otherwise reported and left out: it never
 * empties the results, and a real word is never swapped for another.
 */
import type { AcronymDefinition, TextAlternative } from '../search-query/text-query';
import { corpusExpansions, corpusSpelledOut, singular, typedPhrases } from './corpus-acronyms';
import { isEnglishWord } from './english-words';
import { allFeatures, type SearchFeatures } from './search-features';
import { isVocabularyWord, queryWords, stopwords } from './search-text';
import { isCorrectable } from './spelling-correction';
import { expandAcronym, spelledOutAcronym } from './synonyms';
import { correctWord, splitCompound, type Vocabulary, wordsToLookUp } from './word-alternatives';

/** Words read from a query; the rest of a very long query is ignored. */
export const maxQueryWords = 32;
/** Clauses a paper is ranked on; longer queries keep their most distinctive ones. */
export const maxClauses = 12;
/** Completions tried for an unfinished last word. */
const maxCompletions = 6;
/** Words this long get two-edit corrections when no one-edit word is known. */
const twoEditLength = 8;

export interface PlannedClause {
  /** The words typed for this clause. */
  typed: string;
  alternatives: TextAlternative[];
  /** Papers containing the clause's commonest alternative word, when known: how selective it is. */
  papers: number;
}

export interface QueryPlan {
  clauses: PlannedClause[];
  /** Quoted phrases: each must match. */
  phrases: PlannedClause[];
  /** `-word` and `-"phrase"`: none may match. */
  excluded: PlannedClause[];
  /** Typed words no paper contains and nothing known resembles. */
  ignored: string[];
  /** Typed words searched as completions (the last word, unfinished) or as near spellings (a typo). */
  replaced: Array<{ typed: string; used: string[]; how: 'completed' | 'corrected' }>;
}

/**
 * At the start of a word: a quoted phrase (straight or curly quotes; an unclosed one runs to the end), or a
 * `-` before a word or phrase. A hyphen inside a word (`self-driving`) is not an operator.
 */
const operatorPattern = /(?<=^|\s)(-)?(?:"([^"]*)"?|“([^”]*)”?|(?<=-)(\S+))/gu;

/** Splits the phrases and exclusions out of the text; what is left is the words to rank on. */
export function splitOperators(text: string): { words: string; phrases: string[]; excluded: string[] } {
  const phrases: string[] = [];
  const excluded: string[] = [];
  const words = text.replace(
    operatorPattern,
    (_match, minus?: string, quoted?: string, curly?: string, bare?: string) => {
      const value = quoted ?? curly ?? bare ?? '';
      if (queryWords(value).length > 0) (minus ? excluded : phrases).push(value);
      return ' ';
    },
  );
  return { words, phrases, excluded };
}

type Unit =
  | { kind: 'word'; word: string }
  | { kind: 'compound'; words: string[] }
  | { kind: 'spelled'; words: string[]; acronym: string };

const single = (word: string): TextAlternative => ({ words: [word], adjacent: false });

interface Context {
  vocabulary: Vocabulary;
  /** The long forms the stored papers define for the query's words, taken as acronyms. */
  definitions: AcronymDefinition[];
  /** The long forms the stored papers define that the query's words could spell out. */
  spellable: AcronymDefinition[];
  counts: Map<string, number>;
  known: (word: string) => boolean;
  features: SearchFeatures;
}

/** Groups the words into units: spelled-out acronyms, hyphenated or joinable compounds, then words. */
function units(plain: string[], hyphenated: boolean[], context: Context): Unit[] {
  const { counts, features } = context;
  const result: Unit[] = [];
  for (let i = 0; i < plain.length; ) {
    const spelled = features.acronyms
      ? (spelledOutAcronym(plain, i) ??
        corpusSpelledOut(plain, i, context.spellable, (acronym) => counts.has(acronym)))
      : null;
    if (spelled) {
      result.push({ kind: 'spelled', words: plain.slice(i, i + spelled.length), acronym: spelled.acronym });
      i += spelled.length;
      continue;
    }
    let end = i;
    while (hyphenated[end] && end + 1 < plain.length) end++;
    const next = plain[i + 1];
    // "roll out", "Loop Arena": two words a paper writes as one (checked before stopwords are dropped).
    if (end === i && next !== undefined && features.compounds && counts.has(`${plain[i]}${next}`))
      end = i + 1;
    result.push(
      end > i ? { kind: 'compound', words: plain.slice(i, end + 1) } : { kind: 'word', word: plain[i] ?? '' },
    );
    i = end + 1;
  }
  const content = features.stopwords
    ? result.filter((unit) => unit.kind !== 'word' || !stopwords.has(unit.word))
    : result;
  return content.length > 0 ? content : result;
}

async function lookups(typed: string[], vocabulary: Vocabulary, features: SearchFeatures): Promise<Context> {
  const joins = typed.slice(1).map((word, index) => `${typed[index]}${word}`);
  const asTyped = new Set([...typed, ...typed.map(singular)]);
  // The store gives every long form starting with a typed word too (hundreds for "model"): only those
  // the query could spell out (each word typed, as written or singular) are kept for that.
  const mined = features.minedAcronyms
    ? await vocabulary.acronymDefinitions([...asTyped], features.spelledAcronyms ? typedPhrases(typed) : [])
    : [];
  const found = features.spelledAcronyms ? mined : mined.filter((definition) => !definition.spelled);
  const definitions = found.filter((definition) => asTyped.has(definition.acronym));
  const spellable = found.filter((definition) =>
    definition.words.every((word) => asTyped.has(word) || asTyped.has(singular(word))),
  );
  // Counted: the long forms a typed acronym expands to, and the acronyms of the long forms it could spell.
  const longForms = [
    ...typed.flatMap((word) => corpusExpansions(word, definitions).flatMap((form) => form.words)),
    ...spellable.map((definition) => definition.acronym),
  ];
  // A long form's words are only counted: splitting them as typed words are (`rollout` → roll + out)
  // would ask for every split of every long form the corpus gives a typed word.
  const counts = await vocabulary.wordCounts([
    ...new Set([...wordsToLookUp([...typed, ...joins]), ...longForms]),
  ]);
  // A word missing from the vocabulary may still match in another form (`segmented` → "segments").
  const indexed = await vocabulary.indexedWords(typed.filter((word) => !counts.has(word)));
  // Such a word's paper count is estimated from the commonest word sharing its stem-like start, so its
  // rarity (how much it weighs in a paper's coverage) is not taken for that of a word no paper has.
  for (const word of indexed) {
    const family = await vocabulary.wordsStartingWith(word.slice(0, Math.max(4, word.length - 2)), 6);
    counts.set(word, Math.max(1, ...family.values()));
  }
  return {
    vocabulary,
    definitions,
    spellable,
    counts,
    known: (word) => counts.has(word) || indexed.has(word),
    features,
  };
}

/** The clauses of some words: what `planQuery` does for the words to rank on, and for each phrase. */
async function planWords(text: string, context: Context, plan: QueryPlan, allowCompletion: boolean) {
  const typed = queryWords(text).slice(0, maxQueryWords);
  const parsed = units(
    typed.map((entry) => entry.word),
    typed.map((entry) => entry.hyphenatedToNext),
    context,
  );
  const clauses: PlannedClause[] = [];
  for (const [index, unit] of parsed.entries()) {
    if (unit.kind === 'spelled') clauses.push(spelledClause(unit.words, unit.acronym, context.counts));
    else if (unit.kind === 'compound') {
      const clause = compoundClause(unit.words, context);
      // A compound with an unknown part is planned word by word, so a typo in it gets corrected.
      if (clause) clauses.push(clause);
      else for (const word of unit.words) await addWordClause(plan, clauses, word, false, context);
    } else
      await addWordClause(plan, clauses, unit.word, allowCompletion && index === parsed.length - 1, context);
  }
  return clauses;
}

export async function planQuery(
  text: string,
  vocabulary: Vocabulary,
  features: SearchFeatures = allFeatures,
): Promise<QueryPlan> {
  const { words, phrases, excluded } = splitOperators(text);
  const all = [words, ...phrases, ...excluded].flatMap((part) => queryWords(part).map((entry) => entry.word));
  const context = await lookups(all, vocabulary, features);
  const plan: QueryPlan = { clauses: [], phrases: [], excluded: [], ignored: [], replaced: [] };
  plan.clauses = mostDistinctive(await planWords(words, context, plan, features.completions));
  plan.phrases = phrases.map((phrase) => phraseClause(phrase));
  plan.excluded = excluded.map((phrase) => phraseClause(phrase));
  return plan;
}

/** A quoted phrase or excluded word: exactly the words typed, adjacent. */
function phraseClause(text: string): PlannedClause {
  const words = queryWords(text).map((entry) => entry.word);
  return { typed: words.join(' '), alternatives: [{ words, adjacent: true }], papers: 0 };
}

/** "large language models": all its words anywhere, or the acronym. */
function spelledClause(words: string[], acronym: string, counts: Map<string, number>): PlannedClause {
  const content = words.filter((word) => !stopwords.has(word));
  return {
    typed: words.join(' '),
    alternatives: [{ words: content.length > 0 ? content : words, adjacent: false }, single(acronym)],
    papers: Math.max(0, ...words.map((word) => counts.get(word) ?? 0)),
  };
}

/** "front-end", "roll out": the words as a phrase, or joined into one word when papers write it so. */
function compoundClause(words: string[], { counts, known }: Context): PlannedClause | null {
  const joined = words.join('');
  if (!words.every(known) && !counts.has(joined)) return null;
  const alternatives: TextAlternative[] = [{ words, adjacent: true }];
  if (counts.has(joined)) alternatives.push(single(joined));
  return { typed: words.join(' '), alternatives, papers: counts.get(joined) ?? 0 };
}

/** A word with its acronym and halves; an unknown one completed (if last) or corrected. */
async function addWordClause(
  plan: QueryPlan,
  clauses: PlannedClause[],
  word: string,
  isLast: boolean,
  { vocabulary, definitions, counts, known, features }: Context,
) {
  const alternatives: TextAlternative[] = known(word) ? [single(word)] : [];
  const acronym = features.acronyms ? expandAcronym(word) : null;
  if (acronym) alternatives.push({ words: acronym.phrase, adjacent: true });
  const spelledForms = new Set<TextAlternative>();
  for (const long of corpusExpansions(
    word,
    definitions,
    Math.max(counts.get(word) ?? 0, counts.get(singular(word)) ?? 0),
  )) {
    const alternative = { words: long.words, adjacent: true };
    if (long.spelled) spelledForms.add(alternative);
    alternatives.push(alternative);
  }
  if (features.compounds)
    for (const parts of splitCompound(word, counts)) alternatives.push({ words: parts, adjacent: true });
  if (alternatives.length === 0 && !isEnglishWord(word)) {
    const completions =
      isLast && word.length >= 3 ? await vocabulary.wordsStartingWith(word, maxCompletions) : new Map();
    const found =
      completions.size > 0
        ? completions
        : features.corrections
          ? await corrections(word, vocabulary)
          : new Map();
    for (const [candidate, papers] of found) counts.set(candidate, papers);
    const used = [...found.keys()];
    if (used.length > 0)
      plan.replaced.push({ typed: word, used, how: completions.size > 0 ? 'completed' : 'corrected' });
    alternatives.push(...used.map(single));
  }
  if (alternatives.length === 0) {
    if (isVocabularyWord(word) || /^\p{L}+$/u.test(word)) plan.ignored.push(word);
    return;
  }
  // The index stems: "large language models" and "large language model" are one alternative.
  const key = (alternative: TextAlternative) => alternative.words.map(singular).join(' ');
  const byKey = new Map<string, TextAlternative>();
  for (const alternative of alternatives)
    if (!byKey.has(key(alternative))) byKey.set(key(alternative), alternative);
  const distinct = [...byKey.values()];
  // A spelled-out guess has no more papers than its rarest word, and it never makes the clause look
  // common: its words ("back propagating errors" for BPE) may be far commoner than the acronym.
  const estimate = (alternative: TextAlternative) => {
    const each = alternative.words.map((part) => counts.get(part) ?? 0);
    return spelledForms.has(alternative) ? Math.min(...each) : Math.max(0, ...each);
  };
  const papers = Math.max(0, ...distinct.map(estimate));
  clauses.push({ typed: word, alternatives: distinct, papers });
}

/** One-edit corrections; for long words with none, two-edit ones. */
async function corrections(word: string, vocabulary: Vocabulary): Promise<Map<string, number>> {
  if (!isCorrectable(word)) return new Map();
  const once = await correctWord(word, vocabulary, 1);
  return once.size > 0 || Array.from(word).length < twoEditLength
    ? once
    : await correctWord(word, vocabulary, 2);
}

/** At most `maxClauses`, keeping the rarest, in the order typed. */
function mostDistinctive(clauses: PlannedClause[]): PlannedClause[] {
  if (clauses.length <= maxClauses) return clauses;
  const keep = new Set([...clauses].sort((a, b) => a.papers - b.papers).slice(0, maxClauses));
  return clauses.filter((clause) => keep.has(clause));
}
