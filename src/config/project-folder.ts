/**
 * The paperboy folder: the nearest folder above this module that holds paperboy's package.json. The same
 * answer from the sources (src/config/, run by tsx or vitest) and from the bundle (dist/paperboy.js), which
 * sit at different depths.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let found: string | undefined;

export function projectFolder(): string {
  found ??= search(dirname(fileURLToPath(import.meta.url)));
  return found;
}

function search(start: string): string {
  for (let folder = start; ; folder = dirname(folder)) {
    if (isPaperboyPackage(join(folder, 'package.json'))) return folder;
    if (dirname(folder) === folder) return process.cwd();
  }
}

function isPaperboyPackage(file: string): boolean {
  if (!existsSync(file)) return false;
  try {
    return (JSON.parse(readFileSync(file, 'utf8')) as { name?: unknown }).name === 'paperboy';
  } catch {
    return false;
  }
}
