/**
 * From filters as typed to the store's `PaperFilters`, and back to words for a reply's heading. Inline
 * filters and command options combine; where both set the same bound, the stricter one wins.
 */
import type { PaperFilters } from '../search-query/text-query';
import type { Since } from './filter-values';
import type { SearchFilterInput } from './query-syntax';

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export const sinceDay = (since: Since, today: string) =>
  'day' in since ? since.day : addDays(today, -since.days);

/** Both sets of filters at once: later bounds only tighten. */
export function combineFilters(a: SearchFilterInput, b: SearchFilterInput, today: string): SearchFilterInput {
  const since = [a.since, b.since]
    .filter((value): value is Since => value !== undefined)
    .sort((x, y) => sinceDay(y, today).localeCompare(sinceDay(x, today)))[0];
  const minUpvotes = Math.max(a.minUpvotes ?? -1, b.minUpvotes ?? -1);
  const organization = b.organization ?? a.organization;
  return {
    authors: [...a.authors, ...b.authors],
    posted: a.posted || b.posted,
    flagged: a.flagged || b.flagged,
    ...(since ? { since } : {}),
    ...(minUpvotes >= 0 ? { minUpvotes } : {}),
    ...(organization !== undefined ? { organization } : {}),
  };
}

/** The store filters for the typed ones; `posted` and `flagged` need a channel and are the caller's to add. */
export function paperFilters(input: SearchFilterInput, today: string): PaperFilters {
  return {
    ...(input.since ? { sinceDay: sinceDay(input.since, today) } : {}),
    ...(input.minUpvotes !== undefined && input.minUpvotes > 0 ? { minUpvotes: input.minUpvotes } : {}),
    ...(input.authors.length > 0 ? { authors: input.authors } : {}),
    ...(input.organization !== undefined ? { organization: input.organization } : {}),
  };
}

export const hasFilters = (input: SearchFilterInput) =>
  input.since !== undefined ||
  input.minUpvotes !== undefined ||
  input.authors.length > 0 ||
  input.organization !== undefined ||
  input.posted ||
  input.flagged;

/** `since 2024-10-19 · at least 21 upvotes · by "Minervini" · from "nvidia" · posted here` */
export function describeFilters(input: SearchFilterInput, today: string): string {
  const parts: string[] = [];
  if (input.since) parts.push(`since ${sinceDay(input.since, today)}`);
  if (input.minUpvotes !== undefined && input.minUpvotes > 0)
    parts.push(`at least ${input.minUpvotes} upvotes`);
  for (const author of input.authors) parts.push(`by "${author}"`);
  if (input.organization !== undefined) parts.push(`from "${input.organization}"`);
  if (input.posted) parts.push('posted here');
  if (input.flagged) parts.push('flagged here');
  return parts.join(' · ');
}
