/**
 * What the digest needs of a source of papers: what a tick fetches for it, how a run is planned from that,
 * the run's header, card notes and empty-day line, and what `/papers why` says of a paper it has no row
 * for. The digest core looks a channel's source up in the registry (`./registry`) and asks it; it never
 * compares a source's name. Adding a source is one file here and its line in the registry.
 */
import type { DigestHeader } from '../../chat/replies';
import type { ArxivSync } from '../../ingest/arxiv-sync';
import type { BatchSync } from '../../ingest/batch-sync';
import type { TeamRanking } from '../../ranking/team-ranking';
import type { DigestRun } from '../../records/delivery';
import type { Paper } from '../../records/paper';
import type { DigestSettings, DigestSource, Subscription } from '../../records/subscription';
import type { Store } from '../../store/store';

/** What `/papers why` can say about a paper in a channel. */
export type DeliveryVerdict =
  | 'not_subscribed'
  | 'posted'
  | 'posting'
  | 'filtered'
  | 'below_threshold'
  | 'outside_top_n'
  | 'failed'
  | 'not_in_batch'
  | 'not_trending'
  | 'not_digested_yet'
  | 'before_subscription'
  | 'rejected'
  | 'day_unavailable'
  | 'unknown_paper';

export interface DeliveryExplanation {
  verdict: DeliveryVerdict;
  text: string;
}

export interface SourcePlanDeps {
  store: Store;
  ranking: TeamRanking;
}

/** A paper the channel's log has no row for, as `why` meets it. */
export interface UnloggedPaper {
  store: Store;
  subscription: Subscription;
  paperId: string;
  paper: Paper | null;
  /** `"Title" (id)`, or the id when the paper is not stored. */
  name: string;
  /** ` Note: this channel's digest is paused (…).`, or empty. */
  paused: string;
}

/**
 * What the sources fetch through, built once by the composition root: the digest core hands it to every
 * source as it is, and each source reads only its own (`null` where paperboy is built without it).
 */
export interface SourceSyncs {
  /** Hugging Face's Daily Papers days and trending list. */
  hf: BatchSync;
  /** arXiv's mailings per category. */
  arxiv: ArxivSync | null;
}

/** What a source's `fetch` reaches: the syncs, the store, and the subscriptions it fetches for. */
export interface SourceFetchContext {
  syncs: SourceSyncs;
  store: Store;
  /** This source's active subscriptions with a digest to plan this tick (what a per-channel source fetches for). */
  due: readonly Subscription[];
}

export interface DigestSourceDefinition<Input> {
  id: DigestSource;
  /** How far down its list a digest looks; null when it reads a day's batch whole. */
  depth: number | null;
  /** What a tick plans from; throws when the source cannot be reached (the digests wait). */
  fetch(context: SourceFetchContext, now: Date): Promise<Input>;
  /**
   * What a digest may go out with while `fetch` fails, and what waits (in words, with until when), or null
   * when nothing is known: then this source's digests wait whole. A source without it always waits.
   */
  whileUnavailable?(
    context: SourceFetchContext,
    now: Date,
  ): Promise<{ input: Input; waiting: string } | null>;
  /** The warning logged (with these fields) when `fetch` failed and this source's digests wait. */
  outage: { message: string; fields: Record<string, string> };
  /**
   * Whether a due digest needs this tick's input: always to plan it; to resume a planned one only when the
   * source says so (neither daily nor trending does: a planned run's papers are stored).
   */
  needsInput(run: DigestRun | null): boolean;
  /** Records the run and its whole plan at once; null when there is nothing to plan from yet. */
  plan(
    deps: SourcePlanDeps,
    subscription: Subscription,
    localDate: string,
    input: Input,
    now: Date,
  ): Promise<DigestRun | null>;
  /** The fields of the `digest planned` log line. */
  plannedLog(run: DigestRun): Record<string, string>;
  /** The fields this source adds to the tick's `digest run finished` line (its input, when fetched). */
  runLog(input: Input | undefined): Record<string, unknown>;
  /** The header of a run posting `count` of the `total` papers it considered. */
  header(run: DigestRun, count: number, total: number, settings: DigestSettings): DigestHeader;
  /** The line posted (where the channel wants one) when a new run has nothing to post. */
  emptyNote: string;
  /**
   * How `/papers settings` names this source's order when the team ranking does not set it (below the flag
   * threshold, or `ranking=upvotes`), and whether the team ranking reorders it at all.
   */
  order: { before: string; teamRanked: boolean };
  /** A card's note from the one its delivery row keeps. */
  cardNote(note: string): string;
  /** How `why` names the run: `the 2026-11-27 digest`. */
  runName(run: DigestRun): string;
  /** The days after the run's own a paper was listed again (`why` says it was not posted twice). */
  relistedDays(run: DigestRun, days: string[]): string[];
  /** Said after a paper the run left out: when it may still come. */
  laterChance: string;
  /** `why` for a paper the channel's log has no row for. */
  explainUnlogged(paper: UnloggedPaper): Promise<DeliveryExplanation>;
}

/** Any source, its input type erased: the registry's view, where inputs travel as `unknown`. */
export type AnyDigestSource = DigestSourceDefinition<unknown>;

/** Erases a source's input type for the registry; the source alone makes and reads its input. */
export const anySource = <Input>(source: DigestSourceDefinition<Input>) =>
  source as unknown as AnyDigestSource;
