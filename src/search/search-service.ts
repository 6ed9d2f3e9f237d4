/**
 * Search over every stored paper, in one pass: the store ranks the papers matching any of the query's
 * clauses by bm25 with field weights (a title match outweighs a passing mention), and says which clauses
 * each one matched; here a paper's score is scaled by how much of the query it covers, each clause weighted
 * by its rarity (so the paper with "rollout" and "survey" beats the ones with only "rollout"), and nudged by
 * a light popularity prior. Quoted phrases must match and `-word` must not. Nothing is ranked by recency.
 */
import type { SnippetPart } from '../chat/replies';
import { parsePaperReference } from '../papers/arxiv-id';
import type { Paper } from '../records/paper';
import type { PaperFilters, TextClause, TextHit, TextQuery } from '../search-query/text-query';
import type { Store } from '../store/store';
import { writesName } from './person-name';
import { writesPhrase } from './phrase-match';
import { type PlannedClause, planQuery, type QueryPlan } from './query-plan';
import { blendScore, newestDayOf, popularityPrior, priorWeight } from './ranking';
import { allFeatures, type SearchFeatures } from './search-features';
import { queryWords, words } from './search-text';

export interface SearchRequest {
  text: string;
  filters?: PaperFilters;
  limit: number;
  offset?: number;
}

export interface SearchHit {
  paper: Paper;
  /** Higher is better; never higher than the score of a hit ranked above it. */
  score: number;
  /** Share (0 to 1) of the query the paper matches, each word weighted by its rarity. */
  coverage: number;
  /** An excerpt with the matched words marked, when the query had words found in the paper's text. */
  snippet?: SnippetPart[];
}

export interface SearchResult {
  hits: SearchHit[];
  /** Words no paper contains and nothing known resembles: left out of the search. */
  ignored: string[];
  /** Words searched as near spellings or completions instead. */
  replaced: QueryPlan['replaced'];
  /**
   * Why nothing was searched: the text had no letters or digits ("🔥🔥🔥", "(((("), or only `-word`
   * exclusions. Papers passing the filters are listed instead when there are no words at all.
   */
  unsearchable?: 'no words' | 'only exclusions';
  /** No paper covers at least 60% of the query: what was found is a weak match (or nothing). */
  weak: boolean;
}

export interface SearchService {
  search(request: SearchRequest): Promise<SearchResult>;
}

/** Longest query accepted, in characters; longer ones get a clear refusal from the command. */
export const maxQueryLength = 300;
/** Papers ranked by bm25 before coverage and the prior re-order them. */
const minWindow = 60;
/** Below this coverage the best answer is a weak match. */
export const weakCoverage = 0.6;
/**
 * Index entries (papers per word) that one bm25 pass reads within the latency budget: FTS5 scores every
 * paper matching a scored word, at about a microsecond each, so the rarest words are scored up to this many
 * entries and the denser ones only count towards coverage (checked on the window alone, which is cheap).
 */
const scoredEntries = 8_000;

/** Lucene's bm25 idf, which stays positive for words in most papers (FTS5's floors at zero). */
const rarity = (papers: number, total: number) => Math.log(1 + (total - papers + 0.5) / (papers + 0.5));

const asClause = (clause: PlannedClause): TextClause => ({ alternatives: clause.alternatives });

/** For the benchmark's reference ranking: every word scored, and a window far wider than any page. */
export interface SearchTuning {
  exhaustive?: boolean;
  /** Papers ranked by bm25 before the re-ranking (default `minWindow`), for measuring recall against it. */
  window?: number;
  /** Index entries bm25 scores before denser words only count towards coverage (default `scoredEntries`). */
  entries?: number;
}
const exhaustiveWindow = 2000;
/** Papers read for a query with a quoted phrase, before those not writing it as typed are dropped. */
const phraseWindow = 300;

export function createSearchService(
  store: Store,
  features: SearchFeatures = allFeatures,
  tuning: SearchTuning = {},
): SearchService {
  async function search({ text, filters = {}, limit, offset = 0 }: SearchRequest): Promise<SearchResult> {
    const capped = text.slice(0, maxQueryLength * 4);
    const reference = Object.keys(filters).length === 0 ? parsePaperReference(capped) : null;
    if (reference) return await referenced(reference, offset);
    if (queryWords(capped).length === 0) {
      const papers = (await store.papers.listFiltered(filters, limit, offset)).filter(
        named(filters, features),
      );
      return {
        hits: papers.map((paper) => ({ paper, score: paper.upvotes, coverage: 1 })),
        ignored: [],
        replaced: [],
        weak: false,
        ...(capped.trim() ? { unsearchable: 'no words' as const } : {}),
      };
    }
    const plan = await planQuery(capped, store.papers, features);
    const result = { ignored: plan.ignored, replaced: plan.replaced };
    if (plan.clauses.length === 0 && plan.phrases.length === 0) {
      const onlyExclusions = plan.excluded.length > 0 && plan.ignored.length === 0;
      // `author:Hinton -dropout`: the filters choose the papers, the exclusions leave some out.
      if (onlyExclusions && Object.keys(filters).length > 0) {
        const excluding = plan.excluded.map(asClause);
        const papers = (await store.papers.listFiltered({ ...filters, excluding }, limit, offset)).filter(
          named(filters, features),
        );
        return {
          hits: papers.map((paper) => ({ paper, score: paper.upvotes, coverage: 1 })),
          ...result,
          weak: false,
        };
      }
      return {
        hits: [],
        ...result,
        weak: true,
        ...(onlyExclusions ? { unsearchable: 'only exclusions' as const } : {}),
      };
    }
    const total = Math.max(await store.papers.count(), 1);
    const query = textQuery(plan);
    // With one clause every paper found covers the query alike: the store's order (bm25 × prior) is the
    // final one, so a wider window would only be read and thrown away.
    const single = query.clauses.length + (query.unscored?.length ?? 0) === 1;
    const window = tuning.exhaustive
      ? exhaustiveWindow
      : single
        ? offset + limit
        : Math.max(tuning.window ?? minWindow, 3 * (offset + limit));
    // The index matches a phrase's stems; the papers writing it as typed are kept, from a wider window.
    const phrased = plan.phrases.length > 0;
    const found = (
      await store.papers.searchText(query, filters, phrased ? Math.max(window, phraseWindow) : window)
    ).filter(
      (hit) =>
        plan.phrases.every((phrase) => writesPhrase(hit.paper, phrase.alternatives[0]?.words ?? [])) &&
        (features.names || named(filters, features)(hit.paper)),
    );
    const clauses = [...query.clauses, ...(query.unscored ?? [])].map(
      (clause) =>
        plan.clauses.find((planned) => planned.alternatives === clause.alternatives) as PlannedClause,
    );
    const weights = clauses.map((clause) => rarity(clause.papers, total));
    const whole = weights.reduce((sum, weight) => sum + weight, 0) + plan.ignored.length * rarity(0, total);
    const ranked = rank(found, (hit) =>
      whole > 0 ? sumOf(hit.matched.map((i) => weights[i] ?? 0)) / whole : 1,
    );
    const page = ranked.slice(offset, offset + limit);
    const snippets = await store.papers.snippets(
      query,
      page.map((hit) => hit.paper.id),
    );
    const best = Math.max(0, ...ranked.map((hit) => hit.coverage));
    return {
      hits: page.map((hit) => withSnippet(hit, snippets.get(hit.paper.id))),
      ...result,
      weak: ranked.length === 0 || best < weakCoverage,
    };
  }

  /**
   * Document frequencies decide the plan: every word is scored by bm25 while their papers add up to
   * `scoredEntries` (so small stores rank exhaustively); past that the window is chosen by bm25 over the
   * rarest words (always at least the rarest one) and the rest only count towards coverage.
   */
  /** An arXiv id or link as the whole query: that paper, when it is stored. */
  async function referenced(id: string, offset: number): Promise<SearchResult> {
    const paper = offset === 0 ? await store.papers.get(id) : null;
    return {
      hits: paper ? [{ paper, score: 1, coverage: 1 }] : [],
      ignored: [],
      replaced: [],
      weak: paper === null,
    };
  }

  function textQuery(plan: QueryPlan): TextQuery {
    const byRarity = [...plan.clauses].sort((a, b) => a.papers - b.papers);
    let entries = 0;
    const scored = byRarity.filter((clause, index) => {
      entries += clause.papers;
      return tuning.exhaustive || index === 0 || entries <= (tuning.entries ?? scoredEntries);
    });
    return {
      clauses: plan.clauses.filter((clause) => scored.includes(clause)).map(asClause),
      unscored: plan.clauses.filter((clause) => !scored.includes(clause)).map(asClause),
      required: plan.phrases.map(asClause),
      excluded: plan.excluded.map(asClause),
      priorWeight: features.prior ? priorWeight : 0,
      ...(features.fieldWeights ? {} : { fieldWeights: false }),
    };
  }

  function rank(hits: TextHit[], coverageOf: (hit: TextHit) => number): SearchHit[] {
    const newest = newestDayOf(hits.map((hit) => hit.paper));
    const scored = hits
      .map((hit) => {
        const coverage = coverageOf(hit);
        const prior = features.prior ? popularityPrior(hit.paper, newest) : 0;
        const text = features.coverage ? hit.score * coverage ** 2 : hit.score;
        return { hit, coverage, prior, score: blendScore(text, prior) };
      })
      .sort((a, b) => b.score - a.score || b.prior - a.prior || b.hit.paper.id.localeCompare(a.hit.paper.id));
    let ceiling = Number.POSITIVE_INFINITY;
    return scored.map(({ hit, score, coverage }) => {
      ceiling = Math.min(ceiling, score);
      return { paper: hit.paper, score: ceiling, coverage };
    });
  }

  return { search };
}

/**
 * The index finds a name's words near each other among all the authors; this keeps the papers where one
 * author is that person ("Quoc Tran, Le Hou" is no "Quoc Le").
 */
const named = (filters: PaperFilters, features: SearchFeatures) => (paper: Paper) =>
  (filters.authors ?? []).every((name) =>
    features.names ? writesName(paper.authors, name) : writesAsTyped(paper.authors, name),
  );

/** The ablation's name match: one author's words include the typed words, adjacent and in order. */
const writesAsTyped = (authors: string[], name: string) => {
  const typed = ` ${words(name).join(' ')} `;
  return authors.some((author) => ` ${words(author).join(' ')} `.includes(typed));
};

const sumOf = (values: number[]) => values.reduce((sum, value) => sum + value, 0);

/** FTS5 marks each match between these two (characters no paper text holds). */
const openMark = String.fromCharCode(2);
const closeMark = String.fromCharCode(3);

function withSnippet(hit: SearchHit, marked: string | undefined): SearchHit {
  if (!marked) return hit;
  const snippet: SnippetPart[] = [];
  for (const piece of marked.split(closeMark)) {
    const [before, match] = piece.split(openMark);
    if (before) snippet.push({ text: before, match: false });
    if (match) snippet.push({ text: match, match: true });
  }
  return { ...hit, snippet };
}
