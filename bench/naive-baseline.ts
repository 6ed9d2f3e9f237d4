/**
 * What the simplest bots do: score every paper by which query words its title (3 points) and abstract
 * (1 point) contain as substrings, apply the filters field by field, sort. Held in memory, lower-cased once.
 */
import type Database from 'better-sqlite3';
import type { SearchFilterInput } from '../src/search/query-syntax';
import { sinceDay } from '../src/search/search-filters';
import { words } from '../src/search/search-text';

interface Row {
  id: string;
  title: string;
  abstract: string;
  authors: string;
  organization: string | null;
  upvotes: number;
  day: string;
}

export function naiveBaseline(db: Database.Database, today: string) {
  const rows = db
    .prepare(
      `SELECT id, lower(title) AS title, lower(abstract) AS abstract, lower(authors) AS authors,
         lower(organization) AS organization, upvotes, coalesce(batch_day, substr(published_at, 1, 10)) AS day FROM papers`,
    )
    .all() as Row[];
  return {
    size: rows.length,
    search(text: string, filters: SearchFilterInput, limit: number): string[] {
      const terms = words(text);
      const since = filters.since ? sinceDay(filters.since, today) : '';
      const authors = filters.authors.map((author) => author.toLowerCase());
      const org = filters.organization?.toLowerCase();
      const scored: Array<{ id: string; score: number }> = [];
      for (const row of rows) {
        if (row.upvotes < (filters.minUpvotes ?? 0) || row.day < since) continue;
        if (
          authors.some((author) => !row.authors.includes(author)) ||
          (org && !row.organization?.includes(org))
        )
          continue;
        let score = terms.length === 0 ? row.upvotes : 0;
        for (const term of terms)
          score += (row.title.includes(term) ? 3 : 0) + (row.abstract.includes(term) ? 1 : 0);
        if (score > 0) scored.push({ id: row.id, score });
      }
      return scored
        .sort((a, b) => b.score - a.score)
        .slice(0, limit)
        .map((hit) => hit.id);
    },
  };
}
