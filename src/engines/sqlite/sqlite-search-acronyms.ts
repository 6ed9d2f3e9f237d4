/**
 * The acronyms the stored papers define (migration: searchAcronyms) and those they spell out without
 * defining (searchSpelledOut), mined by the sync job from each paper's title and abstract once, in rowid
 * order from where the last run stopped (src/search/acronym-mining.ts, initialism-mining.ts), and read by
 * the query planner. A paper's text changing later is not mined again: titles and abstracts
 * are what the paper wrote, and one paper more or less barely moves a count.
 */
import type Database from 'better-sqlite3';
import { mineAcronyms } from '../../search/acronym-mining';
import { mineSpelledOut, spelledDefinition } from '../../search/initialism-mining';
import type { AcronymDefinitions } from '../../search-query/text-query';

/** Papers mined per transaction, so a first sync of a large store never holds one huge write. */
const chunk = 5000;

export class SqliteSearchAcronyms {
  private readonly minedUpTo;
  private readonly nextPapers;
  private readonly add;
  private readonly markMined;
  private readonly lookup;
  private readonly addSpelled;
  private readonly lookupSpelled;

  constructor(private readonly db: Database.Database) {
    this.minedUpTo = db.prepare('SELECT coalesce(max(mined_rowid), 0) FROM search_acronyms_mined').pluck();
    this.nextPapers = db.prepare(
      'SELECT rowid, title, abstract FROM papers WHERE rowid > ? ORDER BY rowid LIMIT ?',
    );
    this.add = db.prepare(
      `INSERT INTO search_acronyms (acronym, long_form, first_word, papers) VALUES (?, ?, ?, 1)
       ON CONFLICT (acronym, long_form) DO UPDATE SET papers = papers + 1`,
    );
    this.addSpelled = db.prepare(
      `INSERT INTO search_spelled_out (acronym, long_form, papers) VALUES (?, ?, 1)
       ON CONFLICT (acronym, long_form) DO UPDATE SET papers = papers + 1`,
    );
    this.lookupSpelled = db.prepare(
      `SELECT acronym, long_form AS longForm, papers FROM search_spelled_out
       WHERE acronym IN (SELECT value FROM json_each(@words)) OR long_form IN (SELECT value FROM json_each(@phrases))`,
    );
    this.markMined = db.prepare(
      'INSERT INTO search_acronyms_mined (id, mined_rowid) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET mined_rowid = excluded.mined_rowid',
    );
    this.lookup = db.prepare(
      `SELECT acronym, long_form AS longForm, papers FROM search_acronyms
       WHERE acronym IN (SELECT value FROM json_each(@words)) OR first_word IN (SELECT value FROM json_each(@words))`,
    );
  }

  /** Mines the papers stored since the last run; returns how many were read. */
  mineNew(): number {
    let read = 0;
    for (;;) {
      const after = this.minedUpTo.get() as number;
      const rows = this.nextPapers.all(after, chunk) as Array<{
        rowid: number;
        title: string;
        abstract: string;
      }>;
      const last = rows.at(-1);
      if (!last) return read;
      this.db.transaction(() => {
        for (const row of rows) {
          for (const found of mineAcronyms(`${row.title}. ${row.abstract}`))
            this.add.run(found.acronym, found.words.join(' '), found.words[0] ?? '');
          for (const found of mineSpelledOut(row.title, row.abstract))
            this.addSpelled.run(found.acronym, found.longForm);
        }
        this.markMined.run(last.rowid);
      })();
      read += rows.length;
    }
  }

  /**
   * Definitions whose acronym is one of `words`, or whose long form starts with one of them; spelled-out
   * forms whose acronym is one of `words`, or whose long form is one of `phrases`.
   */
  definitions(words: string[], phrases: string[] = []): AcronymDefinitions {
    if (words.length === 0) return [];
    type Row = { acronym: string; longForm: string; papers: number };
    const defined = this.lookup.all({ words: JSON.stringify([...new Set(words)]) }) as Row[];
    const spelled = this.lookupSpelled.all({
      words: JSON.stringify([...new Set(words)]),
      phrases: JSON.stringify([...new Set(phrases)]),
    }) as Row[];
    return [
      ...defined.map((row) => ({ acronym: row.acronym, words: row.longForm.split(' '), papers: row.papers })),
      ...spelled.map((row) => spelledDefinition(row.acronym, row.longForm, row.papers)),
    ];
  }
}
