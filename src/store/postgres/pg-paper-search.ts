/**
 * Search on PostgreSQL (placeholder: the search methods of PaperRepository, built on PostgreSQL's own
 * full-text search). The paper repository delegates every search call here.
 */
import type { Paper } from '../../papers/paper';
import type { PaperFilters, TextHit, TextQuery } from '../store';
import type { SqlClient } from './pg-client';

export class PgPaperSearch {
  constructor(private readonly client: SqlClient) {}

  /** Called inside the upsert's transaction with each changed paper's stored version before (null: new) and now. */
  async papersChanged(
    _tx: SqlClient,
    _changes: Array<{ before: Paper | null; after: Paper }>,
  ): Promise<void> {}

  async searchText(_query: TextQuery, _filters: PaperFilters, _limit: number): Promise<TextHit[]> {
    throw new Error(`search is not implemented on PostgreSQL yet (${typeof this.client})`);
  }
  async snippets(_query: TextQuery, _paperIds: string[]): Promise<Map<string, string>> {
    return new Map();
  }
  async listFiltered(_filters: PaperFilters, _limit: number, _offset: number): Promise<Paper[]> {
    return [];
  }
  async wordCounts(_words: string[]): Promise<Map<string, number>> {
    return new Map();
  }
  async indexedWords(_words: string[]): Promise<Set<string>> {
    return new Set();
  }
  async wordsNear(_word: string, _edits: 1 | 2 = 1): Promise<Map<string, number>> {
    return new Map();
  }
  async wordsStartingWith(_prefix: string, _limit: number): Promise<Map<string, number>> {
    return new Map();
  }
}
