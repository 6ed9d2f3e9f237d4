/**
 * vitest global setup: builds dist/ once per run, so every test that spawns `bin/paperboy.js` runs the
 * bundle that `npm start` ships, made from the sources under test.
 */
export default async function buildOnce(): Promise<void> {
  // @ts-expect-error: a plain ES module script without type declarations.
  await import('../../scripts/build.mjs');
}
