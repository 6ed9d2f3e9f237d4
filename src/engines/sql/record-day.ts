/**
 * What saving a fetched day writes besides its papers, inside the caller's transaction (the papers are each
 * engine's, as they feed its search index): the batch with exactly its list, its refused items replacing
 * the previous fetch's, and the day marked recovered if it had failed.
 */
import type { SavedDay } from '../../store/store';
import { SqlBatchRepository } from './batch-repository';
import { SqlSourceLogRepository } from './source-log-repository';
import type { Sql } from './sql';

export async function recordDay(tx: Sql, { day, papers, rejected, fetchedAt }: SavedDay): Promise<void> {
  await new SqlBatchRepository(tx).record(
    day,
    papers.map((paper) => paper.id),
    fetchedAt,
  );
  const sourceLog = new SqlSourceLogRepository(tx);
  await sourceLog.recordRejects(day, rejected, fetchedAt);
  await sourceLog.markDayRecovered(day, fetchedAt);
}
