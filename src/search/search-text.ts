/**
 * How search reads text: the same normalisation for queries, the vocabulary and snippets, so a word typed
 * in a query and the word in a paper compare equal. Only letters and digits survive, which is also why no
 * user text can ever reach the index as query syntax.
 */

/** Longest word kept; longer runs of letters are not words anyone searches for. */
export const maxWordLength = 40;

const wordPattern = /[\p{L}\p{N}]+/gu;
/** A word and the words hyphenated to it: `in-context`, `front-end`, `vision‑language`. */
const compoundPattern = /[\p{L}\p{N}]+(?:[-‐‑–][\p{L}\p{N}]+)*/gu;

/** Lower case, compatibility forms unified (ﬁ → fi, full-width → ASCII), Latin accents dropped. */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFKC')
    .toLowerCase();
}

/** The words of `text`, folded, in order. */
export function words(text: string): string[] {
  return (foldText(text).match(wordPattern) ?? []).filter((word) => word.length <= maxWordLength);
}

/** One word of a query, remembering whether it was hyphenated to the next one. */
export interface QueryWord {
  word: string;
  hyphenatedToNext: boolean;
}

export function queryWords(text: string): QueryWord[] {
  const result: QueryWord[] = [];
  for (const compound of foldText(text).match(compoundPattern) ?? []) {
    const parts = compound.match(wordPattern) ?? [];
    parts.forEach((word, index) => {
      if (word.length <= maxWordLength) result.push({ word, hyphenatedToNext: index < parts.length - 1 });
    });
  }
  return result;
}

/** Whether a word may go in the spelling vocabulary: long enough to matter, and not a bare number. */
export const isVocabularyWord = (word: string) =>
  word.length >= 3 && word.length <= 32 && !/^\d+$/.test(word);

/** The distinct vocabulary words of some texts (one paper's fields). */
export function vocabularyWords(texts: Array<string | null | undefined>): Set<string> {
  const found = new Set<string>();
  for (const text of texts)
    if (text) for (const word of words(text)) if (isVocabularyWord(word)) found.add(word);
  return found;
}

const stopwordList =
  'a about above after again against all am an and any are as at be because been before being below between both but by ' +
  'can could did do does doing down during each few for from further had has have having he her here hers him his how i ' +
  'if in into is it its itself just me more most my no nor not of off on once only or other our ours out over own same ' +
  'she should so some such than that the their theirs them then there these they this those through to too under until ' +
  'up very was we were what when where which while who whom why will with would you your via towards toward using use';

/** Words too common to narrow a search; dropped unless a query has nothing else. */
export const stopwords: ReadonlySet<string> = new Set(stopwordList.split(' '));
