/**
 * Other ways a paper may write a typed word: a compound split in two (`frontend` → "front end", which
 * also matches "front-end"), and near spellings of a typo. Acronyms have their own module; this one needs
 * the vocabulary.
 */
import type { PaperRepository, Promised } from '../store/store';
import { isVocabularyWord } from './search-text';
import { isCorrectable, pickCorrections } from './spelling-correction';
import { expandAcronym } from './synonyms';

/** Both halves of a split compound have at least this many letters (`multi|modal`, `pre|training`). */
const minPartLength = 3;

/** What query understanding asks of the store's word index: counts, stemmed matches, near and starting words. */
export type Vocabulary = Pick<
  Promised<PaperRepository>,
  'wordCounts' | 'indexedWords' | 'wordsNear' | 'wordsStartingWith' | 'acronymDefinitions'
>;

function splits(word: string): Array<[string, string]> {
  if (!/^\p{L}+$/u.test(word) || word.length < minPartLength * 2) return [];
  const result: Array<[string, string]> = [];
  for (let cut = minPartLength; cut <= word.length - minPartLength; cut++)
    result.push([word.slice(0, cut), word.slice(cut)]);
  return result;
}

/** Every word whose paper count the planner needs: the typed words, acronym expansions, halves. */
export function wordsToLookUp(typed: string[]): string[] {
  const wanted = new Set<string>();
  for (const word of typed) {
    wanted.add(word);
    for (const expanded of expandAcronym(word)?.phrase ?? []) wanted.add(expanded);
    for (const [head, tail] of splits(word)) wanted.add(head).add(tail);
  }
  return [...wanted].filter(isVocabularyWord);
}

/** The most plausible split of `word` into two known words, as a phrase: `pretraining` → [pre, training]. */
export function splitCompound(word: string, counts: Map<string, number>): string[][] {
  let best: { parts: [string, string]; papers: number } | null = null;
  for (const [head, tail] of splits(word)) {
    const papers = Math.min(counts.get(head) ?? 0, counts.get(tail) ?? 0);
    if (papers > 0 && (!best || papers > best.papers)) best = { parts: [head, tail], papers };
  }
  return best ? [best.parts] : [];
}

/** Known words at most `edits` from `word`, nearest then commonest first, with their paper counts. */
export async function correctWord(
  word: string,
  vocabulary: Vocabulary,
  edits: 1 | 2 = 1,
): Promise<Map<string, number>> {
  if (!isCorrectable(word)) return new Map();
  const near = await vocabulary.wordsNear(word, edits);
  return new Map(
    pickCorrections(word, near, edits).map((candidate) => [candidate, near.get(candidate) ?? 0]),
  );
}
