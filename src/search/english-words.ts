/**
 * Whether a word is English, from the an-array-of-english-words list (~275,000 words): a word no paper
 * contains but that is English ("teach") was meant as typed, so it is never "corrected" into a word papers
 * do contain ("each", "reach"). Loaded on first use: start-up and searches that need no correction skip it.
 */
import { createRequire } from 'node:module';

let english: ReadonlySet<string> | null = null;

export function isEnglishWord(word: string): boolean {
  english ??= new Set(createRequire(import.meta.url)('an-array-of-english-words') as string[]);
  return english.has(word);
}
