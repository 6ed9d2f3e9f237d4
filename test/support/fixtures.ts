import { readFileSync } from 'node:fs';

const read = (name: string) =>
  JSON.parse(readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8')) as unknown;

/** The real 2024-10-25 batch: 29 items, older shape (no AI fields, no submittedOnDailyAt). */
export const oct25Batch = () => read('hf-daily-papers-2024-10-25.json') as DailyItem[];
/** One item in the current shape (organization, ai_summary, ai_keywords, githubRepo…). */
export const march2026Item = () =>
  (read('hf-daily-papers-2026-03-sample.json') as DailyItem[])[0] as DailyItem;

export interface DailyItem {
  paper: Record<string, unknown> & { id: string; title: string; upvotes: number; summary: string };
  [key: string]: unknown;
}

/** A copy of `item` as a different paper (new id, title, upvotes…), for building batches of any size. */
export function variant(
  item: DailyItem,
  changes: { id: string; title?: string; upvotes?: number; summary?: string; submittedOnDailyAt?: string },
): DailyItem {
  const copy = structuredClone(item);
  copy.paper = { ...copy.paper, ...changes };
  if (changes.title) copy.title = changes.title;
  return copy;
}
