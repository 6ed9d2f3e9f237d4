/**
 * The per-category relevance table of issue 13: the old search (its answers recorded at commit 311a06a
 * on the same corpus and queries, since its index no longer exists), the new search, and plain FTS5, in
 * one run. Off-topic queries score 1 when answered with nothing or with a match flagged weak.
 */
import { readFileSync } from 'node:fs';
import { allFeatures, type SearchFeatures } from '../../../src/search/search-features';
import { createSearchService } from '../../../src/search/search-service';
import { heldOutSet, type LabelledQuery, offTopicQueries, relevanceSet } from '../relevance-set';
import { type Category, categories, type LabelledQueryV3, relevanceSetV3 } from '../relevance-set-v3';
import { fixturePapers, fixtureStore, largerCorpus, type OpenStore } from './fixture-corpus';
import { plainFts5, plainVariants } from './plain-fts5';

export interface Answer {
  ids: string[];
  /** The system itself says the answer is a weak match. */
  weak: boolean;
}

export type System = (query: string) => Answer | Promise<Answer>;

/** What scoring needs of a labelled query, whichever set it comes from. */
export interface Labelled<C extends string = string> {
  category: C;
  query: string;
  relevant: string[];
}

export interface Scores {
  queries: number;
  hitsAt1: number;
  hitsAt3: number;
  hitsAt10: number;
  mrrAt10: number;
}

async function score(queries: Labelled[], system: System): Promise<Scores> {
  let at1 = 0;
  let at3 = 0;
  let at10 = 0;
  let reciprocal = 0;
  for (const query of queries) {
    const answer = await system(query.query);
    if (query.category === 'offtopic') {
      const clean = answer.ids.length === 0 || answer.weak ? 1 : 0;
      at1 += clean;
      at3 += clean;
      at10 += clean;
      reciprocal += clean;
      continue;
    }
    const index = answer.ids.slice(0, 10).findIndex((id) => query.relevant.includes(id));
    if (index < 0) continue;
    at1 += index < 1 ? 1 : 0;
    at3 += index < 3 ? 1 : 0;
    at10 += 1;
    reciprocal += 1 / (index + 1);
  }
  const n = Math.max(1, queries.length);
  return {
    queries: queries.length,
    hitsAt1: at1 / n,
    hitsAt3: at3 / n,
    hitsAt10: at10 / n,
    mrrAt10: reciprocal / n,
  };
}

export type Row<C extends string = Category> = { category: C | 'all'; scores: Scores };

/** One row per category of `among` (in that order), then one over all the queries. */
export async function scoreEachCategory<C extends string>(
  queries: Array<Labelled<C>>,
  among: readonly C[],
  system: System,
): Promise<Array<Row<C>>> {
  const rows: Array<Row<C>> = [];
  for (const category of among) {
    rows.push({
      category,
      scores: await score(
        queries.filter((query) => query.category === category),
        system,
      ),
    });
  }
  rows.push({ category: 'all' as const, scores: await score(queries, system) });
  return rows;
}

export const scoreByCategory = (queries: LabelledQueryV3[], system: System): Promise<Row[]> =>
  scoreEachCategory(queries, categories, system);

const oldRanks = () =>
  (
    JSON.parse(
      readFileSync(new URL('../../fixtures/relevance-old-search-ranks.json', import.meta.url), 'utf8'),
    ) as { v3: Record<string, string[]> }
  ).v3;

/** The three systems over the larger corpus (this search on the store `open` makes); `close` when done. */
export async function systems(features: SearchFeatures = allFeatures, open?: OpenStore) {
  const papers = largerCorpus();
  const store = await fixtureStore(papers, open);
  const search = createSearchService(store, features);
  const plain = plainFts5(papers);
  const variants = {
    and: plainFts5(papers, plainVariants.and),
    or: plainFts5(papers, plainVariants.or),
    orNames: plainFts5(papers, plainVariants.orNames),
  };
  const variant =
    (name: keyof typeof variants) =>
    (query: string): Answer => ({ ids: variants[name].ids(query), weak: false });
  const recorded = oldRanks();
  return {
    current: async (query: string): Promise<Answer> => {
      const result = await search.search({ text: query, limit: 10 });
      return { ids: result.hits.map((hit) => hit.paper.id), weak: result.weak };
    },
    plain: (query: string): Answer => ({ ids: plain.ids(query), weak: false }),
    /** Plain FTS5 with the words ANDed, ORed, and ORed over the title, abstract and names (issue 26). */
    plainVariants: { and: variant('and'), or: variant('or'), orNames: variant('orNames') },
    old: (query: string): Answer => {
      const ids = recorded[query];
      if (!ids) throw new Error(`no recorded answer of the old search for "${query}": re-record it`);
      return { ids, weak: false };
    },
    close: async () => {
      await store.close();
      plain.close();
      for (const each of Object.values(variants)) each.close();
    },
  };
}

export const heldOut = relevanceSetV3.filter((query) => query.heldOut);
export const tuned = relevanceSetV3.filter((query) => !query.heldOut);

const pct = (value: number) => value.toFixed(2);

const metricNames = {
  hitsAt1: 'h@1',
  hitsAt3: 'h@3',
  hitsAt10: 'h@10',
  hits: 'hits',
  mrrAt10: 'MRR@10',
} as const;
/** `hits`: the count of queries with a relevant paper in the top 10 (`hitsAt10` as a share). */
export type Metric = keyof typeof metricNames;

const cell = (s: Scores, metric: Metric) => {
  if (metric === 'hits') return `${Math.round(s.hitsAt10 * s.queries)}/${s.queries}`;
  return metric === 'mrrAt10' ? `**${pct(s[metric])}**` : pct(s[metric]);
};

/** A markdown table: one row per category, the `metrics` (hits@1/3/10 and MRR@10 unless told) for each system. */
export function formatTable(
  columns: Array<{ name: string; rows: Array<Row<string>> }>,
  metrics: readonly Metric[] = ['hitsAt1', 'hitsAt3', 'hitsAt10', 'mrrAt10'],
): string {
  const names = metrics.map((metric) => metricNames[metric]).join(' / ');
  const header = `| category | n | ${columns.map((c) => `${c.name} ${names}`).join(' | ')} |`;
  const divider = `|---|---|${columns.map(() => '---').join('|')}|`;
  const lines = (columns[0]?.rows ?? []).map((row, index) => {
    const cells = columns.map((column) => {
      const s = column.rows[index]?.scores;
      if (!s) return '';
      return metrics.map((metric) => cell(s, metric)).join(' / ');
    });
    return `| ${row.category} | ${row.scores.queries} | ${cells.join(' | ')} |`;
  });
  return [header, divider, ...lines].join('\n');
}

/** The sets search v2 was measured on (real fixtures only): MRR@10 of the main and held-out sets, clean off-topic share. */
export async function existingSets(features: SearchFeatures = allFeatures, open?: OpenStore) {
  const papers = fixturePapers();
  const store = await fixtureStore(papers, open);
  const search = createSearchService(store, features);
  const plain = plainFts5(papers);
  const plainOr = plainFts5(papers, plainVariants.or);
  const plainOrNames = plainFts5(papers, plainVariants.orNames);
  const recorded = (
    JSON.parse(
      readFileSync(new URL('../../fixtures/relevance-old-search-ranks.json', import.meta.url), 'utf8'),
    ) as { v2: Record<string, string[]> }
  ).v2;
  const answer = {
    old: (query: string): Answer => ({ ids: recorded[query] ?? [], weak: false }),
    new: async (query: string): Promise<Answer> => {
      const result = await search.search({ text: query, limit: 10 });
      return { ids: result.hits.map((hit) => hit.paper.id), weak: result.weak };
    },
    plain: (query: string): Answer => ({ ids: plain.ids(query), weak: false }),
    plainOr: (query: string): Answer => ({ ids: plainOr.ids(query), weak: false }),
    plainOrNames: (query: string): Answer => ({ ids: plainOrNames.ids(query), weak: false }),
  };
  const mrr = async (queries: LabelledQuery[], system: System) => {
    let sum = 0;
    let hits = 0;
    for (const query of queries) {
      const index = (await system(query.query)).ids
        .slice(0, 10)
        .findIndex((id) => query.relevant.includes(id));
      sum += index >= 0 ? 1 / (index + 1) : 0;
      hits += index >= 0 ? 1 : 0;
    }
    return { mrr: sum / queries.length, hits };
  };
  const clean = async (system: System) => {
    let clean = 0;
    for (const query of offTopicQueries) {
      const result = await system(query);
      if (result.ids.length === 0 || result.weak) clean++;
    }
    return clean / offTopicQueries.length;
  };
  const rows = [];
  for (const name of ['old', 'new', 'plain', 'plainOr', 'plainOrNames'] as const) {
    const main = await mrr(relevanceSet, answer[name]);
    const held = await mrr(heldOutSet, answer[name]);
    rows.push({
      name,
      main: main.mrr,
      mainHits: main.hits,
      heldOut: held.mrr,
      heldOutHits: held.hits,
      offTopic: await clean(answer[name]),
    });
  }
  await store.close();
  for (const each of [plain, plainOr, plainOrNames]) each.close();
  return rows;
}
