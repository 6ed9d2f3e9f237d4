/**
 * Where DATABASE_URL points. A relative SQLite path is taken from the paperboy folder (the one holding its
 * package.json), never from the current folder: started from anywhere else, paperboy opens the same
 * database instead of silently creating an empty one there. `~` is the home folder, as a shell would
 * expand it; `file:` URLs (`file:///abs/x.db`, `file:/abs/x.db`, `file:data/x.db`) name a file as SQLite
 * reads them. A PostgreSQL URL and `:memory:` pass through unchanged.
 */
import { isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const defaultDatabasePath = 'data/paperboy.db';

export interface DatabaseFolders {
  /** The paperboy folder: relative paths start here. */
  project: string;
  /** What `~` means. */
  home: string;
}

export type ResolvedDatabase = { url: string } | { problem: string };

export const isPostgresUrl = (url: string) => /^postgres(ql)?:\/\//i.test(url);

const expected =
  'expected a SQLite file path such as data/paperboy.db (taken from the paperboy folder), ~/paperboy.db or ' +
  'file:///var/lib/paperboy/paperboy.db, or a PostgreSQL URL such as postgres://user@host:5432/paperboy';

/** The database DATABASE_URL names: an absolute SQLite path, `:memory:` or a PostgreSQL URL. */
export function resolveDatabaseUrl(value: string, folders: DatabaseFolders): ResolvedDatabase {
  const text = value.trim();
  if (text === ':memory:' || isPostgresUrl(text)) return { url: text };
  if (/^file:/i.test(text)) return fromFileUrl(text, folders);
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text))
    return { problem: `"${text}" is not a database paperboy opens: ${expected}` };
  return fromPath(text, folders);
}

function fromFileUrl(text: string, folders: DatabaseFolders): ResolvedDatabase {
  if (/[?#]/.test(text)) {
    return {
      problem:
        `"${text}": a file: URL names the file only; parameters such as ?mode=ro are not read ` +
        '(paperboy opens a file it cannot write for reading by itself)',
    };
  }
  const rest = text.slice('file:'.length);
  if (rest.startsWith('//')) {
    try {
      // Percent-escapes, and a host other than localhost, the way Node reads file URLs.
      return { url: fileURLToPath(new URL(text)) };
    } catch (error) {
      return {
        problem: `"${text}" is not a file URL of this machine (${(error as Error).message}): ${expected}`,
      };
    }
  }
  try {
    return fromPath(decodeURIComponent(rest), folders);
  } catch {
    return { problem: `"${text}" has a broken %-escape: ${expected}` };
  }
}

function fromPath(path: string, folders: DatabaseFolders): ResolvedDatabase {
  if (path === '') return { problem: `DATABASE_URL names no file: ${expected}` };
  if (/^~[^/]/.test(path)) {
    return {
      problem: `"${path}": only ~/ (your own home folder) is expanded; give ${path}'s full path instead`,
    };
  }
  if (path === '~' || path.startsWith('~/')) return { url: join(folders.home, path.slice(1)) };
  return { url: isAbsolute(path) ? resolve(path) : resolve(folders.project, path) };
}

/** How the banner names the database: the file, or the PostgreSQL server without its password. */
export function describeDatabase(url: string): string {
  if (url === ':memory:') return 'in memory (nothing is kept after exit)';
  if (!isPostgresUrl(url)) return `SQLite ${url}`;
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return `PostgreSQL ${parsed.toString()}`;
  } catch {
    return 'PostgreSQL (DATABASE_URL is not a valid URL)';
  }
}
