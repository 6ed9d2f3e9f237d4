/**
 * `paperboy restore <file>` for a SQLite database: replaces the database with a copy of a backup, never
 * while a bot runs on it (the scheduler's lock file says so, and is held throughout, so none starts
 * meanwhile), and never losing the database it replaces: that one is folded into a single file (its -wal
 * checkpointed, which also proves no other process has it open) and kept beside it as
 * `<database>.before-restore-<time>`. A backup from an older paperboy is fine (the next start migrates
 * it); one from a newer paperboy is refused.
 */
import { existsSync, mkdirSync, realpathSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { PaperboyError } from '../../errors';
import { migrations } from './migrations';
import { copyDatabase, type DatabaseSummary, integrityProblems, notADatabase } from './sqlite-backup';
import { openReadOnlyDatabase, whyNotWritable } from './sqlite-read-only';
import { currentHolder, holdLockFile } from './sqlite-scheduler-lock';

export interface RestoreResult {
  restored: DatabaseSummary;
  /** Where the database it replaced now is, or null when there was none. */
  keptAs: string | null;
}

export function restoreSqlite(target: string, source: string, now: Date): RestoreResult {
  checkSourceFile(target, source);
  const backup = openBackup(source);
  try {
    const reason = whyNotWritable(target);
    if (reason)
      throw new PaperboyError(
        'store_read_only',
        `Cannot restore into ${target}: ${reason}. Nothing was changed.`,
      );
    mkdirSync(dirname(target), { recursive: true });
    const lock = holdLockFile(target);
    if (!lock) throw runningBot(target);
    try {
      const incoming = join(dirname(target), `.${basename(target)}.restoring-${process.pid}`);
      const restored = copyDatabase(backup, incoming);
      let keptAs: string | null = null;
      try {
        if (existsSync(target)) keptAs = setAside(target, now);
        renameSync(incoming, target);
      } finally {
        rmSync(incoming, { force: true });
      }
      return { restored, keptAs };
    } finally {
      lock.close();
    }
  } finally {
    backup.close();
  }
}

function checkSourceFile(target: string, source: string): void {
  if (!existsSync(source))
    throw new PaperboyError('invalid_input', `There is no file ${source}. Nothing was changed.`);
  if (existsSync(target) && realpathSync(source) === realpathSync(target)) {
    throw new PaperboyError(
      'invalid_input',
      `${source} is the database itself (DATABASE_URL): give a backup file.`,
    );
  }
}

/** The backup, opened for reading and checked: a paperboy database, whole, not from a newer paperboy. */
function openBackup(source: string): Database.Database {
  let db: Database.Database;
  try {
    db = openReadOnlyDatabase(source);
  } catch (error) {
    throw notADatabase(source, (error as Error).message);
  }
  try {
    const problems = integrityProblems(db);
    if (problems) throw notADatabase(source, `PRAGMA integrity_check: ${problems}`);
    const schema = db.pragma('user_version', { simple: true }) as number;
    const tables = db
      .prepare(`SELECT name FROM sqlite_master WHERE name IN ('papers', 'subscriptions')`)
      .all();
    if (schema < 1 || tables.length < 2) throw notADatabase(source, 'it holds no paperboy tables');
    if (schema > migrations.length) {
      throw new PaperboyError(
        'invalid_input',
        `${source} comes from a newer paperboy (schema ${schema}; this one knows ${migrations.length}): ` +
          'upgrade paperboy first (README, "Upgrade"), then restore it. Nothing was changed.',
      );
    }
    return db;
  } catch (error) {
    db.close();
    throw error instanceof PaperboyError ? error : notADatabase(source, (error as Error).message);
  }
}

function runningBot(target: string): PaperboyError {
  let who = 'its pid is not recorded';
  try {
    const db = openReadOnlyDatabase(target);
    const holder = currentHolder(db);
    db.close();
    if (holder) who = `pid ${holder.pid} on ${holder.host}, running since ${holder.startedAt}`;
  } catch {
    // The refusal stands without the name.
  }
  return new PaperboyError(
    'store_in_use',
    `A paperboy is running on the database ${target} (${who}): stop it first, then run paperboy restore ` +
      'again. Nothing was changed.',
  );
}

const damaged = (code: string) => code === 'SQLITE_NOTADB' || code.startsWith('SQLITE_CORRUPT');

/**
 * Moves the database out of the way as one file, its -wal checkpointed into it. A damaged one (often why
 * a person restores) cannot be checkpointed: it moves as it is, with its -wal and -shm, still a pair.
 */
function setAside(target: string, now: Date): string {
  const keptAs = resolve(`${target}.before-restore-${now.toISOString().replace(/[:.]/g, '-')}`);
  let db: Database.Database | undefined;
  let mode = 'unknown';
  let code = '';
  try {
    db = new Database(target, { fileMustExist: true });
    db.pragma('busy_timeout = 0');
    mode = String(db.pragma('journal_mode = DELETE', { simple: true }));
  } catch (error) {
    code = String((error as { code?: string }).code ?? '');
  } finally {
    db?.close();
  }
  if (mode !== 'delete' && !damaged(code)) {
    throw new PaperboyError(
      'store_busy',
      `Another process has the database ${target} open (a paperboy fetch, search or digest?): run paperboy ` +
        'restore again once it has finished. Nothing was changed.',
    );
  }
  for (const side of ['', '-wal', '-shm']) {
    if (existsSync(`${target}${side}`)) renameSync(`${target}${side}`, `${keptAs}${side}`);
  }
  return keptAs;
}
