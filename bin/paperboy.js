#!/usr/bin/env node
// Runs the built CLI (dist/, made by `npm install` through the `prepare` script, or `npm run build`).
import { existsSync } from 'node:fs';

const bundle = new URL('../dist/paperboy.js', import.meta.url);
if (!existsSync(bundle)) {
  process.stderr.write(
    'paperboy: not built yet: run `npm run build` (or `npm install`) in the paperboy folder.\n',
  );
  process.exit(1);
}
await import(bundle.href);
