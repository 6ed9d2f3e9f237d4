/**
 * The one thing the PostgreSQL store needs of a connection: parameterised queries (`$1`, `$2`…) and a
 * transaction on a single connection. `pg`'s pool implements it in production (pg-pool-client.ts); the
 * tests also run the same store on the embedded PGlite (test/support/pglite-client.ts).
 */
export interface SqlResult<R> {
  rows: R[];
  /** Rows inserted, updated or deleted (0 for a plain SELECT's count is not meaningful). */
  rowCount: number;
}

export interface SqlClient {
  query<R = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<SqlResult<R>>;
  /** Runs `work` in one transaction on one connection: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (client: SqlClient) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
