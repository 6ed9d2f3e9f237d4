/**
 * Search on PostgreSQL, with its own full-text search: the weighted `search_vector` (pg-search-schema.ts)
 * and its GIN index find the papers, `ts_rank` with the field weights ranks them, `ts_headline` cuts the
 * snippets. The contract and the plan are SQLite's (src/engines/sqlite/sqlite-text-search.ts): one ranked
 * query picks the best `limit` papers over the scored clauses (any may match), and says which clauses
 * (scored, then unscored) each of them matched.
 *
 * ts_rank has no idf (FTS5's bm25 does), so a paper's score is the sum over the ranked clauses of the
 * clause's ts_rank times its rarity over the whole table (Lucene's bm25 idf, as the service's coverage
 * uses): without it a common word in a title outranks the rare word the question is about.
 */
import type { Paper } from '../../records/paper';
import { recencyHalfLifeDays, saturatingUpvotes } from '../../search/ranking';
import type {
  AcronymDefinitions,
  PaperFilters,
  TextClause,
  TextHit,
  TextQuery,
} from '../../search-query/text-query';
import type { PaperRepository, Promised } from '../../store/store';
import { unordered } from '../sql/listed-terms';
import { type PaperRow, paperColumns, paperFromRow } from '../sql/paper-row';
import type { SqlClient } from './pg-client';
import { PgSearchAcronyms } from './pg-search-acronyms';
import { type Listed, PgSearchCommon, type Scored } from './pg-search-common';
import {
  anyQuery,
  clauseQuery,
  fieldWeights,
  filterConditions,
  orRankFactor,
  paperDay,
  SqlParams,
  searchConfig,
  uniformFieldWeights,
} from './pg-search-query';
import { PgSearchVocabulary, vocabularyChanges } from './pg-search-vocabulary';

type SearchMethods = Pick<
  PaperRepository,
  | 'searchText'
  | 'snippets'
  | 'listFiltered'
  | 'wordCounts'
  | 'indexedWords'
  | 'wordsNear'
  | 'wordsStartingWith'
  | 'acronymDefinitions'
  | 'refreshSearch'
>;

/** ts_rank's normalisation: rank / (1 + log(document length)), as bm25 favours the shorter document. */
const rankNormalization = 1;

/**
 * popularityPrior (src/search/ranking.ts) over a `papers` row, recency counted back from `newest` (a date);
 * test/store/search-prior.test.ts checks they agree.
 */
export const priorExpression = (
  newest: string,
) => `(0.6::float8 * least(1.0::float8, ln(1 + greatest(0, papers.upvotes)) / ln(${1 + saturatingUpvotes}::float8))
  + 0.4::float8 * power(0.5::float8, greatest(0, ${newest} - (${paperDay})::date)::float8 / ${recencyHalfLifeDays}))`;

/**
 * How many papers there are, for the rarities: the planner's estimate once the table is large (counting
 * every row would cost more than the search; a log of the total barely moves with a few percent off).
 */
const paperTotal = `(SELECT CASE WHEN reltuples >= 10000 THEN reltuples::bigint ELSE (SELECT count(*) FROM papers) END
  FROM pg_class WHERE oid = 'papers'::regclass)`;

/** Lucene's bm25 idf: stays positive for words in most papers. */
const rarity = (papers: number, total: number) => Math.log(1 + (total - papers + 0.5) / (papers + 0.5));

const headlineOptions = `'StartSel=' || chr(2) || ', StopSel=' || chr(3) || ', MaxWords=28, MinWords=12, ShortWord=0, MaxFragments=1, FragmentDelimiter=" … "'`;

type Ranked = PaperRow & { search_score: number; search_matched: number[] | null };

export class PgPaperSearch implements Promised<SearchMethods> {
  private readonly vocabulary: PgSearchVocabulary;
  private readonly acronyms: PgSearchAcronyms;
  private readonly common: PgSearchCommon;

  constructor(
    private readonly client: SqlClient,
    commonPapers?: number,
  ) {
    this.vocabulary = new PgSearchVocabulary(client);
    this.acronyms = new PgSearchAcronyms(client);
    this.common = new PgSearchCommon(client, commonPapers);
  }

  acronymDefinitions(words: string[], phrases: string[] = []): Promise<AcronymDefinitions> {
    return this.acronyms.definitions(words, phrases);
  }

  /** After a sync stored papers: mines their acronyms. */
  async refreshSearch(): Promise<void> {
    await this.acronyms.mineNew();
    await this.common.refresh(fieldWeights, priorExpression, paperDay);
  }

  /** Called inside the upsert's transaction with each changed paper's stored version before (null: new) and now. */
  async papersChanged(tx: SqlClient, changes: Array<{ before: Paper | null; after: Paper }>): Promise<void> {
    // The tsvectors are generated columns: only the vocabulary needs telling.
    await this.vocabulary.apply(tx, vocabularyChanges(changes));
  }

  /**
   * As SQLite's (sqlite-text-search.ts): clauses whose words have lists choose no window. The lists do when
   * every scored clause has such words (their other alternatives, an acronym say, ranked in full beside
   * them), else only the clauses with none are ranked by ts_rank, and the common ones count in `matched`:
   * ts_rank reads the vector of every paper it scores, so a common word's tens of thousands are never read.
   */
  async searchText(query: TextQuery, filters: PaperFilters, limit: number): Promise<TextHit[]> {
    const scored = query.clauses.filter((clause) => clauseQuery(clause) !== null);
    const required = query.required.filter((clause) => clauseQuery(clause) !== null);
    if (scored.length + required.length === 0 || limit <= 0) return [];
    const unscored = query.unscored ?? [];
    const allClauses = [...scored, ...unscored];
    const listed = await this.common.listed(allClauses.flatMap((c) => unordered(c).flatMap((a) => a.words)));
    const all = PgSearchCommon.rareAlternatives(allClauses, listed);
    const rareAlternatives = all.slice(0, scored.length);
    const rare = scored.filter((_, index) => rareAlternatives[index] === null);
    // All common, an unscored clause costs no more than a list's read: ranked from its list too.
    const listedUnscored = unscored.filter((_, index) => all[scored.length + index]?.length === 0);
    const newest = `(SELECT max(${paperDay})::date FROM papers)`;
    if (rare.length === 0 && scored.length > 0) {
      const clauses = [...scored, ...listedUnscored];
      const weights = await this.rarities(clauses, listed);
      // The papers of a clause's rare alternatives (an acronym's) are few: they are ranked in full, on
      // every clause, so one the lists miss for its common words still gets their part of its score.
      const extra: Scored[] = [];
      for (const alternatives of rareAlternatives)
        if (alternatives && alternatives.length > 0) {
          const found = await this.rankedByIndex(
            { ...query, clauses, required: [], excluded: [] },
            weights,
            filters,
            limit,
            [{ alternatives }],
          );
          extra.push(...found);
        }
      const fromLists = { ...query, clauses };
      const ranked = await this.common.ranked(
        fromLists,
        listed,
        weights,
        filters,
        limit,
        priorExpression(newest),
        extra,
      );
      if (ranked) return await this.listedHits(query, ranked);
    }
    const ranking = rare.length > 0 ? rare : scored;
    const weights = await this.rarities([...ranking, ...required], listed);
    const ranked = await this.rankedByIndex({ ...query, clauses: ranking }, weights, filters, limit);
    return ranked.length === 0 ? [] : await this.listedHits(query, ranked);
  }

  /**
   * The best `limit` papers by Σ weight × ts_rank over the query's clauses (each with its weight, then the
   * required ones), × the prior, among the papers matching any clause (or any of `matching`), every
   * required one and no excluded.
   */
  private async rankedByIndex(
    query: TextQuery,
    weights: number[],
    filters: PaperFilters,
    limit: number,
    matching: TextClause[] = query.clauses,
  ): Promise<Scored[]> {
    const params = new SqlParams();
    const rank = query.fieldWeights === false ? uniformFieldWeights : fieldWeights;
    const score = [...query.clauses, ...query.required]
      .map(
        (clause, index) =>
          `${weights[index] ?? 1} * ${orRankFactor(clause, params)} * ts_rank(${rank}, papers.search_vector, ${params.tsquery(clauseQuery(clause) ?? '')}, ${rankNormalization})`,
      )
      .join(' + ');
    const any = anyQuery(matching);
    const conditions = [
      ...(any !== null ? [`papers.search_vector @@ ${params.tsquery(any)}`] : []),
      ...query.required.map(
        (clause) => `papers.search_vector @@ ${params.tsquery(clauseQuery(clause) ?? '')}`,
      ),
      ...(anyQuery(query.excluded) !== null
        ? [`NOT papers.search_vector @@ ${params.tsquery(anyQuery(query.excluded) ?? '')}`]
        : []),
      ...filterConditions(filters, params),
    ];
    const priorWeight = query.priorWeight ?? 0;
    const prior = priorWeight > 0 ? priorExpression(`(SELECT max(${paperDay})::date FROM papers)`) : '0';
    const { rows } = await this.client.query<Scored>(
      `SELECT rowid, score FROM (
         SELECT papers.rowid, ${score} AS score, ${prior} AS prior FROM papers
         WHERE ${conditions.join(' AND ')}
       ) AS candidates
       ORDER BY score * (1 + ${params.add(priorWeight)} * prior) DESC, rowid LIMIT ${params.add(limit)}`,
      params.values,
    );
    return rows.map((row) => ({ rowid: String(row.rowid), score: Number(row.score) }));
  }

  /** The papers the common-word lists chose, in their order, with the clauses each matched. */
  private async listedHits(
    query: TextQuery,
    listed: Array<{ rowid: string; score: number }>,
  ): Promise<TextHit[]> {
    const params = new SqlParams();
    const matched = matchedExpression(query, params);
    const { rows } = await this.client.query<Ranked>(
      `SELECT ${paperColumns()}, listed.score AS search_score, ${matched} AS search_matched
       FROM unnest(${params.add(listed.map((row) => row.rowid))}::bigint[], ${params.add(listed.map((row) => row.score))}::float8[])
         WITH ORDINALITY AS listed (rowid, score, place)
       JOIN papers ON papers.rowid = listed.rowid ORDER BY listed.place`,
      params.values,
    );
    return rows.map(hitOf);
  }

  /**
   * Each clause's rarity over the whole table (one statement; not needed when one clause is ranked alone):
   * a clause with a listed word counts as its commonest one, from the lists' precomputed paper counts; the
   * others are counted, and their papers are few (a rare clause) or bounded by the service's budget.
   */
  private async rarities(clauses: TextClause[], listed: Listed): Promise<number[]> {
    if (clauses.length < 2) return clauses.map(() => 1);
    const known = clauses.map((clause) => {
      const counts = unordered(clause).flatMap((alt) =>
        alt.words.map((word) => listed.get(word)?.papers ?? 0),
      );
      return counts.some((count) => count > 0) ? Math.max(...counts) : null;
    });
    const params = new SqlParams();
    const counting = clauses.map((clause, index) =>
      known[index] !== null
        ? `${known[index]} AS c${index}`
        : `(SELECT count(*) FROM papers WHERE search_vector @@ ${params.tsquery(clauseQuery(clause) ?? '')}) AS c${index}`,
    );
    const { rows } = await this.client.query<Record<string, unknown>>(
      `SELECT ${paperTotal} AS total, ${counting.join(', ')}`,
      params.values,
    );
    const row = rows[0] ?? {};
    const counts = clauses.map((_, index) => Number(row[`c${index}`] ?? 0));
    // An estimate that lags the table may be below a count: never rank a word as rarer than none.
    const total = Math.max(Number(row.total ?? 0), ...counts);
    return counts.map((papers) => rarity(papers, total));
  }

  async snippets(query: TextQuery, paperIds: string[]): Promise<Map<string, string>> {
    const marked = anyQuery([...query.clauses, ...(query.unscored ?? []), ...query.required]);
    if (marked === null || paperIds.length === 0) return new Map();
    const params = new SqlParams();
    const tsquery = params.tsquery(marked);
    const { rows } = await this.client.query<{
      id: string;
      abstract: string;
      summary: string | null;
      headline_abstract: string;
      headline_summary: string | null;
    }>(
      `SELECT id, abstract, ai_summary AS summary,
         ts_headline(${searchConfig}, abstract, q, ${headlineOptions}) AS headline_abstract,
         ts_headline(${searchConfig}, ai_summary, q, ${headlineOptions}) AS headline_summary
       FROM papers, ${tsquery} AS q
       WHERE id = ANY(${params.add(paperIds)}::text[]) AND search_vector @@ q`,
      params.values,
    );
    const result = new Map<string, string>();
    for (const row of rows) {
      const best = [
        { headline: row.headline_summary, text: row.summary },
        { headline: row.headline_abstract, text: row.abstract },
      ].find(({ headline }) => headline?.includes('\u0002'));
      if (best?.headline && best.text) result.set(row.id, withEllipses(best.headline, best.text));
    }
    return result;
  }

  async listFiltered(filters: PaperFilters, limit: number, offset: number): Promise<Paper[]> {
    const params = new SqlParams();
    const conditions = filterConditions(filters, params);
    const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
    const { rows } = await this.client.query<PaperRow>(
      `SELECT ${paperColumns()} FROM papers ${where}
       ORDER BY papers.upvotes DESC, papers.id COLLATE "C" LIMIT ${params.add(limit)} OFFSET ${params.add(offset)}`,
      params.values,
    );
    return rows.map(paperFromRow);
  }

  wordCounts(words: string[]): Promise<Map<string, number>> {
    return this.vocabulary.wordCounts(words);
  }

  async indexedWords(words: string[]): Promise<Set<string>> {
    const distinct = [...new Set(words)].filter((word) => clauseQuery(single(word)) !== null);
    if (distinct.length === 0) return new Set();
    const { rows } = await this.client.query<{ word: string }>(
      `SELECT word FROM unnest($1::text[], $2::text[]) AS typed (word, query)
       WHERE EXISTS (SELECT 1 FROM papers WHERE search_vector @@ to_tsquery(${searchConfig}, typed.query))`,
      [distinct, distinct.map((word) => clauseQuery(single(word)))],
    );
    return new Set(rows.map((row) => row.word));
  }

  wordsNear(word: string, edits: 1 | 2 = 1): Promise<Map<string, number>> {
    return this.vocabulary.wordsNear(word, edits);
  }

  wordsStartingWith(prefix: string, limit: number): Promise<Map<string, number>> {
    return this.vocabulary.wordsStartingWith(prefix, limit);
  }
}

const hitOf = (row: Ranked): TextHit => ({
  paper: paperFromRow(row),
  score: Number(row.search_score),
  matched: (row.search_matched ?? []).map(Number),
});

/** The indexes of the clauses (scored, then unscored) a `papers` row matches, as an int[] expression. */
function matchedExpression(query: TextQuery, params: SqlParams): string {
  const matched = [...query.clauses, ...(query.unscored ?? [])]
    .map((clause, index) => {
      const text = clauseQuery(clause);
      return text === null
        ? null
        : `CASE WHEN papers.search_vector @@ ${params.tsquery(text)} THEN ${index} END`;
    })
    .filter((part): part is string => part !== null);
  return matched.length > 0 ? `array_remove(ARRAY[${matched.join(', ')}], NULL)` : `'{}'::int[]`;
}

const single = (word: string): TextClause => ({ alternatives: [{ words: [word], adjacent: false }] });

/**
 * An excerpt as FTS5's snippet() shapes it: `…` where it cuts words off the text, and the text's own
 * punctuation where only that is left (ts_headline ends at the last word, before the closing full stop).
 */
function withEllipses(headline: string, text: string): string {
  const plain = headline.replaceAll('\u0002', '').replaceAll('\u0003', '');
  const at = text.indexOf(plain);
  if (at < 0) return `…${headline}…`;
  const hasWords = (part: string) => /[\p{L}\p{N}]/u.test(part);
  const before = text.slice(0, at);
  const after = text.slice(at + plain.length);
  return `${hasWords(before) ? '…' : before.trimStart()}${headline}${hasWords(after) ? '…' : after.trimEnd()}`;
}
