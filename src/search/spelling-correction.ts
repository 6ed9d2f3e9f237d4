/**
 * Typo tolerance: which known words a mistyped word could have been. One edit (a letter added, dropped,
 * changed, or two neighbours swapped) on words of five letters or more, two on long words; shorter words
 * have too many neighbours (`loss`, `less`, `lose`) to guess safely.
 */

/** Words shorter than this are never corrected. */
export const minCorrectableLength = 5;
/** At most this many corrections stand in for one word. */
const maxCorrections = 3;

import { editDistance } from '../text/edit-distance';

export { editDistance };

export const isCorrectable = (word: string) =>
  Array.from(word).length >= minCorrectableLength && !/\d/.test(word);

/**
 * The likeliest intended words among `near` (candidates with their paper counts): at most `edits` away,
 * the nearest only, most common first.
 */
export function pickCorrections(word: string, near: Map<string, number>, edits = 1): string[] {
  const scored = [...near]
    .filter(([candidate]) => candidate !== word)
    .map(([candidate, papers]) => ({ candidate, papers, distance: editDistance(word, candidate) }))
    .filter((entry) => entry.distance <= edits);
  const nearest = Math.min(...scored.map((entry) => entry.distance));
  return scored
    .filter((entry) => entry.distance === nearest)
    .sort((a, b) => b.papers - a.papers || a.candidate.localeCompare(b.candidate))
    .slice(0, maxCorrections)
    .map((entry) => entry.candidate);
}
