/**
 * A fresh PostgreSQL database for one crash run, on the server TEST_DATABASE_URL names (or the project's
 * machine's server, postgres://postgres@127.0.0.1:5432/test): created for the run, dropped after it, with
 * a look at the `digests` lease (which instance is running the fan-out, by pid).
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { localServerUrl, onServer } from '../support/pg-server';

export const defaultServerUrl = localServerUrl;

export interface CrashDatabase {
  /** DATABASE_URL of the new database. */
  url: string;
  /**
   * The pid in the holder of the live `digests` lease, or null when no lease is live; live at `at` (the
   * bots' clock, when it is moved), or the server's now.
   */
  digestsHolderPid(at?: Date): Promise<number | null>;
  /** Drops the database (closing whatever connections the killed instances left). */
  drop(): Promise<void>;
}

export async function createCrashDatabase(serverUrl = defaultServerUrl): Promise<CrashDatabase> {
  const name = `paperboy_crash_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  await onServer(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const watcher = new pg.Client({ connectionString: url.toString() });
  await watcher.connect();
  return {
    url: url.toString(),
    async digestsHolderPid() {
      // The bots' PostgreSQL leases go by the server's clock (src/engines/postgres/pg-job-lease-repository.ts).
      const { rows } = await watcher.query<{ holder: string }>(
        "SELECT holder FROM job_leases WHERE job = 'digests' AND expires_at > clock_timestamp()",
      );
      // The holder is `host:pid:startedAt:random` (src/app/run-bot.ts).
      const pid = rows[0] ? Number(rows[0].holder.split(':')[1]) : Number.NaN;
      return Number.isFinite(pid) ? pid : null;
    },
    async drop() {
      await watcher.end().catch(() => undefined);
      await onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
