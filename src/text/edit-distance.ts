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

/**
 * The candidate a mistyped word most likely meant (`searc` → `search`, `--dat` → `date`): the nearest within
 * a third of its length (at least one edit), or undefined when none is that close or two tie.
 */
export function closestWord(word: string, candidates: readonly string[]): string | undefined {
  const typed = word.toLowerCase();
  const limit = Math.max(1, Math.floor(Array.from(typed).length / 3));
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  let tie = false;
  for (const candidate of candidates) {
    const distance = editDistance(typed, candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
      tie = false;
    } else if (distance === bestDistance && candidate !== best) tie = true;
  }
  return best !== undefined && bestDistance <= limit && !tie ? best : undefined;
}

/** ` (did you mean search?)` after an unknown word, or nothing. */
export const didYouMean = (word: string, candidates: readonly string[]): string => {
  const closest = closestWord(word, candidates);
  return closest ? ` (did you mean ${closest}?)` : '';
};
