/**
 * `npm run bench:search [-- --papers 1000000 --queries 1000 --baseline-queries 100 --seed 1]`
 *
 * The baseline runs every query by default (about a minute at 100,000 papers); at a million papers, give it
 * fewer with `--baseline-queries`: the speed-up is always measured on the same queries for both.
 *
 * Builds a deterministic synthetic corpus in a temporary SQLite file, indexes it through the real store,
 * runs a mixed query load through the real search service (as the CLI does: inline filters parsed, five
 * results and snippets), then the same queries against a naive substring scan, and prints both side by
 * side. Peak RSS is read before the baseline loads its copy of every paper.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import type { Paper } from '../src/papers/paper';
import { parseSearchQuery } from '../src/search/query-syntax';
import { paperFilters } from '../src/search/search-filters';
import { createSearchService } from '../src/search/search-service';
import { openSqliteStore } from '../src/store/sqlite/sqlite-store';
import { type BenchQuery, benchQueries, type QueryKind } from './bench-queries';
import { naiveBaseline } from './naive-baseline';
import { createCorpus } from './synthetic-corpus';

const { values } = parseArgs({
  options: {
    papers: { type: 'string', default: '100000' },
    queries: { type: 'string', default: '1000' },
    'baseline-queries': { type: 'string', default: '1000' },
    seed: { type: 'string', default: '1' },
  },
});
const papers = Number(values.papers);
const queryCount = Number(values.queries);
const baselineCount = Math.min(queryCount, Number(values['baseline-queries']));
const seed = Number(values.seed);
const newestDay = '2026-11-30';
const chunk = 2000;
const out = (line = '') => process.stdout.write(`${line}\n`);

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
const stats = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? 0,
  };
};
const peakRssMb = () => process.resourceUsage().maxRSS / 1024;
const ms = (value: number) => (value < 10 ? value.toFixed(2) : value.toFixed(0));

const folder = mkdtempSync(join(tmpdir(), 'paperboy-bench-'));
const file = join(folder, 'bench.db');
const store = openSqliteStore(file);
const corpus = createCorpus({ seed, papers, newestDay });
const sample: Paper[] = [];
const sampleEvery = Math.max(1, Math.floor(papers / 2000));
let generateMs = 0;
let indexMs = 0;
for (let start = 0; start < papers; start += chunk) {
  let began = performance.now();
  const batch = Array.from({ length: Math.min(chunk, papers - start) }, (_, i) => corpus.paper(start + i));
  generateMs += performance.now() - began;
  for (const [i, paper] of batch.entries()) if ((start + i) % sampleEvery === 0) sample.push(paper);
  began = performance.now();
  store.papers.upsertMany(batch);
  indexMs += performance.now() - began;
  if (process.stderr.isTTY)
    process.stderr.write(`\rindexed ${(start + batch.length).toLocaleString('en')} papers`);
}
if (process.stderr.isTTY) process.stderr.write('\n');

const search = createSearchService(store);
const queries = benchQueries(sample, queryCount, seed + 1);
const run = (query: BenchQuery) => {
  const parsed = parseSearchQuery(query.text);
  return search.search({ text: parsed.text, filters: paperFilters(parsed.filters, newestDay), limit: 6 }).hits
    .length;
};
for (const query of queries.slice(0, 20)) run(query);
const times: number[] = [];
const byKind = new Map<QueryKind, number[]>();
let empty = 0;
for (const query of queries) {
  const began = performance.now();
  if (run(query) === 0) empty++;
  const elapsed = performance.now() - began;
  times.push(elapsed);
  byKind.set(query.kind, [...(byKind.get(query.kind) ?? []), elapsed]);
}
const searchRss = peakRssMb();
store.close();

const db = new Database(file, { readonly: true });
let began = performance.now();
const baseline = naiveBaseline(db, newestDay);
const baselineLoadMs = performance.now() - began;
const baselineTimes: number[] = [];
for (const query of queries.slice(0, baselineCount)) {
  const parsed = parseSearchQuery(query.text);
  began = performance.now();
  baseline.search(parsed.text, parsed.filters, 6);
  baselineTimes.push(performance.now() - began);
}
const baselineRss = peakRssMb();
db.close();
const dbMb = statSync(file).size / 1024 / 1024;
rmSync(folder, { recursive: true, force: true });

const ours = stats(times);
const theirs = stats(baselineTimes);
const oursOnBaselineSet = stats(times.slice(0, baselineCount));
const speedUp = theirs.p50 / Math.max(oursOnBaselineSet.p50, 1e-6);
const row = (label: string, a: string, b: string) => out(`${label.padEnd(24)}${a.padEnd(22)}${b}`);
out(
  `paperboy search benchmark: ${papers.toLocaleString('en')} synthetic papers, ${queryCount.toLocaleString('en')} mixed queries, seed ${seed}`,
);
out();
row('', 'paperboy (FTS5)', 'naive substring scan');
row(
  'index build',
  `${(indexMs / 1000).toFixed(1)} s`,
  `${(baselineLoadMs / 1000).toFixed(1)} s (load into memory)`,
);
row('latency p50', `${ms(ours.p50)} ms`, `${ms(theirs.p50)} ms`);
row('latency p95', `${ms(ours.p95)} ms`, `${ms(theirs.p95)} ms`);
row('latency p99', `${ms(ours.p99)} ms`, `${ms(theirs.p99)} ms`);
row('latency max', `${ms(ours.max)} ms`, `${ms(theirs.max)} ms`);
row('queries timed', `${times.length}`, `${baselineTimes.length} (the first ${baselineCount} of the same)`);
row('peak RSS', `${searchRss.toFixed(0)} MB`, `${baselineRss.toFixed(0)} MB (process peak, after loading)`);
out();
for (const [kind, list] of byKind) {
  const s = stats(list);
  out(
    `  ${kind.padEnd(14)} ${String(list.length).padStart(4)} queries   p50 ${ms(s.p50)} ms   p95 ${ms(s.p95)} ms   p99 ${ms(s.p99)} ms`,
  );
}
out(
  `  ${empty} of ${times.length} queries found nothing; database ${dbMb.toFixed(0)} MB; corpus generated in ${(generateMs / 1000).toFixed(1)} s`,
);
out();
const check = (ok: boolean, text: string) => out(`  ${ok ? '✓' : '✗'} ${text}`);
out('targets (2-core machine):');
check(ours.p99 <= 10, `p99 ≤ 10 ms: ${ms(ours.p99)} ms`);
check(indexMs <= 30_000, `index build ≤ 30 s: ${(indexMs / 1000).toFixed(1)} s`);
check(searchRss <= 300, `peak RSS ≤ 300 MB: ${searchRss.toFixed(0)} MB`);
check(
  speedUp >= 50,
  `≥ 50× faster than the baseline at p50: ${speedUp.toFixed(0)}× (same ${baselineCount} queries)`,
);
