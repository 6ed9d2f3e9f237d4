import type { DigestHeader, PaperCard } from '../chat/replies';
import type { BatchSync } from '../ingest/batch-sync';
import { type PaperOrder, upvoteOrder } from '../papers/paper-order';
import { rankingNote } from '../ranking/ranking-reason';
import type { TeamRanking } from '../ranking/team-ranking';
import type { ChannelRef } from '../records/channel';
import type { Paper } from '../records/paper';
import { type DigestSettings, defaultDigestSettings } from '../records/subscription';
import type { BatchRecord, Store } from '../store/store';
import { digestHeader, filterVerdict } from './digest-plan';
import { orderInstant } from './order-instant';
import { toPaperCard } from './paper-card';

export interface DigestPreview {
  batch: BatchRecord | null;
  header: DigestHeader | null;
  papers: Paper[];
  cards: PaperCard[];
}

/** Papers of a batch through a channel's filters, order and top N, best first (no delivery-log dedupe). */
export async function selectForDigest(
  batch: Paper[],
  settings: DigestSettings,
  order: (papers: Paper[]) => PaperOrder | Promise<PaperOrder> = upvoteOrder,
): Promise<PaperOrder['papers']> {
  return (await order(batch)).papers
    .filter(({ paper }) => filterVerdict(paper, settings).reason === null)
    .slice(0, settings.topN);
}

/**
 * What a digest with these settings shows: the latest complete batch, or `day`'s batch (fetched if
 * paperboy has not stored it yet). Used by `/papers today`, the CLI and the console's start-up digest.
 */
/** What a preview needs of the batch sync: a day on demand, and the newest complete batch. */
export type PreviewBatches = Pick<BatchSync, 'syncDay' | 'latestCompleteBatch'>;

export async function previewDigest(
  deps: { store: Store; sync: PreviewBatches },
  now: Date,
  settings: DigestSettings,
  day?: string,
  order?: (papers: Paper[]) => PaperOrder | Promise<PaperOrder>,
): Promise<DigestPreview> {
  let batch: BatchRecord | null;
  if (day) {
    batch = await deps.store.batches.get(day);
    if (!batch) {
      await deps.sync.syncDay(day);
      batch = await deps.store.batches.get(day);
    }
  } else {
    batch = await deps.sync.latestCompleteBatch(now);
  }
  // A weekend or holiday is a stored, empty batch: there is no digest to show for it, not an empty one.
  if (!batch || batch.paperCount === 0) return { batch: null, header: null, papers: [], cards: [] };
  const listed = await deps.store.papers.listByBatchDay(batch.day);
  const selected = await selectForDigest(listed, settings, order);
  const papers = selected.map(({ paper }) => paper);
  return {
    batch,
    header: digestHeader(batch.day, papers.length, listed.length),
    papers,
    cards: selected.map(({ paper, note }) => {
      const card = toPaperCard(paper);
      if (note) card.note = rankingNote(note);
      return card;
    }),
  };
}

/**
 * What a channel's digest shows, as `today` and the console's start-up digest show it: the channel's own
 * filters and top N (the defaults when it is not subscribed), in its order (the team ranking, read at the
 * instant of its digest of the day: see `orderInstant`). `day`: that batch; else the latest complete one.
 */
export async function previewForChannel(
  deps: { store: Store; sync: PreviewBatches; ranking: TeamRanking },
  channel: ChannelRef,
  now: Date,
  day?: string,
): Promise<DigestPreview> {
  const subscription = await deps.store.subscriptions.get(channel);
  const at = await orderInstant(deps.store, subscription, now);
  return await previewDigest(
    deps,
    now,
    subscription ?? defaultDigestSettings,
    day,
    async (papers) => await deps.ranking.order(channel, papers, at),
  );
}
