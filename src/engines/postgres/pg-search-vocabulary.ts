/**
 * The spelling vocabulary on PostgreSQL: how many papers contain each word, and each word's one-deletion
 * variants, kept in step with the papers inside each upsert's transaction: the same tables and lookups as
 * SQLite's (src/engines/sqlite/sqlite-search-vocabulary.ts explains why deletions find near words), so both
 * stores correct and complete the same words. Words are folded by the search service's own code, not by
 * the database, so a query word and a known word always compare equal. The deletion variants are made by
 * the database (`substr` over code points) for the words an upsert adds.
 */
import type { Paper } from '../../records/paper';
import { minVariantLength, paperWords, typedVariants } from '../spelling-variants';
import type { SqlClient } from './pg-client';

/** Per-word changes in paper counts between the papers' stored and new versions. */
export function vocabularyChanges(
  changes: Array<{ before: Paper | null; after: Paper }>,
): Map<string, number> {
  const counts = new Map<string, number>();
  for (const { before, after } of changes) {
    const old = before ? paperWords(before) : new Set<string>();
    const now = paperWords(after);
    for (const word of old) if (!now.has(word)) counts.set(word, (counts.get(word) ?? 0) - 1);
    for (const word of now) if (!old.has(word)) counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  return counts;
}

type CountRow = { word: string; papers: number };
const toMap = (rows: CountRow[]) => new Map(rows.map((row) => [row.word, Number(row.papers)]));

export class PgSearchVocabulary {
  constructor(private readonly client: SqlClient) {}

  /**
   * Adds (or, with negative counts, removes) papers' words, inside the upsert's transaction `tx`. Rows are
   * locked and new words inserted in word order, so two instances saving papers at once that share words
   * wait for each other instead of deadlocking.
   */
  async apply(tx: SqlClient, changes: Map<string, number>): Promise<void> {
    const entries = [...changes].filter(([, change]) => change !== 0);
    if (entries.length === 0) return;
    await tx.query('SELECT 1 FROM search_words WHERE word = ANY($1::text[]) ORDER BY word FOR UPDATE', [
      entries.map(([word]) => word),
    ]);
    const added = entries.filter(([, change]) => change > 0);
    const removed = entries.filter(([, change]) => change < 0);
    if (removed.length > 0)
      await tx.query(
        `UPDATE search_words SET papers = greatest(0, search_words.papers + change.papers)
         FROM unnest($1::text[], $2::int[]) AS change (word, papers) WHERE search_words.word = change.word`,
        [removed.map(([word]) => word), removed.map(([, change]) => change)],
      );
    if (added.length === 0) return;
    const inserted = await tx.query<{ word: string; created: boolean }>(
      `INSERT INTO search_words (word, papers)
       SELECT word, papers FROM unnest($1::text[], $2::int[]) AS change (word, papers) ORDER BY word COLLATE "C"
       ON CONFLICT (word) DO UPDATE SET papers = search_words.papers + excluded.papers
       RETURNING word, (xmax = 0) AS created`,
      [added.map(([word]) => word), added.map(([, change]) => change)],
    );
    const created = inserted.rows
      .filter((row) => row.created && Array.from(row.word).length >= minVariantLength)
      .map((row) => row.word)
      .sort();
    if (created.length === 0) return;
    await tx.query(
      `INSERT INTO search_word_deletions (variant, word)
       SELECT substr(word, 1, position - 1) || substr(word, position + 1), word
       FROM unnest($1::text[]) AS created (word), generate_series(1, char_length(word)) AS position
       ORDER BY 1, 2
       ON CONFLICT DO NOTHING`,
      [created],
    );
  }

  async wordCounts(words: string[]): Promise<Map<string, number>> {
    if (words.length === 0) return new Map();
    const result = await this.client.query<CountRow>(
      'SELECT word, papers FROM search_words WHERE word = ANY($1::text[]) AND papers > 0',
      [[...new Set(words)]],
    );
    return toMap(result.rows);
  }

  /** One UNION of index lookups: written with OR, PostgreSQL scans the whole vocabulary instead. */
  async wordsNear(word: string, edits: 1 | 2 = 1): Promise<Map<string, number>> {
    const typed = typedVariants(word, edits);
    const result = await this.client.query<CountRow>(
      `SELECT word, papers FROM search_words
       WHERE papers > 0 AND word <> $1 AND word IN (
         SELECT unnest($2::text[])
         UNION ALL SELECT word FROM search_word_deletions WHERE variant = ANY($3::text[]))`,
      [word, typed, [word, ...typed]],
    );
    return toMap(result.rows);
  }

  async wordsStartingWith(prefix: string, limit: number): Promise<Map<string, number>> {
    if (!prefix) return new Map();
    const result = await this.client.query<CountRow>(
      `SELECT word, papers FROM search_words
       WHERE word >= $1 AND word < $1 || chr(1114111) AND papers > 0
       ORDER BY papers DESC, word LIMIT $2`,
      [prefix, limit],
    );
    return toMap(result.rows);
  }
}
