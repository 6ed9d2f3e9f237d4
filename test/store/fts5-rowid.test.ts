import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';

/**
 * Why the search code lists papers with `rowid IN (…)` and never `rowid = x`: beside a MATCH, this SQLite's
 * FTS5 ignores `rowid = x` (every match comes back), while a list or a one-row range keeps only those rows.
 */
describe('FTS5 rowid constraints beside MATCH', () => {
  const db = new Database(':memory:');
  db.exec(`CREATE VIRTUAL TABLE docs USING fts5(text, tokenize = 'porter');
    INSERT INTO docs (rowid, text) VALUES (1, 'rollout strategies'), (2, 'unrelated'), (3, 'more strategies');`);

  it('ignores rowid = ? but keeps a one-row range', () => {
    const equal = db.prepare('SELECT rowid FROM docs WHERE docs MATCH ? AND rowid = ?').pluck();
    const range = db.prepare('SELECT rowid FROM docs WHERE docs MATCH ? AND rowid BETWEEN ? AND ?').pluck();
    expect(equal.all('strategies', 1)).toEqual([1, 3]);
    expect(range.all('strategies', 1, 1)).toEqual([1]);
    expect(range.all('strategies', 2, 2)).toEqual([]);
  });

  it('keeps only the listed rows for rowid IN (…), as the clause checks and snippets rely on', () => {
    const listed = db
      .prepare('SELECT rowid FROM docs WHERE docs MATCH ? AND rowid IN (SELECT value FROM json_each(?))')
      .pluck();
    expect(listed.all('strategies', '[1, 2]')).toEqual([1]);
    expect(listed.all('strategies', '[3, 1]')).toEqual([1, 3]);
    expect(listed.all('strategies', '[2]')).toEqual([]);
  });
});
