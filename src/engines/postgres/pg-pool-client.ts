/**
 * The PostgreSQL store's connection in production: a `pg` pool behind the `SqlClient` interface. A
 * transaction checks one connection out for its whole length. Failures from outside paperboy (the server
 * down, a wrong database, a full disk, a lock conflict) become coded errors naming the server, never its
 * password, so no raw driver error reaches a user.
 */
import pg from 'pg';
import { PaperboyError } from '../../errors';
import type { SqlClient, SqlResult } from './pg-client';

export interface PgPoolOptions {
  /** Every connection's search_path is `<schema>, public`: the tests give each store its own schema. */
  schema?: string;
  /** Connections the pool keeps at most (pg's default: 10). */
  maxConnections?: number;
  /** How long to wait for a connection before giving up (default 10 s). */
  connectTimeoutMs?: number;
  /** An idle connection dropped by the server (told so the log can say it; the next query reconnects). */
  onIdleError?: (error: Error) => void;
}

/** Where the URL points, for messages: host, port and database, never the user's password. */
export function describeServer(url: string): string {
  try {
    const parsed = new URL(url);
    const database = decodeURIComponent(parsed.pathname.replace(/^\//, '')) || '(default)';
    return `PostgreSQL at ${parsed.hostname || 'localhost'}:${parsed.port || '5432'}, database ${database}`;
  } catch {
    return 'PostgreSQL (DATABASE_URL is not a valid URL)';
  }
}

const quoteIdentifier = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** SQLSTATE classes and codes that say the server, not the query, is the problem. */
const unreachableCodes = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'ECONNRESET',
  'EHOSTUNREACH',
]);

const errorCode = (error: unknown): string => {
  const code = error instanceof Error ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : '';
};

/** The coded error for an outside fault, or the original error when it is a bug (bad SQL, a constraint). */
export function classifyPgError(error: unknown, server: string): unknown {
  if (error instanceof PaperboyError) return error;
  const code = errorCode(error);
  // Node's AggregateError (every address of a host refused) has a code but an empty message.
  const detail = (error instanceof Error ? error.message : String(error)) || code || 'no detail';
  if (code === '53100') {
    return new PaperboyError('store_full', `${server} has no disk space left; nothing was saved.`, {
      cause: error,
    });
  }
  if (code === '25006') {
    return new PaperboyError('store_read_only', `${server} is read-only (a standby?); nothing was saved.`, {
      cause: error,
    });
  }
  if (code === '40001' || code === '40P01' || code === '55P03') {
    return new PaperboyError(
      'store_busy',
      `${server} refused the write because of a concurrent one (${detail}); nothing was saved just now.`,
      { cause: error },
    );
  }
  const connectionLost =
    unreachableCodes.has(code) ||
    code.startsWith('08') || // connection exception
    code.startsWith('28') || // invalid authorization
    code === '3D000' || // database does not exist
    code.startsWith('57P') || // server shutting down
    code === '53300' || // too many connections
    /timeout exceeded when trying to connect|Connection terminated/i.test(detail);
  if (connectionLost) {
    return new PaperboyError(
      'store_unavailable',
      `Cannot use ${server} (${detail}). Check that the server is running and DATABASE_URL.`,
      { cause: error },
    );
  }
  return error;
}

export function createPgPoolClient(url: string, options: PgPoolOptions = {}): SqlClient {
  const server = describeServer(url);
  const pool = new pg.Pool({
    connectionString: url,
    max: options.maxConnections ?? 10,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 10_000,
    ...(options.schema === undefined
      ? {}
      : { options: `-c search_path=${quoteIdentifier(options.schema)},public` }),
  });
  pool.on('error', (error) => options.onIdleError?.(error));
  let ending: Promise<void> | null = null;

  const run = async <R>(
    target: pg.Pool | pg.PoolClient,
    text: string,
    params?: readonly unknown[],
  ): Promise<SqlResult<R>> => {
    try {
      const result = await target.query(text, params as unknown[] | undefined);
      return { rows: result.rows as R[], rowCount: result.rowCount ?? 0 };
    } catch (error) {
      throw classifyPgError(error, server);
    }
  };

  // Inside a transaction, a nested one joins it: a repository call that is atomic on its own (an upsert)
  // is then part of the caller's atomic whole (saveDay).
  const onConnection = (connection: pg.PoolClient): SqlClient => {
    const inTransaction: SqlClient = {
      query: (text, params) => run(connection, text, params),
      transaction: (work) => work(inTransaction),
      close: () => Promise.reject(new Error('a transaction does not close the pool')),
    };
    return inTransaction;
  };

  return {
    query: (text, params) => run(pool, text, params),
    async transaction(work) {
      let connection: pg.PoolClient;
      try {
        connection = await pool.connect();
      } catch (error) {
        throw classifyPgError(error, server);
      }
      let broken: Error | undefined;
      try {
        await run(connection, 'BEGIN');
        const result = await work(onConnection(connection));
        await run(connection, 'COMMIT');
        return result;
      } catch (error) {
        try {
          await connection.query('ROLLBACK');
        } catch (rollbackError) {
          // The connection is unusable: it must not go back to the pool.
          broken = rollbackError as Error;
        }
        throw classifyPgError(error, server);
      } finally {
        connection.release(broken);
      }
    },
    close: () => {
      // Closing twice is harmless, as SQLite's close is.
      ending ??= pool.end();
      return ending;
    },
  };
}
