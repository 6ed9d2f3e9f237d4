/**
 * `npm run bench:search [-- --papers 1000000 --queries 1000 --baseline-queries 100 --seed 1 --store sqlite,postgres]`
 *
 * The baseline runs every query by default (about a minute at 100,000 papers); at a million papers, give it
 * fewer with `--baseline-queries`: the speed-up is always measured on the same queries for both.
 *
 * Builds a deterministic synthetic corpus in a temporary SQLite file, indexes it through the real store,
 * runs a mixed query load through the real search service (as the CLI does: inline filters parsed, five
 * results and snippets), then the same queries against a naive substring scan and plain FTS5 bm25, and
 * prints them side by side, with recall@10 against the same ranking done exhaustively. Peak RSS is read before the baseline loads its copy of every paper.
 *
 * `--store postgres` (TEST_DATABASE_URL, else the local server) or `--store pglite` runs the same corpus and
 * queries on the PostgreSQL store instead; the baselines read the SQLite file, so they run with SQLite only.
 * `--store sqlite,postgres` measures both in one run, one after the other, and ends with them side by side.
 *
 * `--db /tmp/bench-1m.db` builds the SQLite file there and keeps it (`--schema NAME`: a PostgreSQL schema kept
 * on the server; `--db NAME` too when PostgreSQL runs alone); run again with the same `--papers` and seed, it is searched without indexing again (a million papers take many minutes to index). Latency is
 * printed as wall time and as this process's CPU time (on a shared machine the first includes waiting for a
 * core), per query kind too; `--slowest 20` lists the slowest queries, `--worst-recall 20` those whose top 10 differ most from the exhaustive ranking's; `--no-baselines` skips the naive scan.
 */
import { statSync } from 'node:fs';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import type { Paper } from '../src/records/paper';
import { parseSearchQuery } from '../src/search/query-syntax';
import { paperFilters } from '../src/search/search-filters';
import { createSearchService } from '../src/search/search-service';
import { words } from '../src/search/search-text';
import { type BenchQuery, benchQueries, type QueryKind } from './bench-queries';
import { openBenchStore, type StoreKind, settleBenchStore, storeKind } from './bench-store';
import { naiveBaseline } from './naive-baseline';
import { createCorpus } from './synthetic-corpus';

const { values } = parseArgs({
  options: {
    papers: { type: 'string', default: '100000' },
    queries: { type: 'string', default: '1000' },
    'baseline-queries': { type: 'string', default: '1000' },
    'recall-queries': { type: 'string', default: '200' },
    seed: { type: 'string', default: '1' },
    store: { type: 'string', default: 'sqlite' },
    db: { type: 'string' },
    schema: { type: 'string' },
    'no-baselines': { type: 'boolean', default: false },
    slowest: { type: 'string', default: '0' },
    'worst-recall': { type: 'string', default: '0' },
  },
});
const papers = Number(values.papers);
const queryCount = Number(values.queries);
const baselineCount = Math.min(queryCount, Number(values['baseline-queries']));
const seed = Number(values.seed);
const recallCount = Number(values['recall-queries']);
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

const kinds = (values.store ?? 'sqlite').split(',').map(storeKind);
/** `--db` is the SQLite file; the PostgreSQL schema is `--schema`, or `--db` when PostgreSQL runs alone. */
const keptAs = (kind: StoreKind) =>
  kind === 'sqlite'
    ? values.db
    : kind === 'postgres'
      ? (values.schema ?? (kinds.length === 1 ? values.db : undefined))
      : undefined;
if (kinds.includes('pglite') && (values.db ?? values.schema) !== undefined)
  throw new Error('--db is a SQLite file, --schema a PostgreSQL schema: PGlite keeps neither');

interface Summary {
  label: string;
  build: string;
  wall: ReturnType<typeof stats>;
  cpu: ReturnType<typeof stats>;
  recallAt10: number;
  peakRssMb: number;
}

/** Builds (or reuses) the corpus on one store, measures it, prints its report and returns the headline. */
async function benchOn(kind: StoreKind): Promise<Summary> {
  const keep = keptAs(kind);
  const opened = await openBenchStore(kind, keep === undefined ? {} : { keep });
  const { store, file } = opened;
  // A kept file that already holds the corpus is not indexed again: the papers are only generated (for the
  // sample the queries are drawn from, in the same order as when it was built).
  const stored = await store.papers.count();
  if (stored !== 0 && stored !== papers)
    throw new Error(`${keep} holds ${stored} papers, not ${papers}: give --papers ${stored} or another file`);
  const reused = stored === papers;
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
    if (reused) continue;
    began = performance.now();
    await store.papers.upsertMany(batch);
    indexMs += performance.now() - began;
    if (process.stderr.isTTY)
      process.stderr.write(`\rindexed ${(start + batch.length).toLocaleString('en')} papers`);
  }
  if (process.stderr.isTTY) process.stderr.write('\n');

  await settleBenchStore(opened);
  const search = createSearchService(store);
  const reference = createSearchService(store, undefined, { exhaustive: true });
  const queries = benchQueries(sample, queryCount, seed + 1);
  const request = (query: BenchQuery, limit: number) => {
    const parsed = parseSearchQuery(query.text);
    return { text: parsed.text, filters: paperFilters(parsed.filters, newestDay), limit };
  };
  const run = async (query: BenchQuery) => (await search.search(request(query, 6))).hits.length;
  // The sync job's refresh after the fetch (acronyms mined, SQLite's common-word lists): part of the build.
  let began = performance.now();
  await store.papers.refreshSearch();
  const listsMs = performance.now() - began;
  indexMs += listsMs;
  for (const query of queries.slice(0, 20)) await run(query);
  const times: number[] = [];
  // CPU time too: the machine is shared, and a query's wall time then includes waiting for a core.
  const cpuTimes: number[] = [];
  const byKind = new Map<QueryKind, { wall: number[]; cpu: number[] }>();
  const timed: Array<{ query: BenchQuery; cpu: number; wall: number }> = [];
  let empty = 0;
  for (const query of queries) {
    const began = performance.now();
    const cpuBefore = process.cpuUsage();
    if ((await run(query)) === 0) empty++;
    const cpu = process.cpuUsage(cpuBefore);
    const elapsed = performance.now() - began;
    const cpuMs = (cpu.user + cpu.system) / 1000;
    times.push(elapsed);
    cpuTimes.push(cpuMs);
    timed.push({ query, cpu: cpuMs, wall: elapsed });
    const kindTimes = byKind.get(query.kind) ?? { wall: [], cpu: [] };
    kindTimes.wall.push(elapsed);
    kindTimes.cpu.push(cpuMs);
    byKind.set(query.kind, kindTimes);
  }
  const searchRss = peakRssMb();

  // Recall@10 against the same ranking done exhaustively: every word scored (no dense-word shortcut) over a
  // 2,000-paper bm25 window; the share of the reference's top 10 that the served search also returns.
  const recallQueries = queries
    .filter((query) => parseSearchQuery(query.text).text.trim())
    .slice(0, recallCount);
  let recallSum = 0;
  const missed: Array<{ text: string; recall: number }> = [];
  let recallDenominator = 0;
  for (const query of recallQueries) {
    const want = (await reference.search(request(query, 10))).hits.map((hit) => hit.paper.id);
    if (want.length === 0) continue;
    const got = new Set((await search.search(request(query, 10))).hits.map((hit) => hit.paper.id));
    const recall = want.filter((id) => got.has(id)).length / want.length;
    recallSum += recall;
    if (recall < 1) missed.push({ text: query.text, recall });
    recallDenominator++;
  }
  const recallAt10 = recallSum / Math.max(1, recallDenominator);
  const plainTimes: number[] = [];
  const baselineTimes: number[] = [];
  let baselineLoadMs = 0;
  let baselineRss = 0;
  let dbMb = 0;
  const plainCpuTimes: number[] = [];
  if (file) {
    await opened.closeStore();
    // Plain FTS5, as the library ships it: the query's words ANDed, ranked by bm25() without column weights, on
    // the same index (porter tokenizer); filters are left out, so filter queries give it less work.
    const plainDb = new Database(file, { readonly: true });
    const plain = plainDb
      .prepare(
        'SELECT rowid FROM paper_search WHERE paper_search MATCH ? ORDER BY bm25(paper_search) LIMIT 6',
      )
      .pluck();
    for (const query of queries) {
      const quoted = words(parseSearchQuery(query.text).text).map((word) => `"${word}"`);
      if (quoted.length === 0) continue;
      const started = performance.now();
      const cpuBefore = process.cpuUsage();
      plain.all(quoted.join(' '));
      const cpu = process.cpuUsage(cpuBefore);
      plainTimes.push(performance.now() - started);
      plainCpuTimes.push((cpu.user + cpu.system) / 1000);
    }
    plainDb.close();
  }
  if (file && !values['no-baselines']) {
    const db = new Database(file, { readonly: true });
    began = performance.now();
    const baseline = naiveBaseline(db, newestDay);
    baselineLoadMs = performance.now() - began;
    for (const query of queries.slice(0, baselineCount)) {
      const parsed = parseSearchQuery(query.text);
      began = performance.now();
      baseline.search(parsed.text, parsed.filters, 6);
      baselineTimes.push(performance.now() - began);
    }
    baselineRss = peakRssMb();
    db.close();
  }
  if (file) dbMb = statSync(file).size / 1024 / 1024;
  await opened.close();

  const ours = stats(times);
  const oursCpu = stats(cpuTimes);
  const plainCpu = stats(plainCpuTimes);
  const theirs = stats(baselineTimes);
  const plainStats = stats(plainTimes);
  const oursOnBaselineSet = stats(times.slice(0, baselineCount));
  const speedUp = theirs.p50 / Math.max(oursOnBaselineSet.p50, 1e-6);
  // Without a SQLite file the baselines did not run: their columns stay empty.
  const naiveRan = file !== null && !values['no-baselines'];
  const row = (label: string, a: string, b: string, c = '') =>
    out(`${label.padEnd(24)}${a.padEnd(30)}${(file ? c : '').padEnd(24)}${naiveRan ? b : ''}`);
  out(
    `paperboy search benchmark: ${papers.toLocaleString('en')} synthetic papers, ${queryCount.toLocaleString('en')} mixed queries, seed ${seed}`,
  );
  out();
  row(
    '',
    `paperboy (${opened.label})`,
    naiveRan ? 'naive substring scan' : '',
    file ? 'plain FTS5 bm25 (AND)' : '',
  );
  row(
    'index build',
    reused
      ? `(file built earlier; lists ${(listsMs / 1000).toFixed(1)} s)`
      : `${(indexMs / 1000).toFixed(1)} s (lists ${(listsMs / 1000).toFixed(1)} s)`,
    `${(baselineLoadMs / 1000).toFixed(1)} s (load into memory)`,
  );
  row('latency p50', `${ms(ours.p50)} ms`, `${ms(theirs.p50)} ms`, `${ms(plainStats.p50)} ms`);
  row('latency p95', `${ms(ours.p95)} ms`, `${ms(theirs.p95)} ms`, `${ms(plainStats.p95)} ms`);
  row('latency p99', `${ms(ours.p99)} ms`, `${ms(theirs.p99)} ms`, `${ms(plainStats.p99)} ms`);
  row('latency max', `${ms(ours.max)} ms`, `${ms(theirs.max)} ms`, `${ms(plainStats.max)} ms`);
  row('CPU time p50', `${ms(oursCpu.p50)} ms`, '', `${ms(plainCpu.p50)} ms`);
  row('CPU time p95', `${ms(oursCpu.p95)} ms`, '', `${ms(plainCpu.p95)} ms`);
  row('CPU time p99', `${ms(oursCpu.p99)} ms`, '', `${ms(plainCpu.p99)} ms`);
  row(
    'queries timed',
    `${times.length}`,
    `${baselineTimes.length} (the first ${baselineCount} of the same)`,
    `${plainTimes.length} (those with words)`,
  );
  row('recall@10', `${recallAt10.toFixed(3)}`, '', `(${recallDenominator} queries vs exhaustive)`);
  row('peak RSS', `${searchRss.toFixed(0)} MB`, `${baselineRss.toFixed(0)} MB (process peak, after loading)`);
  out();
  out('| query kind | queries | wall p50 | wall p95 | wall p99 | CPU p50 | CPU p95 | CPU p99 |');
  out('|---|---|---|---|---|---|---|---|');
  for (const [kind, list] of byKind) {
    const wall = stats(list.wall);
    const cpu = stats(list.cpu);
    out(
      `| ${kind} | ${list.wall.length} | ${[wall.p50, wall.p95, wall.p99, cpu.p50, cpu.p95, cpu.p99].map((value) => `${ms(value)} ms`).join(' | ')} |`,
    );
  }
  // On PostgreSQL the work is the server's, not this process's: the slowest are then those by wall time.
  const byWall = kind !== 'sqlite';
  const slowest = [...timed]
    .sort((a, b) => (byWall ? b.wall - a.wall : b.cpu - a.cpu))
    .slice(0, Number(values.slowest));
  if (slowest.length > 0) out(`\nslowest by ${byWall ? 'wall' : 'CPU'} time (wall / CPU):`);
  for (const { query, cpu, wall } of slowest)
    out(`  ${ms(wall).padStart(6)} / ${ms(cpu).padStart(6)} ms  ${query.kind.padEnd(14)} ${query.text}`);
  const worst = [...missed].sort((a, b) => a.recall - b.recall).slice(0, Number(values['worst-recall']));
  if (worst.length > 0) out(`\nlowest recall@10 (${missed.length} of ${recallDenominator} queries below 1):`);
  for (const { text, recall } of worst) out(`  ${recall.toFixed(1)}  ${text}`);
  out(
    `  ${empty} of ${times.length} queries found nothing;${file ? ` database ${dbMb.toFixed(0)} MB;` : ''} corpus generated in ${(generateMs / 1000).toFixed(1)} s`,
  );
  out();
  const check = (ok: boolean, text: string) => out(`  ${ok ? '✓' : '✗'} ${text}`);
  out('targets (2-core machine):');
  // SQLite: 10 ms at 100k, 25 ms at a million; PostgreSQL (a server round trip per statement): 25 ms at 100k.
  const p99Target = papers >= 1_000_000 || kind !== 'sqlite' ? 25 : 10;
  check(ours.p99 <= p99Target, `p99 ≤ ${p99Target} ms: ${ms(ours.p99)} ms (CPU time ${ms(oursCpu.p99)} ms)`);
  check(recallAt10 >= 0.9, `recall@10 ≥ 0.9 against exhaustive ranking: ${recallAt10.toFixed(3)}`);
  if (!reused) check(indexMs <= 30_000, `index build ≤ 30 s: ${(indexMs / 1000).toFixed(1)} s`);
  check(searchRss <= 300, `peak RSS ≤ 300 MB: ${searchRss.toFixed(0)} MB`);
  if (file && !values['no-baselines'])
    check(
      speedUp >= 50,
      `≥ 50× faster than the baseline at p50: ${speedUp.toFixed(0)}× (same ${baselineCount} queries)`,
    );
  return {
    label: opened.label,
    build: reused ? `(kept; lists ${(listsMs / 1000).toFixed(1)} s)` : `${(indexMs / 1000).toFixed(1)} s`,
    wall: ours,
    cpu: oursCpu,
    recallAt10,
    peakRssMb: searchRss,
  };
}

const summaries: Summary[] = [];
for (const kind of kinds) {
  summaries.push(await benchOn(kind));
  out();
}
if (summaries.length > 1) {
  // One run, one machine state: the stores side by side, each measured on the same corpus and queries.
  out(
    `| ${papers.toLocaleString('en')} papers, one run | ${summaries.map((summary) => summary.label).join(' | ')} |`,
  );
  out(`|---|${summaries.map(() => '---').join('|')}|`);
  const line = (name: string, cell: (summary: Summary) => string) =>
    out(`| ${name} | ${summaries.map(cell).join(' | ')} |`);
  line('index build', (summary) => summary.build);
  line('wall p50 / p95 / p99', ({ wall }) => `${ms(wall.p50)} / ${ms(wall.p95)} / ${ms(wall.p99)} ms`);
  line('bench CPU p50 / p95 / p99', ({ cpu }) => `${ms(cpu.p50)} / ${ms(cpu.p95)} / ${ms(cpu.p99)} ms`);
  line('recall@10', (summary) => summary.recallAt10.toFixed(3));
  line('peak RSS (the process, so far)', (summary) => `${summary.peakRssMb.toFixed(0)} MB`);
}
