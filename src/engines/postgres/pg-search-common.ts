/**
 * Common-word lists on PostgreSQL, as SQLite keeps them (src/engines/sqlite/sqlite-search-common.ts says
 * why): for each lexeme in at least `commonPapers` papers, its `listLength` best papers by ts_rank with the
 * field weights × the popularity prior, materialised with their scores and the lexeme's paper count (its
 * precomputed idf). ts_rank has to read the tsvector of every matching paper, so a query of common words
 * ranks tens of thousands of rows; from the lists it sums a few hundred. The sync job's refresh rebuilds
 * the lists whose lexeme's count moved by more than `slack` or whose newest day is a week old; a search
 * only reads them, and falls back to the full ranking whenever the lists cannot vouch for the answer.
 */
import { priorWeight } from '../../search/ranking';
import { stopwords } from '../../search/search-text';
import type { PaperFilters, TextAlternative, TextClause, TextQuery } from '../../search-query/text-query';
import { listedTerms, unordered } from '../sql/listed-terms';
import type { SqlClient } from './pg-client';
import { filterConditions, SqlParams, searchConfig } from './pg-search-query';

export const commonPapers = 1000;
const listLength = 1000;
/** Papers read per lexeme without filters or several words: more than any window the service asks. */
const unfilteredDepth = 200;
const slack = 0.1;
const maxAgeDays = 7;

export const commonSchema = `
  CREATE TABLE search_common_stems (
    lexeme text COLLATE "C" PRIMARY KEY,
    papers integer NOT NULL,
    newest_day date NOT NULL
  );
  CREATE TABLE search_common (
    lexeme text COLLATE "C" NOT NULL,
    place integer NOT NULL,
    rowid bigint NOT NULL,
    score float8 NOT NULL,
    PRIMARY KEY (lexeme, place)
  );
`;

/** The lexeme each listed word stems to, with the lexeme's paper count (its precomputed idf). */
export type Listed = Map<string, { lexeme: string; papers: number }>;

/** Scored rows from outside the lists (a clause's rare alternatives ranked in full), summed with them. */
export type Scored = { rowid: string; score: number };

export class PgSearchCommon {
  constructor(
    private readonly client: SqlClient,
    private readonly minPapers = commonPapers,
  ) {}

  /** Rebuilds the stale lists (the sync job, after a fetch). */
  async refresh(rank: string, prior: (newest: string) => string, paperDay: string): Promise<void> {
    // A stem is a candidate when its words' papers add up to the threshold (an upper bound of its own:
    // `tuning`, `tuned` and `tune` may each be under it while `tune` is in thousands of papers; each is
    // counted below). The vocabulary keeps no word under three letters ("lm", "3d"), as FTS5's porter
    // tokenizer leaves them as they are: those come from the planner's statistics of the column (most
    // common elements, with their share of the rows; empty until the table is first analysed), stopwords aside.
    const { rows: candidates } = await this.client.query<{ lexeme: string }>(
      `SELECT lexeme FROM search_words, unnest(to_tsvector(${searchConfig}, word)) AS stem (lexeme)
       GROUP BY lexeme HAVING sum(papers) >= $1
       UNION SELECT element FROM pg_stats,
         unnest(most_common_elems::text::text[], most_common_elem_freqs) AS common (element, share)
       WHERE schemaname = current_schema() AND tablename = 'papers' AND attname = 'search_vector'
         AND char_length(element) < 3 AND element <> ALL($2::text[])
         AND share * (SELECT reltuples FROM pg_class WHERE oid = 'papers'::regclass) >= $1`,
      [this.minPapers, [...stopwords]],
    );
    const { rows: newestRows } = await this.client.query<{ day: string | null }>(
      `SELECT max(${paperDay})::date::text AS day FROM papers`,
    );
    const newest = newestRows[0]?.day;
    if (!newest) return;
    const { rows: built } = await this.client.query<{ lexeme: string; papers: number; age: number }>(
      `SELECT lexeme, papers, ($1::date - newest_day) AS age FROM search_common_stems`,
      [newest],
    );
    const before = new Map(built.map((row) => [row.lexeme, row]));
    const wanted = new Set(candidates.map((row) => row.lexeme));
    for (const lexeme of before.keys()) if (!wanted.has(lexeme)) await this.clear(this.client, lexeme);
    for (const { lexeme } of candidates) {
      const { rows } = await this.client.query<{ papers: string }>(
        `SELECT count(*) AS papers FROM papers WHERE search_vector @@ $1::tsquery`,
        [quoteLexeme(lexeme)],
      );
      const papers = Number(rows[0]?.papers ?? 0);
      const old = before.get(lexeme);
      if (old && Math.abs(papers - old.papers) <= slack * old.papers && Number(old.age) < maxAgeDays)
        continue;
      await this.client.transaction(async (tx) => {
        await this.clear(tx, lexeme);
        if (papers < this.minPapers) return;
        await tx.query(
          `INSERT INTO search_common (lexeme, place, rowid, score)
           SELECT $1, (row_number() OVER (ORDER BY blended DESC, rowid) - 1)::int, rowid, score FROM (
             SELECT papers.rowid, ts_rank(${rank}, papers.search_vector, $2::tsquery, 1) AS score,
               ts_rank(${rank}, papers.search_vector, $2::tsquery, 1) * (1 + $3 * ${prior('$4::date')}) AS blended
             FROM papers WHERE papers.search_vector @@ $2::tsquery
             ORDER BY blended DESC, rowid LIMIT $5) AS top`,
          [lexeme, quoteLexeme(lexeme), priorWeight, newest, listLength],
        );
        await tx.query('INSERT INTO search_common_stems (lexeme, papers, newest_day) VALUES ($1, $2, $3)', [
          lexeme,
          papers,
          newest,
        ]);
      });
    }
  }

  private async clear(client: SqlClient, lexeme: string): Promise<void> {
    await client.query('DELETE FROM search_common WHERE lexeme = $1', [lexeme]);
    await client.query('DELETE FROM search_common_stems WHERE lexeme = $1', [lexeme]);
  }

  /** The words of `words` whose stem has a list, with its lexeme and paper count (one lookup). */
  async listed(words: string[]): Promise<Listed> {
    if (words.length === 0) return new Map();
    const { rows } = await this.client.query<{ word: string; lexeme: string; papers: number }>(
      `SELECT typed.word, stems.lexeme, stems.papers FROM unnest($1::text[]) AS typed (word)
       CROSS JOIN LATERAL unnest(to_tsvector(${searchConfig}, typed.word)) AS stem (lexeme)
       JOIN search_common_stems AS stems ON stems.lexeme = stem.lexeme`,
      [[...new Set(words)]],
    );
    return new Map(rows.map((row) => [row.word, { lexeme: row.lexeme, papers: Number(row.papers) }]));
  }

  /**
   * For each clause, its alternatives (a compound's phrase aside) whose words do not all have lists, or
   * null when none of them has (the clause is rare). An empty array: the clause is all common.
   */
  static rareAlternatives(clauses: TextClause[], listed: Listed): Array<TextAlternative[] | null> {
    return clauses.map((clause) => {
      const rare = unordered(clause).filter((alt) => !alt.words.every((word) => listed.has(word)));
      return rare.length < unordered(clause).length ? rare : null;
    });
  }

  /**
   * The best `limit` rowids with their scores (Σ rarity × listed ts_rank, or a paper's `extra` score where it
   * has one: its whole score, ranked in full), for clauses each
   * with listed words (`weights`: each clause's rarity), nothing required or excluded, and enough listed
   * papers passing the filters; else null (the caller ranks in full). An unlisted paper ranks below every
   * listed one.
   */
  async ranked(
    query: TextQuery,
    listed: Listed,
    weights: number[],
    filters: PaperFilters,
    limit: number,
    prior: string,
    extra: Scored[] = [],
  ): Promise<Scored[] | null> {
    if (query.required.length > 0 || query.excluded.length > 0 || query.fieldWeights === false) return null;
    if ((query.priorWeight ?? 0) !== priorWeight || query.clauses.length === 0) return null;
    const terms = listedTerms(query.clauses, (word) => listed.get(word)?.lexeme, {
      weights,
      sameStems: 'once per clause',
    });
    const params = new SqlParams();
    const conditions = filterConditions(filters, params);
    // A paper high in several lists but top in none (several clauses, or a group's words) is found deeper.
    const several = query.clauses.length > 1 || terms.some((term) => term.needed > 1);
    const depth = conditions.length > 0 || several ? listLength : unfilteredDepth;
    if (limit > depth) return null;
    const weight = `${params.add(priorWeight)}::float8`;
    // The prior lies in [0, 1]: a paper whose sum × (1 + weight) is below the `limit`-th best sum cannot
    // reach the top, so only the others read their prior from `papers` (a few hundred rows of thousands).
    // With filters every candidate is read anyway, to test them.
    const reachable =
      conditions.length > 0
        ? conditions
        : [
            `top.score * (1 + ${weight}) >= (SELECT coalesce(min(score), 0) FROM
               (SELECT score FROM scored ORDER BY score DESC LIMIT ${params.add(limit)}) AS best)`,
          ];
    const { rows } = await this.client.query<{ rowid: string; score: number }>(
      `WITH scored AS (
         SELECT rowid, greatest(coalesce(sum(score) FILTER (WHERE listed), 0),
           coalesce(max(score) FILTER (WHERE NOT listed), 0)) AS score FROM (
           SELECT list.rowid, sum(terms.weight * list.score) AS score, true AS listed
           FROM unnest(${params.add(terms.map((term) => term.group))}::int[], ${params.add(terms.map((term) => term.stem))}::text[],
             ${params.add(terms.map((term) => term.weight))}::float8[], ${params.add(terms.map((term) => term.needed))}::int[])
             AS terms (grp, lexeme, weight, needed)
           JOIN search_common AS list ON list.lexeme = terms.lexeme AND list.place < ${params.add(depth)}
           GROUP BY terms.grp, list.rowid HAVING count(*) = min(terms.needed)
           UNION ALL SELECT extra.rowid, extra.score, false FROM unnest(${params.add(extra.map((row) => row.rowid))}::bigint[],
             ${params.add(extra.map((row) => row.score))}::float8[]) AS extra (rowid, score)) AS scored (rowid, score, listed)
         GROUP BY rowid)
       SELECT top.rowid, top.score FROM scored AS top
       JOIN papers ON papers.rowid = top.rowid
       WHERE ${reachable.join(' AND ')}
       ORDER BY top.score * (1 + ${weight} * ${prior}) DESC, top.rowid
       LIMIT ${params.add(limit)}`,
      params.values,
    );
    return rows.length === limit ? rows.map((row) => ({ rowid: row.rowid, score: Number(row.score) })) : null;
  }
}

/** A lexeme as a tsquery operand, quoted so nothing in it is syntax. */
const quoteLexeme = (lexeme: string) => `'${lexeme.replaceAll("'", "''")}'`;
