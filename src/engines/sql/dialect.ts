/**
 * What SQLite and PostgreSQL spell differently in the plain repositories' SQL, and nothing else: text
 * ordered by code point, a JSON array read as rows or built by an aggregate. Everything else the shared
 * statements use (ON CONFLICT, RETURNING, NULLS FIRST, CAST, `->>`) both engines spell alike.
 */
export interface SqlDialect {
  readonly name: 'sqlite' | 'postgres';
  /** After a text column in ORDER BY: orders by code point, as SQLite always does (PostgreSQL: by `C`). */
  readonly bytewise: string;
  /** A FROM item: the elements of the JSON array text `json` as rows of `alias` with one text column `value`. */
  jsonTexts(json: string, alias: string): string;
  /**
   * A FROM item: the objects of the JSON array text `json` as rows of `alias`, with one text column per
   * name in `columns` (a missing or null field is NULL).
   */
  jsonRecords(json: string, alias: string, columns: readonly string[]): string;
  /** A scalar subquery: `expression` over `from` as JSON array text, in `order` ('[]' when no row). */
  jsonArrayOf(expression: string, from: string, order: string): string;
}

export const sqliteDialect: SqlDialect = {
  name: 'sqlite',
  bytewise: '',
  jsonTexts: (json, alias) => `json_each(${json}) AS ${alias}`,
  jsonRecords: (json, alias, columns) =>
    `(SELECT ${columns.map((column) => `value ->> '$.${column}' AS ${column}`).join(', ')}
      FROM json_each(${json})) AS ${alias}`,
  jsonArrayOf: (expression, from, order) =>
    `(SELECT json_group_array(${expression}) FROM (SELECT ${expression} FROM ${from} ORDER BY ${order}))`,
};

export const postgresDialect: SqlDialect = {
  name: 'postgres',
  bytewise: ' COLLATE "C"',
  jsonTexts: (json, alias) => `json_array_elements_text(${json}::json) AS ${alias} (value)`,
  jsonRecords: (json, alias, columns) =>
    `json_to_recordset(${json}::json) AS ${alias} (${columns.map((column) => `${column} text`).join(', ')})`,
  jsonArrayOf: (expression, from, order) =>
    `coalesce((SELECT json_agg(${expression} ORDER BY ${order}) FROM ${from}), '[]'::json)::text`,
};
