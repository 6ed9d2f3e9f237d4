import type { Paper } from '../records/paper';
import type { RejectedItem } from '../records/rejected-item';

export interface DayBatch {
  day: string;
  papers: Paper[];
  /** Items the source returned that failed validation and were left out. */
  skipped: number;
  /** The same items, with why each was refused. */
  rejected: RejectedItem[];
}

/** Where papers come from (Hugging Face Daily Papers now, arXiv later). */
export interface PaperSource {
  readonly name: string;
  /** The papers listed on `day` (`YYYY-MM-DD`); empty on weekends and holidays. */
  fetchDay(day: string): Promise<DayBatch>;
  /** One paper by canonical id; null when the source does not know it. */
  fetchPaper(id: string): Promise<Paper | null>;
  /**
   * The source's own search over every paper it knows, best first, in one attempt of at most `timeoutMs`
   * (a search reply waits for it, so it never retries). Absent when the source has none.
   */
  searchPapers?(query: string, limit: number, timeoutMs: number): Promise<Paper[]>;
  /**
   * The source's trending list right now, highest first: at most `limit` papers from the top. With
   * `timeoutMs`, one attempt of at most that long (a chat reply waits for it); without, the source's own
   * timeout and retries (a scheduled digest can wait). Absent when the source has none.
   */
  fetchTrending?(limit: number, timeoutMs?: number): Promise<Paper[]>;
}
