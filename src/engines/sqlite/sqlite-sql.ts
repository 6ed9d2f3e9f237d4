/**
 * The shared SQL layer (../sql/sql.ts) on one better-sqlite3 connection. Each statement still runs at once
 * (better-sqlite3 is synchronous) and is prepared once. A transaction is BEGIN … COMMIT around asynchronous
 * work, so while one is open every other call on the file in this process (a statement, or a call of the
 * synchronous repositories through `whenFree`, on this connection or another) waits for its end instead of
 * running inside it or blocking on its lock. Outside faults come out
 * coded by `classifySqliteError`.
 */
import { resolve } from 'node:path';
import type Database from 'better-sqlite3';
import type { Promised } from '../../store/store';
import { sqliteDialect } from '../sql/dialect';
import type { Sql, SqlRows, SqlValues } from '../sql/sql';
import { classifySqliteError } from './sqlite-faults';
import { StatementCache } from './statement-cache';

export interface SqliteSql extends Sql {
  /** Runs synchronous `work` on the connection once no transaction is open (at once when none is). */
  whenFree<T>(work: () => T): Promise<T>;
}

const placeholderNames = (text: string) => [
  ...new Set(Array.from(text.matchAll(/@([a-z_]+)/g), (match) => match[1] as string)),
];

/**
 * The values the statement names (better-sqlite3 binds numbers, strings, bigints, buffers and null: an
 * absent value is NULL); a name without a value is a bug, said as PostgreSQL's side says it.
 */
const bindable = (names: readonly string[], values: SqlValues) => {
  const bound: Record<string, unknown> = {};
  for (const name of names) {
    if (!(name in values)) throw new Error(`no value for @${name}`);
    bound[name] = values[name] ?? null;
  }
  return bound;
};

/** Calls waiting for an open transaction, in the order they came; `waiting` 0: none is open or waiting. */
interface Turns {
  waiting: number;
  tail: Promise<unknown>;
}

/**
 * One queue per database file in this process, shared by its connections: a transaction of one holds the
 * file's write lock across its awaits, and another connection's write would wait for it in SQLite's busy
 * handler, which blocks the event loop the first needs to commit, so it waits its turn here instead.
 */
const turnsByFile = new Map<string, Turns>();
const turnsOf = (path: string): Turns => {
  if (path === ':memory:') return { waiting: 0, tail: Promise.resolve() };
  const file = resolve(path);
  let turns = turnsByFile.get(file);
  if (!turns) {
    turns = { waiting: 0, tail: Promise.resolve() };
    turnsByFile.set(file, turns);
  }
  return turns;
};

export function createSqliteSql(db: Database.Database, path: string, readOnly: string | null): SqliteSql {
  const statements = new StatementCache(db);
  const names = new Map<string, string[]>();
  const fault = (error: unknown) => classifySqliteError(error, path, readOnly);

  const run = <R>(text: string, values: SqlValues): SqlRows<R> => {
    const statement = statements.get(text);
    let used = names.get(text);
    if (!used) {
      used = placeholderNames(text);
      names.set(text, used);
    }
    const bound = used.length > 0 ? [bindable(used, values)] : [];
    if (statement.reader) {
      const rows = statement.all(...bound) as R[];
      return { rows, rowCount: rows.length };
    }
    return { rows: [], rowCount: statement.run(...bound).changes };
  };

  const turns = turnsOf(path);
  const inTurn = <T>(work: () => T | Promise<T>): Promise<T> => {
    turns.waiting++;
    const result = turns.tail.then(work).finally(() => {
      turns.waiting--;
    });
    turns.tail = result.catch(() => undefined);
    return result;
  };
  const whenFree = <T>(work: () => T): Promise<T> => {
    if (turns.waiting > 0) return inTurn(work);
    try {
      return Promise.resolve(work());
    } catch (error) {
      return Promise.reject(fault(error));
    }
  };
  const attempt = <T>(work: () => T): T => {
    try {
      return work();
    } catch (error) {
      throw fault(error);
    }
  };

  const inTransaction: Sql = {
    dialect: sqliteDialect,
    query: async (text, values = {}) => attempt(() => run(text, values)),
    transaction: (work) => work(inTransaction),
  };

  return {
    dialect: sqliteDialect,
    whenFree: (work) => whenFree(() => attempt(work)),
    query: (text, values = {}) => whenFree(() => attempt(() => run(text, values))),
    transaction: (work) =>
      inTurn(async () => {
        attempt(() => db.exec('BEGIN'));
        try {
          const result = await work(inTransaction);
          attempt(() => db.exec('COMMIT'));
          return result;
        } catch (error) {
          try {
            if (db.inTransaction) db.exec('ROLLBACK');
          } catch {
            // The rollback's own failure says less than the error that caused it.
          }
          throw fault(error);
        }
      }),
  };
}

/**
 * Lifts a synchronous repository to the store's asynchronous contract: each call runs at once when no
 * transaction is open (so nothing else runs between a statement and the next inside it), else after it;
 * its result or its coded error settles the promise.
 */
export function promisedInTurn<T extends object>(target: T, sql: SqliteSql): Promised<T> {
  return new Proxy(target, {
    get(object, property, receiver) {
      const value = Reflect.get(object, property, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => sql.whenFree(() => value.apply(object, args));
    },
  }) as unknown as Promised<T>;
}
