/**
 * The words of a search reply, shared by the chat command and the CLI: the heading (what was searched,
 * how it was read, whether the match is weak), the refusal when there is nothing to search for, and the
 * empty-result text, which mentions fetching only when the store is empty.
 */
import type { SearchResult } from './search-service';

/** A query in quotes, unless it has its own (`"world model"` is shown as typed, not as `""world model""`). */
export const quoteQuery = (text: string) => (text.includes('"') ? text : `"${text}"`);

/** "🔥🔥🔥" or "-diffusion" alone: nothing to search for, so say so rather than list the top papers. */
export function unsearchableMessage(
  text: string,
  result: SearchResult,
  hasFilters: boolean,
  example: (query: string) => string,
): string | null {
  if (result.unsearchable === 'only exclusions')
    return `${quoteQuery(text)} only leaves papers out: add words to search for, e.g. ${example('transformers -diffusion')}.`;
  if (result.unsearchable === 'no words' && !hasFilters)
    return `${quoteQuery(text)} has no searchable words: search matches words and numbers, e.g. ${example('diffusion transformers')}.`;
  return null;
}

export function searchHeading(text: string, filters: string, result: SearchResult): string {
  if (result.unsearchable === 'no words')
    return [
      `Top papers (${quoteQuery(text)} has no searchable words, so only the filters apply)`,
      filters,
    ].join(' · ');
  const corrected = result.replaced
    .filter((entry) => entry.how === 'corrected')
    .flatMap((entry) => entry.used);
  const what = !text
    ? 'Top papers'
    : result.weak && result.hits.length > 0
      ? `No close match for ${quoteQuery(text)}; the nearest papers`
      : `Papers matching ${quoteQuery(text)}`;
  const readAs = corrected.length > 0 ? ` (read as ${corrected.join(', ')})` : '';
  const left =
    result.ignored.length > 0 && result.hits.length > 0
      ? ` (no paper mentions ${quoted(result.ignored)})`
      : '';
  return [what + readAs + left, filters].filter(Boolean).join(' · ');
}

/** What to say when nothing matched, given how many papers are stored. */
export function emptySearchText(text: string, filters: string, result: SearchResult, stored: number): string {
  if (stored === 0)
    return 'No papers are stored yet, so there is nothing to search: paperboy stores each day it fetches (`paperboy fetch --from YYYY-MM-DD --to YYYY-MM-DD` backfills older days).';
  const none = `No stored paper (of ${stored})`;
  if (result.ignored.length > 0)
    return `${none} mentions ${quoted(result.ignored)}. Check the spelling, or try other words.`;
  if (filters) return `${none} matches${text ? ` ${quoteQuery(text)}` : ''} with these filters (${filters}).`;
  return `${none} matches ${quoteQuery(text)}. Try fewer or other words.`;
}

const quoted = (words: string[]) => words.map((word) => `"${word}"`).join(' or ');
