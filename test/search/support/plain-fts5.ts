/**
 * The baselines issues 13 and 26 measure against: SQLite FTS5 as the library ships it, with no query
 * planner. The porter tokenizer (the default `tokenize = 'porter'`), the query's words quoted and joined by
 * AND (FTS5's implicit operator) or OR, and ranked by `bm25()` without column weights, over every field the
 * search reads or over a chosen few.
 */
import Database from 'better-sqlite3';
import type { Paper } from '../../../src/records/paper';
import { words } from '../../../src/search/search-text';

const columnText = {
  title: (paper: Paper) => paper.title,
  ai_keywords: (paper: Paper) => paper.aiKeywords.join(' ; '),
  ai_summary: (paper: Paper) => paper.aiSummary,
  abstract: (paper: Paper) => paper.abstract,
  authors: (paper: Paper) => paper.authors.join(' ; '),
  organization: (paper: Paper) =>
    [paper.organization?.name, paper.organization?.fullname].filter(Boolean).join(' '),
};
export type Fts5Column = keyof typeof columnText;

export interface PlainFts5Options {
  /** How the query's words combine: all of them (FTS5's implicit AND) or any of them. */
  join: 'AND' | 'OR';
  columns: readonly Fts5Column[];
}

const allColumns = Object.keys(columnText) as Fts5Column[];

/** The variants issue 26 names: AND of the words, OR of the words, OR over the title, abstract and names. */
export const plainVariants = {
  and: { join: 'AND', columns: allColumns },
  or: { join: 'OR', columns: allColumns },
  orNames: { join: 'OR', columns: ['title', 'abstract', 'authors', 'organization'] },
} satisfies Record<string, PlainFts5Options>;

export function plainFts5(
  papers: Paper[],
  options: PlainFts5Options = plainVariants.and,
): { ids: (query: string) => string[]; close: () => void } {
  const { columns } = options;
  const db = new Database(':memory:');
  db.exec(`CREATE VIRTUAL TABLE docs USING fts5(id UNINDEXED, ${columns.join(', ')}, tokenize = 'porter')`);
  const insert = db.prepare(`INSERT INTO docs VALUES (?, ${columns.map(() => '?').join(', ')})`);
  for (const paper of papers) insert.run(paper.id, ...columns.map((column) => columnText[column](paper)));
  const search = db.prepare('SELECT id FROM docs WHERE docs MATCH ? ORDER BY bm25(docs) LIMIT 10').pluck();
  return {
    ids: (query) => {
      const quoted = words(query).map((word) => `"${word}"`);
      return quoted.length > 0 ? (search.all(quoted.join(` ${options.join} `)) as string[]) : [];
    },
    close: () => db.close(),
  };
}
