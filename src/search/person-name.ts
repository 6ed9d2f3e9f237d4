/**
 * Names as people write them, for the `author:` filter on both engines: "Yann LeCun", "Y. LeCun",
 * "LeCun", "Quoc Le" for "Quoc V. Le", accents folded ("Müller" is "muller", as the index folds it) and
 * hyphenated surnames ("Lopez-Paz"). A name of one word is that word anywhere among the authors; a longer
 * one is its first word (or that word's initial, or any first name starting with a typed initial) within a
 * few words before its last one, middle names and initials in between skipped.
 */
import { words } from './search-text';

/** Words (middle names, initials) a paper may write between a first name and a surname. */
export const maxNameGap = 2;

export interface NamePattern {
  /** The words the first name may be written as; `prefix`: any word starting with it (a typed initial). */
  first: Array<{ word: string; prefix: boolean }>;
  /** The surname's words, adjacent (a hyphenated surname is two). */
  surname: string[];
}

/** The pattern of a typed name; null for one word, which is matched as it is. */
export function namePattern(name: string): NamePattern | null {
  const parts = words(name);
  const head = parts[0];
  if (parts.length < 2 || head === undefined) return null;
  // "Lopez-Paz" typed as "David Lopez-Paz": the hyphenated tail is the surname.
  const hyphenated = /[\p{L}\p{N}]+(?:[-‐‑][\p{L}\p{N}]+)+\s*$/u.exec(name.trim());
  const tail = hyphenated ? words(hyphenated[0]) : parts.slice(-1);
  const surname = tail.length < parts.length ? tail : parts.slice(-1);
  const first =
    head.length === 1
      ? [{ word: head, prefix: true }]
      : [
          { word: head, prefix: false },
          { word: head.slice(0, 1), prefix: false },
        ];
  return { first, surname };
}

/** Whether one of `authors` is the typed name (the index's match, checked author by author). */
export function writesName(authors: string[], name: string): boolean {
  const pattern = namePattern(name);
  const typed = words(name);
  return authors.some((author) => {
    const parts = words(author);
    if (!pattern) return typed.every((word) => parts.includes(word));
    const { first, surname } = pattern;
    for (let at = 0; at + surname.length <= parts.length; at++) {
      if (!surname.every((word, offset) => parts[at + offset] === word)) continue;
      // Before the surname, or after it ("LeCun, Yann"), with at most `maxNameGap` words between.
      const end = at + surname.length;
      const near = [
        ...parts.slice(Math.max(0, at - 1 - maxNameGap), at),
        ...parts.slice(end, end + 1 + maxNameGap),
      ];
      if (
        near.some((word) => first.some((alt) => (alt.prefix ? word.startsWith(alt.word) : word === alt.word)))
      )
        return true;
    }
    return false;
  });
}
