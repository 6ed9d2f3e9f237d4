/**
 * Typo tolerance: which known words a mistyped word could have been. One edit (a letter added, dropped,
 * changed, or two neighbours swapped) on words of five letters or more, two on long words; shorter words
 * have too many neighbours (`loss`, `less`, `lose`) to guess safely.
 */

/** Words shorter than this are never corrected. */
export const minCorrectableLength = 5;
/** At most this many corrections stand in for one word. */
const maxCorrections = 3;

/** Optimal string alignment distance (Levenshtein plus adjacent swaps), by code point. */
export function editDistance(a: string, b: string): number {
  const x = Array.from(a);
  const y = Array.from(b);
  const rows: number[][] = Array.from({ length: x.length + 1 }, (_, i) =>
    Array.from({ length: y.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= x.length; i++) {
    for (let j = 1; j <= y.length; j++) {
      const row = rows[i] as number[];
      const above = rows[i - 1] as number[];
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      let best = Math.min((above[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (above[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1])
        best = Math.min(best, (rows[i - 2]?.[j - 2] ?? 0) + 1);
      row[j] = best;
    }
  }
  return rows[x.length]?.[y.length] ?? Number.POSITIVE_INFINITY;
}

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
