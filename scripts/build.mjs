#!/usr/bin/env node
/**
 * The production build: one ES module, dist/paperboy.js, bundled by esbuild from src/main.ts. Bundling
 * (rather than plain `tsc`) because the sources use the Bundler resolution (extensionless relative imports)
 * that Node's ESM loader refuses; dependencies stay external, loaded from node_modules as usual (the native
 * better-sqlite3, pino's worker transport). Runs from `npm install` (the `prepare` script) and `npm test`.
 */
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = `${root}dist`;

rmSync(dist, { recursive: true, force: true });
mkdirSync(dist, { recursive: true });
await build({
  entryPoints: [`${root}src/main.ts`],
  outfile: `${dist}/paperboy.js`,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  // For a debugger, or `node --enable-source-maps` when a stack should name the TypeScript lines.
  sourcemap: true,
  sourcesContent: false,
  logLevel: 'warning',
  legalComments: 'none',
});
// Read at run time by --demo only (next to the bundle, as next to its source), so it stays out of the bundle.
copyFileSync(`${root}src/demo/sample-batch-2024-10-25.json`, `${dist}/sample-batch-2024-10-25.json`);
