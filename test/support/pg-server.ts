/** The PostgreSQL server tests and benchmarks may use, and one-off statements on it outside any pool. */
import pg from 'pg';

/** The local server the project's machines run (used when TEST_DATABASE_URL is not set). */
export const localServerUrl = 'postgres://postgres@127.0.0.1:5432/test';

/** One statement on the server through a connection of its own (creating or dropping a schema or database). */
export async function onServer(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
