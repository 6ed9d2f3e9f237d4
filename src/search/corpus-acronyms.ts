/**
 * The acronyms the stored papers define (mined at sync time, src/search/acronym-mining.ts), as the query
 * planner uses them: a typed acronym stands for the long forms the corpus gives it, most defined first,
 * and a typed long form for its acronym. An acronym with several long forms (SAM: segment anything model,
 * sharpness aware minimization) keeps them all; the query's other words decide between them, since a
 * paper is ranked by how much of the whole query it covers.
 */
import type { AcronymDefinition } from '../search-query/text-query';

/** Long forms kept per acronym, most defined first. */
const maxLongForms = 3;
/** A long form defined by fewer papers than this share of the acronym's commonest one is left out (noise). */
const minShare = 0.1;

/** `llms` → `llm`: plural acronyms are written with a lower-case s. */
export const singular = (word: string) => (word.length > 2 && word.endsWith('s') ? word.slice(0, -1) : word);

/** The long forms the corpus defines for `word` (or its singular), as words. */
export function corpusExpansions(word: string, definitions: AcronymDefinition[]): string[][] {
  // The best few in one pass, ties in code-unit order of the long form: an acronym can have a thousand
  // long forms, and sorting them all (by a locale comparison) was most of a query's time.
  const best: Array<{ words: string[]; papers: number; key: string }> = [];
  for (const definition of definitions) {
    if (definition.acronym !== word && definition.acronym !== singular(word)) continue;
    const entry = { words: definition.words, papers: definition.papers, key: definition.words.join(' ') };
    const at = best.findIndex(
      (other) => entry.papers > other.papers || (entry.papers === other.papers && entry.key < other.key),
    );
    if (at >= 0) best.splice(at, 0, entry);
    else best.push(entry);
    if (best.length > maxLongForms) best.pop();
  }
  const most = best[0]?.papers ?? 0;
  return best.filter((entry) => entry.papers >= most * minShare).map((entry) => entry.words);
}

const sameWord = (a: string, b: string) => a === b || singular(a) === singular(b);

/** The longest long form of the corpus spelled out in `words` from `start`, with its acronym. */
export function corpusSpelledOut(
  words: string[],
  start: number,
  definitions: AcronymDefinition[],
): { acronym: string; length: number } | null {
  let best: { acronym: string; length: number; papers: number } | null = null;
  for (const definition of definitions) {
    const length = definition.words.length;
    if (length < 2 || length > words.length - start) continue;
    if (!definition.words.every((word, index) => sameWord(word, words[start + index] ?? ''))) continue;
    if (!best || length > best.length || (length === best.length && definition.papers > best.papers))
      best = { acronym: definition.acronym, length, papers: definition.papers };
  }
  return best ? { acronym: best.acronym, length: best.length } : null;
}
