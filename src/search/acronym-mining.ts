/**
 * Acronyms as the papers define them: "long form (SHORT)" found by Schwartz and Hearst's algorithm (A Simple
 * Algorithm for Identifying Abbreviation Definitions in Biomedical Text, 2003). The short form's letters
 * are matched right to left against the words before the parenthesis, its first letter at the start of a
 * word; the long form is at most min(|short| + 5, 2 × |short|) words. The sync job mines each stored
 * paper's title and abstract once (sqlite-search-acronyms.ts, pg-search-acronyms.ts) and the query planner
 * expands a typed acronym to the long forms the corpus gives it, and a typed long form to its acronym.
 */
import { foldText, stopwords, words } from './search-text';

export interface AcronymDefinition {
  /** Folded, letters and digits only, singular: `LLMs` → `llm`, `t-SNE` → `tsne`. */
  acronym: string;
  /** The long form's folded words: ["low", "rank", "adaptation"]. */
  words: string[];
}

/** A parenthesis holding one short form: a word (hyphens allowed) of 2–10 characters with a capital letter. */
const definitionPattern = /\(\s*([\p{L}\p{N}][\p{L}\p{N}-]{1,9})\s*[),;]/gu;
/** Where a long form cannot start before: the end of a sentence or clause. */
const boundary = /[.;:!?()[\]]/;

const isAlnum = (char: string) => /[\p{L}\p{N}]/u.test(char);

/** The short form's key: folded, letters and digits only, a trailing plural `s` dropped (`LLMs`, `GANs`). */
export function acronymKey(short: string): string | null {
  const singular = /^[\p{Lu}\p{N}-]{2,}s$/u.test(short) ? short.slice(0, -1) : short;
  const key = foldText(singular).replace(/[^\p{L}\p{N}]/gu, '');
  return key.length >= 2 && key.length <= 10 && /\p{L}/u.test(key) ? key : null;
}

/** Schwartz–Hearst: the shortest tail of `text` whose letters spell `short`, or null. */
function bestLongForm(short: string, text: string): string | null {
  const s = foldText(short);
  const l = foldText(text);
  let si = s.length - 1;
  let li = l.length - 1;
  while (si >= 0) {
    const char = s[si] ?? '';
    if (!isAlnum(char)) {
      si--;
      continue;
    }
    while (li >= 0 && (l[li] !== char || (si === 0 && li > 0 && isAlnum(l[li - 1] ?? '')))) li--;
    if (li < 0) return null;
    li--;
    si--;
  }
  const start = l.lastIndexOf(' ', li) + 1;
  return text.slice(start);
}

/**
 * The long form whose words' initials spell `short`, read right to left from the parenthesis: each letter
 * starts a word, and a filler word ("of", "for") between them may be skipped ("mixture of experts (MoE)"
 * takes its "of"). Tried before Schwartz–Hearst, whose letter-by-letter match takes the shortest tail and
 * so reads "proximal policy optimization (PPO)" as "policy optimization" (the second P inside "optimization").
 * Null when the short form has a letter no word starts with (BiLSTM, ResNet): Schwartz–Hearst reads those.
 */
function initialsLongForm(short: string, before: string[]): string[] | null {
  const letters = Array.from(foldText(short).replace(/[^\p{L}\p{N}]/gu, ''));
  let at = before.length - 1;
  for (let index = letters.length - 1; index >= 0; index--) {
    while (at >= 0 && (before[at] ?? '')[0] !== letters[index] && stopwords.has(before[at] ?? '')) at--;
    if (at < 0 || (before[at] ?? '')[0] !== letters[index]) return null;
    at--;
  }
  return before.slice(at + 1);
}

/** Every "long form (SHORT)" in `text`, each once. */
export function mineAcronyms(text: string): AcronymDefinition[] {
  const found = new Map<string, AcronymDefinition>();
  for (const match of text.matchAll(definitionPattern)) {
    const short = match[1] ?? '';
    if (!/\p{Lu}/u.test(short) || (short.match(/\p{L}/gu)?.length ?? 0) < 2) continue;
    const acronym = acronymKey(short);
    if (!acronym) continue;
    const clause = text.slice(0, match.index).slice(lastBoundary(text.slice(0, match.index)) + 1);
    const maxWords = Math.min(acronym.length + 5, acronym.length * 2);
    const candidate = clause.trim().split(/\s+/).slice(-maxWords).join(' ');
    const plural = /s$/.test(short) && foldText(short).replace(/[^\p{L}\p{N}]/gu, '') !== acronym;
    const letters = plural ? short.slice(0, -1) : short;
    const initials = initialsLongForm(letters, words(candidate));
    const long = initials ? null : bestLongForm(letters, candidate);
    if (!initials && !long) continue;
    let longWords = initials ?? words(long ?? '');
    while (longWords.length > 0 && stopwords.has(longWords[0] ?? '')) longWords = longWords.slice(1);
    if (longWords.length < 2 || longWords.length > maxWords || longWords.includes(acronym)) continue;
    found.set(`${acronym} ${longWords.join(' ')}`, { acronym, words: longWords });
  }
  return [...found.values()];
}

function lastBoundary(text: string): number {
  for (let at = text.length - 1; at >= 0; at--) {
    const char = text[at] ?? '';
    // A full stop inside a word ("e.g", "2.5") does not end the clause.
    if (boundary.test(char) && !(char === '.' && isAlnum(text[at + 1] ?? ''))) return at;
  }
  return -1;
}
