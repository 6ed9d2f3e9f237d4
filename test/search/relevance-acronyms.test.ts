import { afterAll, describe, expect, it } from 'vitest';
import { allFeatures } from '../../src/search/search-features';
import { testStores } from '../support/test-stores';
import { acronymCategories } from './relevance-set-acronyms';
import { acronymSystems, acronymTuned } from './support/independent-report';
import { scoreEachCategory } from './support/relevance-report';

/**
 * Floors on the tuned half of the acronym set (relevance-set-acronyms.ts), on every store: acronyms the
 * corpus defines, spells out only, or writes only, typed in any case, are found. The held-out half is not
 * asserted here: it is measured once, at the end, by `npm run bench:relevance -- --reveal-held-out`.
 */
describe.each(testStores)('acronym relevance, tuned half ($name)', async ({ open }) => {
  const run = await acronymSystems(allFeatures, open);
  afterAll(async () => await run.close());

  it('finds at least 34 of the 36 tuned queries, MRR@10 at least 0.9, well above plain FTS5', async () => {
    const ours = await scoreEachCategory(acronymTuned, acronymCategories, run.current);
    const plain = await scoreEachCategory(acronymTuned, acronymCategories, run.plain.orNames);
    const all = ours.at(-1)?.scores;
    expect(Math.round((all?.hitsAt10 ?? 0) * (all?.queries ?? 0))).toBeGreaterThanOrEqual(34);
    expect(all?.mrrAt10).toBeGreaterThanOrEqual(0.9);
    expect(all?.mrrAt10).toBeGreaterThanOrEqual((plain.at(-1)?.scores.mrrAt10 ?? 1) + 0.15);
  });

  it('finds the acronyms the papers only spell out, with the mechanism that reads them', async () => {
    const spelled = acronymTuned.filter((query) => query.category === 'spelled');
    const [row] = await scoreEachCategory(spelled, ['spelled'], run.current);
    expect(row?.scores.hitsAt10).toBe(1);
  });
});
