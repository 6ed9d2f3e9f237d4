/**
 * What both stores' spelling vocabularies are made of, so SQLite and PostgreSQL correct alike: which words
 * a paper adds, and the one-deletion variants that make near words a few index lookups (the reasoning is in
 * src/engines/sqlite/sqlite-search-vocabulary.ts).
 */
import type { Paper } from '../records/paper';
import { vocabularyWords } from '../search/search-text';

/** Words of 5+ letters get deletion variants: shorter words have too many neighbours to correct safely. */
export const minVariantLength = 5;

/** A paper's words for the spelling vocabulary: every field the index searches. */
export const paperWords = (paper: Paper) =>
  vocabularyWords([
    paper.title,
    paper.aiKeywords.join(' '),
    paper.aiSummary,
    paper.abstract,
    paper.authors.join(' '),
    paper.organization?.name,
    paper.organization?.fullname,
  ]);

/** `word` with one letter left out, every way (by code point, as SQLite's `substr` counts). */
export function deletions(word: string): string[] {
  const letters = Array.from(word);
  return [
    ...new Set(letters.map((_, index) => [...letters.slice(0, index), ...letters.slice(index + 1)].join(''))),
  ];
}

/** `word` with one letter added, every way, from the letters of English and of the word itself. */
function insertions(word: string): string[] {
  const letters = Array.from(word);
  const alphabet = new Set([...'abcdefghijklmnopqrstuvwxyz', ...letters]);
  const result: string[] = [];
  for (let index = 0; index <= letters.length; index++)
    for (const letter of alphabet)
      result.push([...letters.slice(0, index), letter, ...letters.slice(index)].join(''));
  return result;
}

/**
 * The typed word's side of a near-word lookup: its deletions, and for two edits also their deletions and
 * the word with a letter inserted. A stored word is near when it is one of these, or shares a stored variant
 * with the typed word or one of these.
 */
export function typedVariants(word: string, edits: 1 | 2): string[] {
  const once = deletions(word);
  return edits === 1 ? once : [...new Set([...once, ...once.flatMap(deletions), ...insertions(word)])];
}
