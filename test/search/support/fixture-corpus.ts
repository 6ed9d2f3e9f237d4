import { readFileSync } from 'node:fs';
import type { Paper } from '../../../src/papers/paper';
import { normalizeHfDailyItem, normalizeHfPaper } from '../../../src/sources/hf/hf-normalize';
import { hfDailyItemSchema } from '../../../src/sources/hf/hf-schemas';
import { openSqliteStore } from '../../../src/store/sqlite/sqlite-store';
import type { Store } from '../../../src/store/store';

const baseUrl = 'https://huggingface.co';

const readItems = (name: string) => {
  const raw = JSON.parse(
    readFileSync(new URL(`../../fixtures/${name}`, import.meta.url), 'utf8'),
  ) as unknown[];
  return raw.map((item) => hfDailyItemSchema.parse(item));
};

/**
 * Every real paper in `test/fixtures`, normalised as the HF source does: the 29-paper day of 2024-10-25,
 * the current-shape item of March 2026 (AI summary and keywords), and the nine papers of the search sample
 * (never listed on a day, so they have no batch day).
 */
export function fixturePapers(): Paper[] {
  return [
    ...readItems('hf-daily-papers-2024-10-25.json').map((item) =>
      normalizeHfDailyItem(item, baseUrl, '2024-10-25'),
    ),
    ...readItems('hf-daily-papers-2026-03-sample.json').map((item) =>
      normalizeHfDailyItem(item, baseUrl, '2026-03-06'),
    ),
    ...readItems('hf-papers-search-sample.json').map((item) => normalizeHfPaper(item.paper, baseUrl, item)),
  ];
}

/** A fresh in-memory store holding the fixture papers. */
export function fixtureStore(): Store {
  const store = openSqliteStore(':memory:');
  store.papers.upsertMany(fixturePapers());
  return store;
}
