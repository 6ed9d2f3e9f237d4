/** The shared SQL layer (../sql/sql.ts) on a PostgreSQL `SqlClient`: `@name` placeholders become `$n`. */
import { postgresDialect } from '../sql/dialect';
import { named } from '../sql/named';
import type { Sql } from '../sql/sql';
import type { SqlClient } from './pg-client';

export function pgSql(client: SqlClient): Sql {
  return {
    dialect: postgresDialect,
    query: (text, values = {}) => client.query(...named(text, values)),
    transaction: (work) => client.transaction((tx) => work(pgSql(tx))),
  };
}
