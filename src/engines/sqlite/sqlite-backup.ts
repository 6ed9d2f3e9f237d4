/**
 * Copies of a SQLite database for `paperboy backup` and `paperboy restore`, made with `VACUUM INTO`: one
 * read transaction, so in WAL mode the copy holds every change committed when it began (the -wal's
 * included, which a plain `cp` of the file misses) while the bot goes on writing. SQLite's online backup
 * API (better-sqlite3's `db.backup`) was the other candidate; it copies in steps and starts over whenever
 * another process writes between two of them, so against a busy bot it may never finish.
 *
 * The copy is written beside its destination under a temporary name, synced, checked with
 * `PRAGMA integrity_check`, and only then renamed into place: a failed or interrupted copy never looks
 * like a good one. The result is a single file (rollback journal mode, no -wal or -shm to go with it).
 */
import { closeSync, fsyncSync, openSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { PaperboyError } from '../../errors';
import { diskFullError } from './sqlite-faults';

export interface DatabaseSummary {
  /** `PRAGMA user_version`: how many migrations ran. */
  schema: number;
  papers: number;
  subscriptions: number;
  bytes: number;
}

/** Writes a checked, consistent copy of `db` to `destination` (which must not exist yet). */
export function copyDatabase(db: Database.Database, destination: string): DatabaseSummary {
  const partial = join(dirname(destination), `.${basename(destination)}.partial-${process.pid}`);
  try {
    db.prepare('VACUUM INTO ?').run(partial);
    syncFile(partial);
    const copy = new Database(partial, { readonly: true, fileMustExist: true });
    let summary: DatabaseSummary;
    try {
      const problems = integrityProblems(copy);
      if (problems) throw new Error(`the copy failed PRAGMA integrity_check: ${problems}`);
      summary = summarise(copy, partial);
    } finally {
      copy.close();
    }
    renameSync(partial, destination);
    syncFile(dirname(destination));
    return summary;
  } catch (error) {
    rmSync(partial, { force: true });
    if ((error as { code?: string }).code === 'SQLITE_FULL') throw diskFullError(destination, error, 'copy');
    throw error;
  }
}

/** `PRAGMA integrity_check`'s complaints, or null for `ok`. */
export function integrityProblems(db: Database.Database): string | null {
  const rows = db.pragma('integrity_check', { simple: false }) as Array<{ integrity_check: string }>;
  const text = rows.map((row) => row.integrity_check).join('; ');
  return text === 'ok' ? null : text;
}

/** What a person recognises a database by: its schema version and how much it holds. */
export function summarise(db: Database.Database, path: string): DatabaseSummary {
  const count = (table: string, where = '') => {
    const known = db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?`).get(table);
    return known ? (db.prepare(`SELECT count(*) AS n FROM ${table} ${where}`).get() as { n: number }).n : 0;
  };
  return {
    schema: db.pragma('user_version', { simple: true }) as number,
    papers: count('papers'),
    subscriptions: count('subscriptions', 'WHERE active = 1'),
    bytes: statSync(path).size,
  };
}

export const summaryText = (summary: DatabaseSummary) =>
  `${summary.papers} paper${summary.papers === 1 ? '' : 's'}, ${summary.subscriptions} active ` +
  `subscription${summary.subscriptions === 1 ? '' : 's'}, schema ${summary.schema}, ` +
  `${(summary.bytes / 1024 / 1024).toFixed(1)} MB`;

/** A file (or folder) on disk for good before it is renamed or relied on. */
function syncFile(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** A file that is not a database at all, or a damaged one: the message says which and changes nothing. */
export function notADatabase(path: string, detail: string): PaperboyError {
  return new PaperboyError(
    'invalid_input',
    `${path} is not a usable paperboy database (${detail}). Nothing was changed.`,
  );
}
