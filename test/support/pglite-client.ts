/**
 * The PostgreSQL store's `SqlClient` over PGlite (PostgreSQL compiled to wasm, in this process), so the
 * PostgreSQL code is tested without a server. Tests only: src never imports PGlite.
 *
 * PGlite takes about two seconds to start, so a test file shares one instance and gives each store its own
 * schema. PGlite is a single connection: each call takes this instance's turn (a hand-written mutex, as the
 * search_path must be switched to the caller's schema and stay so until its call is done). Inside a
 * transaction, use the client it hands `work`: a call on the outer client waits for the transaction's end.
 */
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { SqlClient, SqlResult } from '../../src/engines/postgres/pg-client';
import { classifyPgError } from '../../src/engines/postgres/pg-pool-client';

interface Turns {
  tail: Promise<unknown>;
  searchPath: string | null;
}

const turnsOf = new WeakMap<PGlite, Turns>();

let shared: Promise<PGlite> | null = null;

/** The test file's PGlite instance (with pg_trgm, which PostgreSQL search uses), started on first use. */
export function sharedPglite(): Promise<PGlite> {
  shared ??= PGlite.create({ extensions: { pg_trgm } });
  return shared;
}

const quoteIdentifier = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** A client on `db` whose search_path is `<schema>, public` (or PGlite's default without a schema). */
export function createPgliteClient(db: PGlite, schema?: string): SqlClient {
  const server = 'PGlite';
  let turns = turnsOf.get(db);
  if (!turns) {
    turns = { tail: Promise.resolve(), searchPath: null };
    turnsOf.set(db, turns);
  }
  const state = turns;
  const searchPath = schema === undefined ? null : `${quoteIdentifier(schema)}, public`;

  const inTurn = <T>(work: () => Promise<T>): Promise<T> => {
    const result = state.tail.then(async () => {
      if (searchPath !== null && state.searchPath !== searchPath) {
        await db.query(`SET search_path TO ${searchPath}`);
        state.searchPath = searchPath;
      }
      return work();
    });
    state.tail = result.catch(() => undefined);
    return result;
  };

  // A call without parameters may be several statements (a migration): PGlite runs those through exec().
  const run = async <R>(
    target: Pick<PGlite, 'query' | 'exec'>,
    text: string,
    params?: readonly unknown[],
  ): Promise<SqlResult<R>> => {
    try {
      if (params === undefined) {
        const results = await target.exec(text);
        const last = results.at(-1);
        return { rows: (last?.rows ?? []) as R[], rowCount: last?.affectedRows ?? 0 };
      }
      const result = await target.query<R>(text, params as unknown[]);
      return { rows: result.rows, rowCount: result.affectedRows ?? 0 };
    } catch (error) {
      throw classifyPgError(error, server);
    }
  };

  return {
    query: (text, params) => inTurn(() => run(db, text, params)),
    transaction: (work) =>
      inTurn(() =>
        db.transaction(async (tx) => {
          const inTransaction: SqlClient = {
            query: (text, params) => run(tx, text, params),
            transaction: (nested) => nested(inTransaction),
            close: () => Promise.reject(new Error('a transaction does not close the database')),
          };
          return work(inTransaction);
        }),
      ),
    // The instance is shared by the test file's stores: closing one store's client leaves it running.
    close: async () => {},
  };
}
