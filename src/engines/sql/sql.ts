/**
 * The one SQL layer the plain repositories are written against, once for both engines: statements with
 * `@name` placeholders (each name one value however often it appears), answered asynchronously, and a
 * transaction on one connection. What the two engines spell differently sits in `dialect`, and only there.
 * PostgreSQL (`pg` or PGlite) answers it through postgres/pg-sql.ts, SQLite through sqlite/sqlite-sql.ts.
 */
import type { SqlDialect } from './dialect';

export type SqlValues = Readonly<Record<string, unknown>>;

export interface SqlRows<R> {
  rows: R[];
  /** Rows inserted, updated or deleted (or returned, for a statement with RETURNING). */
  rowCount: number;
}

export interface Sql {
  readonly dialect: SqlDialect;
  query<R = Record<string, unknown>>(text: string, values?: SqlValues): Promise<SqlRows<R>>;
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. Nested, it joins. */
  transaction<T>(work: (sql: Sql) => Promise<T>): Promise<T>;
}
