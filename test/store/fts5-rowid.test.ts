import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';

/**
 * Why the search code checks one paper with `rowid BETWEEN x AND x`: beside a MATCH, this SQLite's FTS5
 * ignores `rowid = x` (every match comes back). If a later SQLite fixes it, the first expectation fails and
 * the range can go.
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
});
