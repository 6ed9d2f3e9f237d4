/**
 * The acronyms the stored papers define, on PostgreSQL: the same tables, mining and lookups as SQLite's
 * (src/engines/sqlite/sqlite-search-acronyms.ts explains them), run by the sync job's refresh.
 */
import { mineAcronyms } from '../../search/acronym-mining';
import { mineSpelledOut, spelledDefinition } from '../../search/initialism-mining';
import type { AcronymDefinitions } from '../../search-query/text-query';
import type { SqlClient } from './pg-client';

const chunk = 5000;

export const acronymSchema = `
  CREATE TABLE search_acronyms (
    acronym text COLLATE "C" NOT NULL,
    long_form text COLLATE "C" NOT NULL,
    first_word text COLLATE "C" NOT NULL,
    papers integer NOT NULL,
    PRIMARY KEY (acronym, long_form)
  );
  CREATE INDEX search_acronyms_first_word ON search_acronyms (first_word);
  CREATE TABLE search_acronyms_mined (
    id integer PRIMARY KEY CHECK (id = 1),
    mined_rowid bigint NOT NULL
  );
`;

/** Migration 11: SQLite's migration 22 (searchSpelledOut in sqlite-search-migrations.ts explains it). */
export const spelledOutSchema = `
  CREATE TABLE search_spelled_out (
    acronym text COLLATE "C" NOT NULL,
    long_form text COLLATE "C" NOT NULL,
    papers integer NOT NULL,
    PRIMARY KEY (acronym, long_form)
  );
  CREATE INDEX search_spelled_out_long_form ON search_spelled_out (long_form);
  DELETE FROM search_acronyms;
  DELETE FROM search_acronyms_mined;
`;

/** Adds one chunk's counts, `acronym<TAB>long form` → papers, by `insert` (sorted: no deadlock between miners). */
async function addCounts(
  tx: Pick<SqlClient, 'query'>,
  insert: string,
  counts: Map<string, number>,
): Promise<void> {
  const entries = [...counts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  if (entries.length > 0)
    await tx.query(insert, [entries.map(([key]) => key), entries.map(([, papers]) => papers)]);
}

const count = (counts: Map<string, number>, acronym: string, longForm: string) => {
  const key = `${acronym}\t${longForm}`;
  counts.set(key, (counts.get(key) ?? 0) + 1);
};

export class PgSearchAcronyms {
  constructor(private readonly client: SqlClient) {}

  /** Mines the papers stored since the last run, a chunk per transaction. */
  async mineNew(): Promise<void> {
    for (;;) {
      const done = await this.client.transaction(async (tx) => {
        // One miner at a time: a second instance waits, then finds the papers mined.
        await tx.query(`SELECT pg_advisory_xact_lock(hashtext('paperboy acronyms in ' || current_schema()))`);
        const { rows: mined } = await tx.query<{ rowid: string }>(
          'SELECT coalesce(max(mined_rowid), 0) AS rowid FROM search_acronyms_mined',
        );
        const after = Number(mined[0]?.rowid ?? 0);
        const { rows } = await tx.query<{ rowid: string; title: string; abstract: string }>(
          'SELECT rowid, title, abstract FROM papers WHERE rowid > $1 ORDER BY rowid LIMIT $2',
          [after, chunk],
        );
        const last = rows.at(-1);
        if (!last) return true;
        const defined = new Map<string, number>();
        const spelled = new Map<string, number>();
        for (const row of rows) {
          for (const found of mineAcronyms(`${row.title}. ${row.abstract}`))
            count(defined, found.acronym, found.words.join(' '));
          for (const found of mineSpelledOut(row.title, row.abstract))
            count(spelled, found.acronym, found.longForm);
        }
        await addCounts(
          tx,
          `INSERT INTO search_acronyms (acronym, long_form, first_word, papers)
           SELECT split_part(key, chr(9), 1), split_part(key, chr(9), 2),
             split_part(split_part(key, chr(9), 2), ' ', 1), papers
           FROM unnest($1::text[], $2::int[]) AS found (key, papers)
           ON CONFLICT (acronym, long_form) DO UPDATE SET papers = search_acronyms.papers + excluded.papers`,
          defined,
        );
        await addCounts(
          tx,
          `INSERT INTO search_spelled_out (acronym, long_form, papers)
           SELECT split_part(key, chr(9), 1), split_part(key, chr(9), 2), papers
           FROM unnest($1::text[], $2::int[]) AS found (key, papers)
           ON CONFLICT (acronym, long_form) DO UPDATE SET papers = search_spelled_out.papers + excluded.papers`,
          spelled,
        );
        await tx.query(
          `INSERT INTO search_acronyms_mined (id, mined_rowid) VALUES (1, $1)
           ON CONFLICT (id) DO UPDATE SET mined_rowid = excluded.mined_rowid`,
          [last.rowid],
        );
        return false;
      });
      if (done) return;
    }
  }

  async definitions(words: string[], phrases: string[] = []): Promise<AcronymDefinitions> {
    if (words.length === 0) return [];
    const { rows } = await this.client.query<{
      acronym: string;
      long_form: string;
      papers: number;
      spelled: boolean;
    }>(
      `SELECT acronym, long_form, papers, false AS spelled FROM search_acronyms
       WHERE acronym = ANY($1::text[])
         OR (first_word = ANY($1::text[]) AND string_to_array(long_form, ' ') <@ $3::text[])
       UNION ALL
       SELECT acronym, long_form, papers, true AS spelled FROM search_spelled_out
       WHERE acronym = ANY($1::text[]) OR long_form = ANY($2::text[])`,
      // A long form is wanted only when made of the words (the planner's rule: each typed, or its plural):
      // "model" starts hundreds of long forms, and a server sends every row it finds.
      [[...new Set(words)], [...new Set(phrases)], [...new Set(words.flatMap((word) => [word, `${word}s`]))]],
    );
    return rows.map((row) =>
      row.spelled
        ? spelledDefinition(row.acronym, row.long_form, Number(row.papers))
        : { acronym: row.acronym, words: row.long_form.split(' '), papers: Number(row.papers) },
    );
  }
}
