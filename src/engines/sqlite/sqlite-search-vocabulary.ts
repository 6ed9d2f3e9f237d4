/**
 * The spelling vocabulary: how many papers contain each word, and each word's one-deletion variants, kept in
 * step with the papers. Two words one edit apart (insertion, deletion, substitution, swap) always share a
 * word or a variant, so near words are found with a handful of index lookups instead of a scan. For two
 * edits the typed word's side also deletes two letters or inserts one, which finds the commonest two-edit
 * typos (two letters dropped, `qantizaton`; a letter dropped and one doubled) without storing more.
 */
import type Database from 'better-sqlite3';
import { deletions, minVariantLength, typedVariants } from '../spelling-variants';

type CountRow = { word: string; papers: number };
const toMap = (rows: CountRow[]) => new Map(rows.map((row) => [row.word, row.papers]));

export class SqliteSearchVocabulary {
  private readonly current;
  private readonly insertWord;
  private readonly changeCount;
  private readonly addVariant;
  private readonly counts;
  private readonly near;
  private readonly prefixed;

  constructor(db: Database.Database) {
    this.current = db.prepare('SELECT papers FROM search_words WHERE word = ?').pluck();
    this.insertWord = db.prepare('INSERT INTO search_words (word, papers) VALUES (?, ?)');
    this.changeCount = db.prepare('UPDATE search_words SET papers = max(0, papers + ?) WHERE word = ?');
    this.addVariant = db.prepare('INSERT OR IGNORE INTO search_word_deletions (variant, word) VALUES (?, ?)');
    this.counts = db.prepare(
      'SELECT word, papers FROM search_words WHERE word IN (SELECT value FROM json_each(?)) AND papers > 0',
    );
    this.near = db.prepare(
      `SELECT word, papers FROM search_words
       WHERE papers > 0 AND word <> @word AND (
         word IN (SELECT value FROM json_each(@deletions))
         OR word IN (SELECT word FROM search_word_deletions WHERE variant IN (SELECT value FROM json_each(@variants))))`,
    );
    this.prefixed = db.prepare(
      `SELECT word, papers FROM search_words
       WHERE word >= @prefix AND word < @prefix || char(1114111) AND papers > 0
       ORDER BY papers DESC, word LIMIT @limit`,
    );
  }

  /** Adds (or, with negative counts, removes) papers' words. Call inside the upsert's transaction. */
  apply(changes: Map<string, number>): void {
    for (const [word, change] of changes) {
      if (change === 0) continue;
      if (this.current.get(word) !== undefined) {
        this.changeCount.run(change, word);
        continue;
      }
      if (change < 0) continue;
      this.insertWord.run(word, change);
      if (Array.from(word).length < minVariantLength) continue;
      for (const variant of deletions(word)) this.addVariant.run(variant, word);
    }
  }

  wordCounts(words: string[]): Map<string, number> {
    if (words.length === 0) return new Map();
    return toMap(this.counts.all(JSON.stringify(words)) as CountRow[]);
  }

  wordsNear(word: string, edits: 1 | 2 = 1): Map<string, number> {
    const typed = typedVariants(word, edits);
    const rows = this.near.all({
      word,
      deletions: JSON.stringify(typed),
      variants: JSON.stringify([word, ...typed]),
    });
    return toMap(rows as CountRow[]);
  }

  wordsStartingWith(prefix: string, limit: number): Map<string, number> {
    if (!prefix) return new Map();
    return toMap(this.prefixed.all({ prefix, limit }) as CountRow[]);
  }
}

/** Per-word changes in paper counts between a paper's old and new words. */
export function wordChanges(changes: Map<string, number>, before: Set<string>, after: Set<string>): void {
  for (const word of before) if (!after.has(word)) changes.set(word, (changes.get(word) ?? 0) - 1);
  for (const word of after) if (!before.has(word)) changes.set(word, (changes.get(word) ?? 0) + 1);
}
