/**
 * Reads papers for the team model once and remembers them: each paper's features as integer ids into one
 * shared feature index (typed arrays, a few kilobytes a paper), so training again after a flag sweeps
 * numbers instead of looking strings up. Scoring a candidate reads its features as strings (a few dozen
 * candidates at a time), kept in a smaller cache.
 */
import type { Paper } from '../records/paper';
import { paperTerms, type TermCounts } from './paper-features';

export interface CompiledTerms {
  ids: Int32Array;
  counts: Float64Array;
}

export interface PaperReader {
  /** Called before a training reads its papers: feature ids stay valid until the next call. */
  forgetIfFull(): void;
  /** Features by id (for training). */
  compiled(paper: Paper): CompiledTerms;
  /** Features by name (for scoring and explaining). */
  terms(paper: Paper): TermCounts;
  /** Feature id → name. */
  featureName(id: number): string;
  featureCount(): number;
  /** A readable word for each stem seen. */
  readonly labels: Map<string, string>;
}

/** Papers remembered: a channel trains on at most a few thousand, and several channels share the reader. */
const maxCompiled = 30_000;
const maxTerms = 3_000;
/** Distinct features before the index starts afresh (years of papers; a training then reads them again). */
const maxFeatures = 2_000_000;

function remember<T>(cache: Map<string, T>, key: string, value: T, capacity: number): T {
  if (cache.size >= capacity) cache.delete(cache.keys().next().value as string);
  cache.set(key, value);
  return value;
}

export function createPaperReader(): PaperReader {
  const ids = new Map<string, number>();
  const names: string[] = [];
  const labels = new Map<string, string>();
  const compiledCache = new Map<string, CompiledTerms>();
  const termsCache = new Map<string, TermCounts>();

  const idOf = (feature: string) => {
    let id = ids.get(feature);
    if (id === undefined) {
      id = names.length;
      ids.set(feature, id);
      names.push(feature);
    }
    return id;
  };

  function terms(paper: Paper): TermCounts {
    return termsCache.get(paper.id) ?? remember(termsCache, paper.id, paperTerms(paper, labels), maxTerms);
  }

  function compiled(paper: Paper): CompiledTerms {
    const known = compiledCache.get(paper.id);
    if (known) return known;
    const read = termsCache.get(paper.id) ?? paperTerms(paper, labels);
    const result = { ids: new Int32Array(read.size), counts: new Float64Array(read.size) };
    let k = 0;
    for (const [feature, count] of read) {
      result.ids[k] = idOf(feature);
      result.counts[k++] = count;
    }
    return remember(compiledCache, paper.id, result, maxCompiled);
  }

  return {
    forgetIfFull() {
      if (names.length <= maxFeatures) return;
      ids.clear();
      names.length = 0;
      compiledCache.clear();
    },
    compiled,
    terms,
    featureName: (id) => names[id] ?? '',
    featureCount: () => names.length,
    labels,
  };
}
