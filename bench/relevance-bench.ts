/**
 * `npm run bench:relevance [-- --store sqlite,postgres] [--no-ablation] [--reveal-held-out]`: the labelled
 * set of test/search/relevance-set-v3.ts over the larger corpus, per category, for the old search
 * (recorded), this search on each store asked for (SQLite by default; `postgres` is TEST_DATABASE_URL or the
 * local server, `pglite` the embedded one) and plain FTS5 bm25; the existing sets; then the independent set
 * of issue 26 (test/search/relevance-set-independent.ts) over its own corpus, tuned half only, beside plain
 * FTS5 with the words ANDed, ORed and ORed over the title, abstract and names (as every other set is); then
 * the acronym set (test/search/relevance-set-acronyms.ts) over its corpus, tuned half only, beside the same
 * baselines; then the ablation tables (on the first store): MRR@10 of every set, and the independent and
 * acronym sets per category, with each mechanism of search-features.ts switched off in turn.
 *
 * The independent and acronym sets' held-out halves are never printed unless `--reveal-held-out` says so,
 * and then only as per-category figures: they are for the end of the search work, never for tuning.
 */
import { parseArgs } from 'node:util';
import { allFeatures, type SearchFeatures } from '../src/search/search-features';
import { acronymCategories } from '../test/search/relevance-set-acronyms';
import { independentCategories } from '../test/search/relevance-set-independent';
import { relevanceSetV3 } from '../test/search/relevance-set-v3';
import {
  acronymHeldOut,
  acronymSystems,
  acronymTuned,
  independentHeldOut,
  independentSystems,
  independentTuned,
  plainNames,
} from '../test/search/support/independent-report';
import {
  existingSets,
  formatTable,
  heldOut,
  type Labelled,
  type Metric,
  type Row,
  scoreByCategory,
  scoreEachCategory,
  systems,
  tuned,
} from '../test/search/support/relevance-report';
import { openBenchStore, type StoreKind, storeKind } from './bench-store';

const { values } = parseArgs({
  options: {
    store: { type: 'string', default: 'sqlite' },
    'no-ablation': { type: 'boolean', default: false },
    'reveal-held-out': { type: 'boolean', default: false },
  },
});
const kinds = [...new Set((values.store ?? 'sqlite').split(',').map((name) => storeKind(name.trim())))];
const first = kinds[0] ?? 'sqlite';

/** Opens a fresh store of `kind` for one run; the caller closes the store, which also removes it. */
const opener = (kind: StoreKind) => async () => {
  const opened = await openBenchStore(kind, { file: false });
  return { ...opened.store, close: () => opened.close() };
};

const runs = [];
for (const kind of kinds) runs.push({ kind, run: await systems(allFeatures, opener(kind)) });
const [reference] = runs;
if (!reference) throw new Error('no store to measure');
const shown: Metric[] = ['hits', 'mrrAt10'];
for (const [title, set] of [
  ['All queries', relevanceSetV3],
  ['Tuned on (two thirds)', tuned],
  ['Held out (one third, never tuned on)', heldOut],
] as const) {
  console.log(`\n## The v3 set, ${title}: ${set.length} queries, hits@10 / MRR@10\n`);
  const columns = [{ name: 'old search', rows: await scoreByCategory(set, reference.run.old) }];
  for (const { kind, run } of runs)
    columns.push({ name: `new search (${kind})`, rows: await scoreByCategory(set, run.current) });
  for (const variant of ['and', 'or', 'orNames'] as const)
    columns.push({
      name: plainNames[variant],
      rows: await scoreByCategory(set, reference.run.plainVariants[variant]),
    });
  console.log(formatTable(columns, shown));
}
for (const { run } of runs) await run.close();

console.log(
  '\n## The existing sets (real fixtures, 39 papers): MRR@10 (hits@10), and off-topic answered with nothing or weak\n',
);
const existingNames: Record<string, string> = {
  old: 'old search',
  plain: plainNames.and,
  plainOr: plainNames.or,
  plainOrNames: plainNames.orNames,
};
console.log('| system | main set (70) | held out (30) | off-topic clean (14) |\n|---|---|---|---|');
for (const kind of kinds)
  for (const row of await existingSets(allFeatures, opener(kind))) {
    // The old search and plain FTS5 do not depend on the store: listed once.
    if (row.name !== 'new' && kind !== first) continue;
    const name = row.name === 'new' ? `new (${kind})` : (existingNames[row.name] ?? row.name);
    console.log(
      `| ${name} | ${row.main.toFixed(3)} (${row.mainHits}) | ${row.heldOut.toFixed(3)} (${row.heldOutHits}) | ${row.offTopic.toFixed(2)} |`,
    );
  }

const reveal = values['reveal-held-out'] ?? false;

/**
 * A labelled set's tuned half (and, with --reveal-held-out, its held-out half) on every store asked for,
 * per category, beside plain FTS5 AND, OR and OR over the names on the first store.
 */
async function reportHalves<Category extends string>(
  name: string,
  build: typeof independentSystems,
  halves: {
    tuned: Array<Labelled<Category>>;
    heldOut: Array<Labelled<Category>>;
    categories: readonly Category[];
  },
  purpose: string,
): Promise<void> {
  const runs = [];
  for (const kind of kinds) runs.push({ kind, run: await build(allFeatures, opener(kind)) });
  const [baseline] = runs;
  if (!baseline) throw new Error('no store to measure');
  const shownHalves: Array<[string, Array<Labelled<Category>>]> = [[`${name}, tuned half`, halves.tuned]];
  if (reveal)
    shownHalves.push([
      `${name}, HELD-OUT half, revealed by --reveal-held-out: for the end of ${purpose}, never tune on it`,
      halves.heldOut,
    ]);
  for (const [title, set] of shownHalves) {
    console.log(
      `\n## ${title}: ${set.length} queries over ${baseline.run.papers} papers, hits@10 / MRR@10\n`,
    );
    const columns = [];
    for (const { kind, run } of runs)
      columns.push({
        name: `this search (${kind})`,
        rows: await scoreEachCategory(set, halves.categories, run.current),
      });
    for (const variant of ['and', 'or', 'orNames'] as const)
      columns.push({
        name: plainNames[variant],
        rows: await scoreEachCategory(set, halves.categories, baseline.run.plain[variant]),
      });
    console.log(formatTable(columns, shown));
  }
  if (!reveal)
    console.log(
      `\n(${name}'s held-out half, ${halves.heldOut.length} queries, is not shown: --reveal-held-out at the end.)`,
    );
  for (const { run } of runs) await run.close();
}

await reportHalves(
  'Independent set (issue 26)',
  independentSystems,
  { tuned: independentTuned, heldOut: independentHeldOut, categories: independentCategories },
  'the search work',
);
await reportHalves(
  'Acronym set',
  acronymSystems,
  { tuned: acronymTuned, heldOut: acronymHeldOut, categories: acronymCategories },
  'the acronym work',
);

if (!values['no-ablation']) {
  const overall = (rows: Array<Row<string>>) =>
    rows.find((row) => row.category === 'all')?.scores.mrrAt10.toFixed(2) ?? '';
  const measure = async (features: SearchFeatures) => {
    const run = await systems(features, opener(first));
    const v3 = [
      overall(await scoreByCategory(tuned, run.current)),
      overall(await scoreByCategory(heldOut, run.current)),
    ];
    await run.close();
    const existing = (await existingSets(features, opener(first))).find((entry) => entry.name === 'new');
    const old = existing
      ? [existing.main.toFixed(2), existing.heldOut.toFixed(2), existing.offTopic.toFixed(2)]
      : ['', '', ''];
    const own = await independentSystems(features, opener(first));
    const tunedRows = await scoreEachCategory(independentTuned, independentCategories, own.current);
    const heldRows = reveal
      ? await scoreEachCategory(independentHeldOut, independentCategories, own.current)
      : [];
    await own.close();
    const acronyms = await acronymSystems(features, opener(first));
    const acronymRows = await scoreEachCategory(acronymTuned, acronymCategories, acronyms.current);
    const acronymHeldRows = reveal
      ? await scoreEachCategory(acronymHeldOut, acronymCategories, acronyms.current)
      : [];
    await acronyms.close();
    return { sets: [...v3, ...old], tunedRows, heldRows, acronymRows, acronymHeldRows };
  };
  const switches = [undefined, ...(Object.keys(allFeatures) as Array<keyof SearchFeatures>)];
  const measured: Array<{ label: string } & Awaited<ReturnType<typeof measure>>> = [];
  for (const feature of switches)
    measured.push({
      label: feature ?? '(nothing: all on)',
      ...(await measure(feature ? { ...allFeatures, [feature]: false } : allFeatures)),
    });
  console.log(`\n## Ablation (${first}): MRR@10 of every set with one mechanism off\n`);
  const independentHeads = reveal
    ? ['independent tuned', 'independent held out', 'acronyms tuned', 'acronyms held out']
    : ['independent tuned', 'acronyms tuned'];
  const heads = ['v3 tuned', 'v3 held out', 'old main', 'old held out', 'old off-topic', ...independentHeads];
  console.log(`| switched off | ${heads.join(' | ')} |\n|---|${heads.map(() => '---').join('|')}|`);
  for (const row of measured) {
    const own = reveal
      ? [
          overall(row.tunedRows),
          overall(row.heldRows),
          overall(row.acronymRows),
          overall(row.acronymHeldRows),
        ]
      : [overall(row.tunedRows), overall(row.acronymRows)];
    console.log(`| ${row.label} | ${[...row.sets, ...own].join(' | ')} |`);
  }
  type Measured = (typeof measured)[number];
  const perCategory: Array<[string, readonly string[], (row: Measured) => Array<Row<string>>]> = [
    ["the independent set's tuned half", independentCategories, (row) => row.tunedRows],
    ["the acronym set's tuned half", acronymCategories, (row) => row.acronymRows],
  ];
  if (reveal)
    perCategory.push(
      ["the independent set's held-out half", independentCategories, (row) => row.heldRows],
      ["the acronym set's held-out half", acronymCategories, (row) => row.acronymHeldRows],
    );
  for (const [title, categories, pick] of perCategory) {
    console.log(`\n## Ablation (${first}): ${title} per category, hits@10 / MRR@10\n`);
    const names = [...categories, 'all'];
    console.log(`| switched off | ${names.join(' | ')} |\n|---|${names.map(() => '---').join('|')}|`);
    for (const row of measured)
      console.log(
        `| ${row.label} | ${pick(row)
          .map(
            (entry) =>
              `${Math.round(entry.scores.hitsAt10 * entry.scores.queries)} / ${entry.scores.mrrAt10.toFixed(2)}`,
          )
          .join(' | ')} |`,
      );
  }
}
