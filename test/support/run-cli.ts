import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const bin = fileURLToPath(new URL('../../bin/paperboy.js', import.meta.url));

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The environment a child paperboy gets: no chat credentials, no inherited settings, JSON logs. */
export function childEnv(overrides: Record<string, string>): NodeJS.ProcessEnv {
  const keep = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !/^(HF_|DATABASE_URL|DISCORD_|SLACK_|LOG_)/.test(key)),
  );
  return { ...keep, LOG_FORMAT: 'json', ...overrides };
}

export interface CliOptions {
  env: Record<string, string>;
  cwd: string;
  input?: string;
  /** Another installation's `bin/paperboy.js` (test/support/paperboy-folder.ts). Default: this one's. */
  bin?: string;
  /** Run as an unprivileged user (see test/support/unprivileged.ts) rather than as the test runner. */
  user?: { uid: number; gid: number } | undefined;
}

/** Runs `paperboy <args>` through its package bin, as `npx paperboy` would. */
export function runCli(args: string[], options: CliOptions): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [options.bin ?? bin, ...args], {
      cwd: options.cwd,
      env: childEnv(options.env),
      ...(options.user ?? {}),
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(options.input ?? '');
  });
}
