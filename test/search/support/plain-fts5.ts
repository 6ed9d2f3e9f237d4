/**
 * The baseline issue 13 measures against: SQLite FTS5 as the library ships it, with no query planner. The
 * porter tokenizer (the default `tokenize = 'porter'`), the query's words quoted and implicitly ANDed, and
 * ranked by `bm25()` without column weights.
 */
import Database from 'better-sqlite3';
import type { Paper } from '../../../src/records/paper';
import { words } from '../../../src/search/search-text';

export function plainFts5(papers: Paper[]): { ids: (query: string) => string[]; close: () => void } {
  const db = new Database(':memory:');
  db.exec(
    `CREATE VIRTUAL TABLE docs USING fts5(id UNINDEXED, title, ai_keywords, ai_summary, abstract, authors, organization, tokenize = 'porter')`,
  );
  const insert = db.prepare('INSERT INTO docs VALUES (?, ?, ?, ?, ?, ?, ?)');
  for (const paper of papers)
    insert.run(
      paper.id,
      paper.title,
      paper.aiKeywords.join(' ; '),
      paper.aiSummary,
      paper.abstract,
      paper.authors.join(' ; '),
      [paper.organization?.name, paper.organization?.fullname].filter(Boolean).join(' '),
    );
  const search = db.prepare('SELECT id FROM docs WHERE docs MATCH ? ORDER BY bm25(docs) LIMIT 10').pluck();
  return {
    ids: (query) => {
      const quoted = words(query).map((word) => `"${word}"`);
      return quoted.length > 0 ? (search.all(quoted.join(' ')) as string[]) : [];
    },
    close: () => db.close(),
  };
}
