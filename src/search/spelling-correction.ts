/**
 * Typo tolerance: which known words a mistyped word could have been. One edit (a letter added, dropped,
 * changed, or two neighbours swapped) on words of five letters or more; shorter words have too many
 * neighbours (`loss`, `less`, `lose`) to guess safely.
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
 * The likeliest intended words among `near` (candidates with their paper counts): one edit away, at least
 * `minPapers` papers each, most common first.
 */
export function pickCorrections(word: string, near: Map<string, number>, minPapers = 1): string[] {
  return [...near]
    .filter(
      ([candidate, papers]) =>
        papers >= minPapers && candidate !== word && editDistance(word, candidate) === 1,
    )
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
    .slice(0, maxCorrections)
    .map(([candidate]) => candidate);
}
