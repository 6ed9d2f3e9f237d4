/**
 * A second installation of paperboy in a temporary folder (its package.json, bin/ and the dist/ this run
 * built, with node_modules linked to this one's), so a test can see where paperboy puts its default
 * database without touching the data/ folder of the checkout under test.
 */
import { cpSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from './run-cli';

export interface PaperboyFolder {
  /** The installation's folder (what a relative DATABASE_URL is taken from). */
  folder: string;
  /** Its `bin/paperboy.js`, for `runCli(…, { bin })`. */
  bin: string;
}

export function copyOfPaperboy(): PaperboyFolder {
  const folder = mkdtempSync(join(tmpdir(), 'paperboy-install-'));
  for (const part of ['package.json', 'bin', 'dist'])
    cpSync(join(repoRoot, part), join(folder, part), { recursive: true });
  symlinkSync(join(repoRoot, 'node_modules'), join(folder, 'node_modules'), 'dir');
  return { folder, bin: join(folder, 'bin', 'paperboy.js') };
}
