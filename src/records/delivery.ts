/** The delivery log: one row per (subscription, paper), so a paper is never recorded twice for a channel. */
import type { DigestSource } from './subscription';

export type DeliveryState =
  /** Chosen for a digest, not yet sent. */
  | 'pending'
  /** Handed to the platform; the outcome is not recorded yet (a crash here is reconciled at start-up). */
  | 'sending'
  | 'sent'
  /** The last attempt failed; `retryable` says whether another run will try again. */
  | 'failed'
  /** Considered for a digest and left out; `reason` says why. */
  | 'skipped';

export type SkipReason = 'excluded_keyword' | 'no_included_keyword' | 'below_min_upvotes' | 'outside_top_n';

export interface Delivery {
  id: number;
  subscriptionId: number;
  paperId: string;
  runId: number;
  state: DeliveryState;
  reason: SkipReason | null;
  /** Human-readable detail: the keyword that excluded it, the error that failed it. */
  detail: string | null;
  /** Position in the digest (0-based) for planned papers. */
  rank: number | null;
  /** Why the team ranking put it at `rank` (shown on the card and by `/papers why`); null for upvote order. */
  note: string | null;
  messageId: string | null;
  messageUrl: string | null;
  attempts: number;
  retryable: boolean;
  updatedAt: string;
}

/** One digest for one subscription on one local day. */
export interface DigestRun {
  id: number;
  subscriptionId: number;
  /** The subscriber's local date, `YYYY-MM-DD`. */
  localDate: string;
  /** The batch a daily run covers; for a trending run, the UTC day the list was read. */
  batchDay: string;
  source: DigestSource;
  headerState: 'pending' | 'sending' | 'sent' | 'none';
  headerMessageId: string | null;
  completedAt: string | null;
  createdAt: string;
}

/** A stable key for one (subscription, paper) post, attached to the message so a crash can be reconciled. */
export const paperDeliveryKey = (subscriptionId: number, paperId: string) =>
  `pb:${subscriptionId}:${paperId}`;
export const headerDeliveryKey = (runId: number) => `pb:run:${runId}`;
