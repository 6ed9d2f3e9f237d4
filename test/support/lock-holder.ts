/**
 * Another process holding a SQLite database's write lock, as a `sqlite3` shell, a backup script or a second
 * tool would: a child node process opens the file, runs `BEGIN IMMEDIATE` and keeps the transaction open
 * until it is told to roll back. Readers are not blocked by it (WAL); every writer is.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

const script = `
const Database = require('better-sqlite3');
const db = new Database(process.argv[1]);
db.exec('BEGIN IMMEDIATE');
process.stdout.write('held\\n');
let released = false;
const release = () => {
  if (released) return;
  released = true;
  db.exec('ROLLBACK');
  db.close();
  process.stdout.write('released\\n');
  process.exit(0);
};
process.stdin.on('data', release);
process.stdin.on('end', release);
`;

export interface LockHolder {
  readonly pid: number;
  /** Rolls back and resolves once the lock is gone. */
  release(): Promise<void>;
}

function lineFrom(child: ChildProcess, expected: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const onData = (chunk: Buffer) => {
      seen += String(chunk);
      if (seen.split('\n').includes(expected)) {
        child.stdout?.off('data', onData);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`the lock holder exited (${code}) before "${expected}"`)));
  });
}

/** Resolves once the other process holds the write lock of `database`. */
export async function holdWriteLock(database: string): Promise<LockHolder> {
  const child = spawn(process.execPath, ['-e', script, database], {
    cwd: root,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  await lineFrom(child, 'held');
  let released: Promise<void> | null = null;
  return {
    pid: child.pid ?? 0,
    release() {
      released ??= (async () => {
        const gone = lineFrom(child, 'released').catch(() => {});
        child.stdin?.end('release\n');
        await gone;
        await new Promise<void>((resolve) => {
          if (child.exitCode !== null) resolve();
          else child.once('exit', () => resolve());
        });
      })();
      return released;
    },
  };
}
