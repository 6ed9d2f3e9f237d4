/**
 * The systems issue 26 measures on its independent set, over the independent corpus alone (and on the
 * acronym set, over its corpus): this search on
 * the store `open` makes, and plain FTS5 bm25 with the words ANDed, ORed, and ORed over the title, abstract,
 * authors and organisation. The set's two halves are split here once; the held-out half is for the end of
 * the search work only (see test/search/relevance-set-independent.ts).
 */

import type { Paper } from '../../../src/records/paper';
import { parseSearchQuery } from '../../../src/search/query-syntax';
import { allFeatures, type SearchFeatures } from '../../../src/search/search-features';
import { paperFilters } from '../../../src/search/search-filters';
import { createSearchService } from '../../../src/search/search-service';
import { relevanceSetAcronyms } from '../relevance-set-acronyms';
import { relevanceSetIndependent } from '../relevance-set-independent';
import { acronymCorpus, fixtureStore, independentCorpus, type OpenStore } from './fixture-corpus';
import { plainFts5, plainVariants } from './plain-fts5';
import type { Answer } from './relevance-report';

export const independentTuned = relevanceSetIndependent.filter((query) => !query.heldOut);
export const independentHeldOut = relevanceSetIndependent.filter((query) => query.heldOut);

/** The plain baselines by the names the tables print. */
export const plainNames = {
  and: 'plain FTS5 AND',
  or: 'plain FTS5 OR',
  orNames: 'plain FTS5 OR (title, abstract, authors, org)',
} as const satisfies Record<keyof typeof plainVariants, string>;

export const independentSystems = (features: SearchFeatures = allFeatures, open?: OpenStore) =>
  corpusSystems(independentCorpus(), features, open);

/** The acronym set's systems (test/search/relevance-set-acronyms.ts), over its own corpus. */
export const acronymSystems = (features: SearchFeatures = allFeatures, open?: OpenStore) =>
  corpusSystems(acronymCorpus(), features, open);

export const acronymTuned = relevanceSetAcronyms.filter((query) => !query.heldOut);
export const acronymHeldOut = relevanceSetAcronyms.filter((query) => query.heldOut);

/** This search on the store `open` makes, holding `papers`, and the three plain FTS5 baselines over them. */
async function corpusSystems(papers: Paper[], features: SearchFeatures, open?: OpenStore) {
  const store = await fixtureStore(papers, open);
  const search = createSearchService(store, features);
  const today =
    papers
      .map((paper) => paper.batchDay ?? '')
      .sort()
      .at(-1) ?? '';
  const plain = {
    and: plainFts5(papers, plainVariants.and),
    or: plainFts5(papers, plainVariants.or),
    orNames: plainFts5(papers, plainVariants.orNames),
  };
  const answer =
    (baseline: keyof typeof plain) =>
    (query: string): Answer => ({ ids: plain[baseline].ids(query), weak: false });
  return {
    papers: papers.length,
    // As the CLI and the chat command read a query: inline filters parsed out, the rest searched.
    current: async (query: string): Promise<Answer> => {
      const parsed = parseSearchQuery(query);
      if (parsed.problems.length > 0) return { ids: [], weak: true };
      const filters = paperFilters(parsed.filters, today);
      const result = await search.search({ text: parsed.text, filters, limit: 10 });
      return { ids: result.hits.map((hit) => hit.paper.id), weak: result.weak };
    },
    plain: { and: answer('and'), or: answer('or'), orNames: answer('orNames') },
    close: async () => {
      await store.close();
      for (const baseline of Object.values(plain)) baseline.close();
    },
  };
}
