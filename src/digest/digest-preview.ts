import type { DigestHeader, PaperCard } from '../chat/replies';
import type { BatchSync } from '../ingest/batch-sync';
import type { Paper } from '../papers/paper';
import type { BatchRecord, Store } from '../store/store';
import type { DigestSettings } from '../subscriptions/subscription';
import { byPopularity, digestHeader, filterVerdict } from './digest-plan';
import { toPaperCard } from './paper-card';

export interface DigestPreview {
  batch: BatchRecord | null;
  header: DigestHeader | null;
  papers: Paper[];
  cards: PaperCard[];
}

/** Papers of a batch through a channel's filters and top N, best first (no delivery-log dedupe). */
export function selectForDigest(batch: Paper[], settings: DigestSettings): Paper[] {
  return [...batch]
    .sort(byPopularity)
    .filter((paper) => filterVerdict(paper, settings).reason === null)
    .slice(0, settings.topN);
}

/**
 * What a digest with these settings shows: the latest complete batch, or `day`'s batch (fetched if
 * paperboy has not stored it yet). Used by `/papers today`, the CLI and the console's start-up digest.
 */
export async function previewDigest(
  deps: { store: Store; sync: BatchSync },
  now: Date,
  settings: DigestSettings,
  day?: string,
): Promise<DigestPreview> {
  let batch: BatchRecord | null;
  if (day) {
    batch = deps.store.batches.get(day);
    if (!batch) {
      await deps.sync.syncDay(day);
      batch = deps.store.batches.get(day);
    }
  } else {
    batch = await deps.sync.latestCompleteBatch(now);
  }
  if (!batch) return { batch: null, header: null, papers: [], cards: [] };
  const listed = deps.store.papers.listByBatchDay(batch.day);
  const papers = selectForDigest(listed, settings);
  return {
    batch,
    header: digestHeader(batch.day, papers.length, listed.length),
    papers,
    cards: papers.map(toPaperCard),
  };
}
