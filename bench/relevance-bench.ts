/**
 * `npm run bench:relevance`: the labelled set of test/search/relevance-set-v3.ts over the larger corpus,
 * per category, for the old search (recorded), this search and plain FTS5 bm25, then the ablation table:
 * the same set with each mechanism of search-features.ts switched off in turn.
 */
import { allFeatures, type SearchFeatures } from '../src/search/search-features';
import { relevanceSetV3 } from '../test/search/relevance-set-v3';
import {
  existingSets,
  formatTable,
  heldOut,
  scoreByCategory,
  systems,
  tuned,
} from '../test/search/support/relevance-report';

const main = await systems();
for (const [title, set] of [
  ['All queries', relevanceSetV3],
  ['Tuned on (two thirds)', tuned],
  ['Held out (one third, never tuned on)', heldOut],
] as const) {
  console.log(`\n## ${title}: ${set.length} queries\n`);
  console.log(
    formatTable([
      { name: 'old search', rows: await scoreByCategory(set, main.old) },
      { name: 'new search', rows: await scoreByCategory(set, main.current) },
      { name: 'plain FTS5 bm25', rows: await scoreByCategory(set, main.plain) },
    ]),
  );
}
await main.close();

console.log(
  '\n## The existing sets (real fixtures, 39 papers): MRR@10, and off-topic answered with nothing or weak\n',
);
console.log('| system | main set (70) | held out (30) | off-topic clean (14) |\n|---|---|---|---|');
for (const row of await existingSets())
  console.log(
    `| ${row.name} | ${row.main.toFixed(3)} | ${row.heldOut.toFixed(3)} | ${row.offTopic.toFixed(2)} |`,
  );

console.log('\n## Ablation: MRR@10 over all queries with one mechanism off\n');
const overall = async (features: SearchFeatures) => {
  const run = await systems(features);
  const rows = await scoreByCategory(relevanceSetV3, run.current);
  await run.close();
  return rows;
};
const full = await overall(allFeatures);
const existing = async (features: SearchFeatures) => {
  const row = (await existingSets(features)).find((entry) => entry.name === 'new');
  return row ? `${row.main.toFixed(2)} | ${row.heldOut.toFixed(2)} | ${row.offTopic.toFixed(2)}` : '';
};
const names = full.map((row) => row.category);
console.log(`| switched off | ${names.join(' | ')} | old main | old held out | old off-topic |`);
console.log(`|---|${names.map(() => '---').join('|')}|---|---|---|`);
const line = async (label: string, rows: typeof full, features: SearchFeatures) =>
  console.log(
    `| ${label} | ${rows.map((row) => row.scores.mrrAt10.toFixed(2)).join(' | ')} | ${await existing(features)} |`,
  );
await line('(nothing: all on)', full, allFeatures);
for (const feature of Object.keys(allFeatures) as Array<keyof SearchFeatures>) {
  const features = { ...allFeatures, [feature]: false };
  await line(feature, await overall(features), features);
}
