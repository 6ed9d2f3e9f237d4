import type { Paper } from '../papers/paper';
import type { PaperFilters, Store } from '../store/store';

export interface SearchRequest {
  text: string;
  filters?: PaperFilters;
  limit: number;
  offset?: number;
}

export interface SearchHit {
  paper: Paper;
  /** Higher is better. */
  score: number;
}

export interface SearchService {
  search(request: SearchRequest): SearchHit[];
}

/** Longest query accepted, in characters; longer ones get a clear refusal from the command. */
export const maxQueryLength = 300;

/** The words of a query: letters and digits only, so no user text is ever read as FTS syntax. */
export const queryTerms = (text: string) =>
  (
    text
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  ).slice(0, 32);

/** `"graph" "neural" "net"*`: every term quoted, the last one also as a prefix (the user may still be typing). */
export function ftsExpression(terms: string[], join: 'AND' | 'OR'): string {
  const quoted = terms.map((term, index) => {
    const phrase = `"${term}"`;
    return index === terms.length - 1 && term.length >= 2 ? `(${phrase} OR ${phrase}*)` : phrase;
  });
  return quoted.join(` ${join} `);
}

export function createSearchService(store: Store): SearchService {
  return {
    search({ text, filters = {}, limit, offset = 0 }) {
      const terms = queryTerms(text);
      if (terms.length === 0) {
        return store.papers
          .listFiltered(filters, limit, offset)
          .map((paper) => ({ paper, score: paper.upvotes }));
      }
      const wanted = limit + offset;
      let hits = store.papers.searchFts(ftsExpression(terms, 'AND'), filters, wanted);
      if (hits.length < wanted && terms.length > 1) {
        // Fewer than asked: widen to any of the words, after the papers that have them all.
        const seen = new Set(hits.map((hit) => hit.paper.id));
        const wider = store.papers
          .searchFts(ftsExpression(terms, 'OR'), filters, wanted)
          .filter((hit) => !seen.has(hit.paper.id));
        hits = [...hits, ...wider];
      }
      return hits.slice(offset, offset + limit).map((hit) => ({ paper: hit.paper, score: -hit.rank }));
    },
  };
}
