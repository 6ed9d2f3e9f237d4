/**
 * The acronyms the stored papers define, on PostgreSQL: the same tables, mining and lookups as SQLite's
 * (src/engines/sqlite/sqlite-search-acronyms.ts explains them), run by the sync job's refresh.
 */
import { mineAcronyms } from '../../search/acronym-mining';
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
        const counts = new Map<string, number>();
        for (const row of rows)
          for (const found of mineAcronyms(`${row.title}. ${row.abstract}`)) {
            const key = `${found.acronym}\t${found.words.join(' ')}`;
            counts.set(key, (counts.get(key) ?? 0) + 1);
          }
        const entries = [...counts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
        if (entries.length > 0)
          await tx.query(
            `INSERT INTO search_acronyms (acronym, long_form, first_word, papers)
             SELECT split_part(key, chr(9), 1), split_part(key, chr(9), 2),
               split_part(split_part(key, chr(9), 2), ' ', 1), papers
             FROM unnest($1::text[], $2::int[]) AS found (key, papers)
             ON CONFLICT (acronym, long_form) DO UPDATE SET papers = search_acronyms.papers + excluded.papers`,
            [entries.map(([key]) => key), entries.map(([, papers]) => papers)],
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

  async definitions(words: string[]): Promise<AcronymDefinitions> {
    if (words.length === 0) return [];
    const { rows } = await this.client.query<{ acronym: string; long_form: string; papers: number }>(
      `SELECT acronym, long_form, papers FROM search_acronyms
       WHERE acronym = ANY($1::text[]) OR first_word = ANY($1::text[])`,
      [[...new Set(words)]],
    );
    return rows.map((row) => ({
      acronym: row.acronym,
      words: row.long_form.split(' '),
      papers: Number(row.papers),
    }));
  }
}
