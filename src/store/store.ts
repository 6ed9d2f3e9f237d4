import type {
  ArxivDayEntry,
  ArxivListing,
  ArxivListingPlace,
  ArxivStoredDay,
} from '../records/arxiv-listing';
import type { ChannelRef, Platform } from '../records/channel';
import type { Delivery, DeliveryState, DigestRun, SkipReason } from '../records/delivery';
import type { ChannelSettings, DiscussionRecord, QueueItem } from '../records/discussion';
import type { Paper, PaperListing } from '../records/paper';
import type { RejectedItem } from '../records/rejected-item';
import type { DigestSettings, DigestSource, Subscription } from '../records/subscription';
import type { AcronymDefinitions, PaperFilters, TextHit, TextQuery } from '../search-query/text-query';

/**
 * A repository contract as callers see it: every method resolves later. The contracts below are written
 * with plain return types (what each call yields); SQLite answers them synchronously inside and PostgreSQL
 * over the network, and both are used through this one asynchronous shape.
 */
export type Promised<T> = {
  readonly [K in keyof T]: T[K] extends (...args: infer A) => infer R ? (...args: A) => Promise<R> : T[K];
};

/**
 * Persistence behind interfaces: SQLite (the embedded default) or PostgreSQL, chosen by DATABASE_URL.
 * There is no open-ended transaction: each call that must be atomic (`saveDay`, `deliveries.createRun`)
 * is one call, which each engine runs in its own transaction.
 */
export interface Store {
  /** Which engine answers: what a message or a test may need to tell apart (never a reason to branch a service). */
  readonly engine: 'sqlite' | 'postgres';
  /** Why nothing can be saved (the database file or its folder is not writable), or null when it can. */
  readonly readOnly: string | null;
  /**
   * Whether other bot instances may be running on this database at this moment, so that an event every
   * instance receives (a Discord interaction, a Slack retry) must be claimed before it is handled:
   * `discussion.firstSighting` decides which instance answers. PostgreSQL: true, any number share it.
   * SQLite: false, one bot process per file (`claimScheduler`), so there is nobody to claim from, and a
   * claim would be a write that a file locked by a one-shot command delays.
   */
  readonly sharedByInstances: boolean;
  readonly papers: Promised<PaperRepository>;
  readonly batches: Promised<BatchRepository>;
  readonly subscriptions: Promised<SubscriptionRepository>;
  readonly deliveries: Promised<DeliveryRepository>;
  readonly discussion: Promised<DiscussionRepository>;
  readonly sourceLog: Promised<SourceLogRepository>;
  readonly ranking: Promised<RankingRepository>;
  readonly jobs: Promised<JobLeaseRepository>;
  readonly installations: Promised<InstallationRepository>;
  /** arXiv's mailings: which papers each category's mailing of a day listed, and how. */
  readonly arxiv: Promised<ArxivRepository>;
  /**
   * A fetched day, atomically: its papers upserted, the batch recorded with exactly its list, its refused
   * items replacing the previous fetch's, and the day marked recovered if it had failed.
   */
  saveDay(day: SavedDay): Promise<UpsertResult>;
  /**
   * Claims the right to run the scheduler. SQLite: one process per file, so a second one is refused (with
   * who holds it, when known) until `release()` or the holder exits. PostgreSQL: any number of instances
   * share the scheduler through `jobs`, so the claim always succeeds.
   */
  claimScheduler(holder: SchedulerHolder): Promise<SchedulerClaim>;
  /** A random id made with the database (32 hex digits): the same for every instance on it, new for a new one. */
  databaseId(): Promise<string>;
  close(): Promise<void>;
}

/**
 * arXiv's mailings per (category, mailing day). A paper is one row whoever lists it: an arXiv listing
 * refreshes its text and categories and keeps what Hugging Face gave (upvotes, organisation, media,
 * discussion, Daily Papers day); a Hugging Face listing keeps its arXiv categories.
 */
export interface ArxivRepository {
  /**
   * A category's mailing of `day`, atomically: its papers upserted as arXiv lists them, the day's listing
   * replaced by exactly `entries` (their order is their position; a paper listed twice keeps its first
   * place), and the day recorded as stored (an empty mailing too).
   */
  saveDay(category: string, day: string, entries: ArxivDayEntry[], fetchedAt: string): UpsertResult;
  /**
   * The papers the mailings of `day` listed in any of `categories`, each paper once with its best listing
   * (new, then cross, then replacement; then the lower position): ordered by kind, then position.
   */
  listingsFor(categories: string[], day: string): ArxivListing[];
  /** The mailing days stored for `category`, oldest first. */
  storedDays(category: string): string[];
  storedDay(category: string, day: string): ArxivStoredDay | null;
  /** Every listing of a paper (for `why`), oldest day first. */
  listingsOf(paperId: string): ArxivListingPlace[];
}

export interface SavedDay {
  day: string;
  papers: Paper[];
  rejected: RejectedItem[];
  fetchedAt: string;
}

/**
 * Scheduled jobs shared by several instances on one database. A job is started by at most one instance
 * per tick, and not while another instance's run of it is alive: the holder keeps a lease and renews it
 * while it works; a holder that dies stops renewing, and once the lease has expired the next tick's
 * winner takes the job over (resuming what was left, as after a restart).
 */
export interface JobLeaseRepository {
  /**
   * Takes `job` for `holder` for tick `tickKey` (the tick's start, ISO) until `now + ttlMs`. True when no other
   * holder's lease is live and no other holder started the job for this tick or a later one; the last
   * starter itself may start it again (its own scheduler already runs one job at a time).
   */
  tryStart(job: string, holder: string, tickKey: string, now: string, ttlMs: number): boolean;
  /** Extends the holder's lease to `now + ttlMs`; false when it is no longer the holder (it must stop). */
  renew(job: string, holder: string, now: string, ttlMs: number): boolean;
  /** Gives the lease up (the job finished): it expires now; the tick and its holder stay recorded. */
  finish(job: string, holder: string): void;
}

export interface SchedulerHolder {
  pid: number;
  host: string;
  startedAt: string;
}

export type SchedulerClaim =
  | { ok: true; release(): Promise<void> }
  | { ok: false; holder: SchedulerHolder | null };

export interface UpsertResult {
  inserted: number;
  updated: number;
}

export interface PaperRepository {
  /**
   * Inserts new papers and refreshes the moving numbers (upvotes, comments, stars) of known ones. A field
   * the listing leaves empty keeps its stored value; `listedBy: 'arxiv'` keeps the stored upvotes too (arXiv
   * has none), and a listing without an arXiv filing keeps the stored categories. Default: Hugging Face.
   */
  upsertMany(papers: Paper[], listedBy?: PaperListing): UpsertResult;
  get(id: string): Paper | null;
  getMany(ids: string[]): Paper[];
  /** The papers the source listed for `day`, most upvoted first. */
  listByBatchDay(day: string): Paper[];
  count(): number;
  /**
   * Papers matching a structured text query and the filters, best bm25 (with field weights) first, and
   * which clauses each matched. At most `limit` papers, chosen by bm25 over the scored clauses.
   */
  searchText(query: TextQuery, filters: PaperFilters, limit: number): TextHit[];
  /** FTS5 excerpts of the papers' abstracts (or AI summaries) with the query's words between \u0002 and \u0003. */
  snippets(query: TextQuery, paperIds: string[]): Map<string, string>;
  /** Papers passing the filters, most upvoted first (a search with filters and no words). */
  listFiltered(filters: PaperFilters, limit: number, offset: number): Paper[];
  /** How many papers contain each of `words` (folded as `src/search/search-text.ts` folds them); unknown words are absent. */
  wordCounts(words: string[]): Map<string, number>;
  /** Which of `words` the text index matches in some paper, in any form its stemming joins (`segmented`, `segments`). */
  indexedWords(words: string[]): Set<string>;
  /** Known words that may be `edits` from `word` (a candidate list: the caller checks the distance), with counts. */
  wordsNear(word: string, edits?: 1 | 2): Map<string, number>;
  /** The `limit` most common known words starting with `prefix`, with counts. */
  wordsStartingWith(prefix: string, limit: number): Map<string, number>;
  /**
   * Acronyms the papers define whose short form is one of `words` or whose long form is made of them (each
   * word one of `words`, or one of them with an s; an engine may give every long form starting with one),
   * and those they spell out whose short form is one of `words` or whose long form is one of `phrases`.
   */
  acronymDefinitions(words: string[], phrases?: string[]): AcronymDefinitions;
  /**
   * Brings what search derives from the papers up to date (the acronyms they define; SQLite's common-word
   * lists): the sync job calls it after storing a fetch, so a search only ever reads.
   */
  refreshSearch(): void;
}

export interface BatchRecord {
  day: string;
  paperCount: number;
  fetchedAt: string;
}

/** A day the source failed to serve, retried on its own schedule. */
export interface DayFailure {
  day: string;
  failures: number;
  lastError: string;
  firstFailedAt: string;
  /** Not asked again before this time. */
  retryAt: string;
  /** When it was fetched after all (null while it still fails). */
  recoveredAt: string | null;
}

export interface SourceLogRepository {
  /** Replaces the day's refused items with this fetch's. */
  recordRejects(day: string, rejected: RejectedItem[], at: string): void;
  /**
   * Where and why an item was refused, oldest day first: by its canonical arXiv id, or by the id exactly as
   * the source sent it (an id that is not an arXiv id has no canonical one).
   */
  rejectsFor(id: string): Array<{ day: string; reason: string }>;
  recordDayFailure(
    day: string,
    error: string,
    now: string,
    retryAt: (failures: number) => string,
  ): DayFailure;
  markDayRecovered(day: string, now: string): void;
  dayFailure(day: string): DayFailure | null;
  /** Days that still fail, oldest first. */
  failingDays(): DayFailure[];
  /** Days fetched after failing, recovered after `since`. */
  recoveredSince(since: string): string[];
  prune(before: string): number;
}

export interface BatchRepository {
  /** Records a fetch of `day` and exactly which papers it listed (replacing an earlier fetch's list). */
  record(day: string, paperIds: string[], fetchedAt: string): void;
  get(day: string): BatchRecord | null;
  /** The latest day on or before `day` that has papers. */
  latestNonEmpty(onOrBefore: string): BatchRecord | null;
  /** Days with papers after `after` (exclusive) up to `upTo` (inclusive), oldest first. */
  nonEmptyDaysBetween(after: string, upTo: string): string[];
  /** The days whose batch listed the paper, oldest first. */
  daysListing(paperId: string): string[];
  /** When any day was last fetched and stored (ISO), or null before the first fetch. */
  lastFetchedAt(): string | null;
}

export interface SubscriptionRepository {
  /** Creates or updates the channel's subscription, making it active and unpaused. */
  upsert(channel: ChannelRef, settings: DigestSettings, now: string): Subscription;
  get(channel: ChannelRef): Subscription | null;
  getById(id: number): Subscription | null;
  listActive(): Subscription[];
  /** Every subscribed channel of the platform, paused ones included (with their reason). */
  listSubscribed(platform: Platform): Subscription[];
  deactivate(channel: ChannelRef, now: string): boolean;
  /** Pauses the subscription; one already paused keeps its first reason (the cause, not a later symptom). */
  pause(id: number, reason: string, now: string): void;
  /**
   * Pauses every active subscription of the workspace with `reason` (replacing an earlier reason: the
   * workspace has removed the app, so that is now why nothing is posted). Returns how many.
   */
  pauseWorkspace(platform: Platform, workspaceId: string, reason: string, now: string): number;
  /** Unpauses the workspace's active subscriptions paused with exactly `reason`; returns how many. */
  resumeWorkspace(platform: Platform, workspaceId: string, reason: string, now: string): number;
}

/**
 * An app installed in a workspace (an app others install: Slack's OAuth flow). `secret` is whatever the
 * platform adapter sealed (an encrypted token): the store neither reads nor needs it in clear.
 */
export interface Installation {
  platform: Platform;
  workspaceId: string;
  secret: string;
  /** What the adapter wants back beside the secret (bot ids, team name): JSON values, nothing secret. */
  metadata: Record<string, unknown>;
  installedAt: string;
  updatedAt: string;
}

export interface InstallationRepository {
  /** Creates or replaces the workspace's installation (an installation made again keeps its `installedAt`). */
  save(
    installation: Pick<Installation, 'platform' | 'workspaceId' | 'secret' | 'metadata'>,
    now: string,
  ): Installation;
  get(platform: Platform, workspaceId: string): Installation | null;
  /** True when there was one. */
  delete(platform: Platform, workspaceId: string): boolean;
}

export interface PlannedDelivery {
  paperId: string;
  state: Extract<DeliveryState, 'pending' | 'skipped'>;
  reason: SkipReason | null;
  detail: string | null;
  rank: number | null;
  /** Why the team ranking put it here, shown on its card (null when ordered by upvotes). */
  note?: string | null;
}

export interface DeliveryRepository {
  findRun(subscriptionId: number, localDate: string): DigestRun | null;
  getRun(runId: number): DigestRun | null;
  /** The subscription's earliest run (of that source, when given). */
  firstRun(subscriptionId: number, source?: DigestSource): DigestRun | null;
  /** The subscription's latest run (of that source, when given). */
  lastRun(subscriptionId: number, source?: DigestSource): DigestRun | null;
  /**
   * Every run not completed yet, of whatever date, oldest first: a run that was started is finished even
   * when the day it was planned for is over (a crash at 23:59, a clock that jumped).
   */
  unfinishedRuns(): DigestRun[];
  /**
   * Creates the run and its planned rows at once. A paper already logged for the subscription keeps its row,
   * unless that row only says it was left out (`skipped`): then the new plan replaces it.
   */
  createRun(
    subscriptionId: number,
    localDate: string,
    batchDay: string,
    planned: PlannedDelivery[],
    now: string,
    source?: DigestSource,
  ): DigestRun;
  setHeaderState(runId: number, state: DigestRun['headerState'], messageId: string | null): void;
  completeRun(runId: number, now: string): void;
  /** How many papers the run considered (posted or skipped): the "of 29" in its header. */
  paperCount(runId: number): number;
  /** Rows of the run still to post (pending, sending, or failed and retryable), in rank order. */
  outstanding(runId: number): Delivery[];
  /** Rows left in `sending` by a crash, across all runs. */
  inFlight(): Delivery[];
  markSending(id: number, now: string): void;
  markSent(id: number, messageId: string, messageUrl: string | null, now: string): void;
  markFailed(id: number, detail: string, retryable: boolean, now: string): void;
  /** Paper ids already in the log for this subscription (in any state). */
  loggedPaperIds(subscriptionId: number, paperIds: string[]): Set<string>;
  get(subscriptionId: number, paperId: string): Delivery | null;
  /** The delivery whose message is `messageId` in this channel, if the bot posted it. */
  findByMessage(channel: ChannelRef, messageId: string): Delivery | null;
  /** Deletes log rows last touched before `before`; returns how many. */
  prune(before: string): number;
  /**
   * The next message number of a channel whose platform does not number its messages (the console's m1,
   * m2, …): one more than any number handed out before, for the life of the database, whatever restarts
   * or processes came between. A stored delivery or thread on `m12` therefore never meets another `m12`.
   */
  nextMessageNumber(channel: ChannelRef): number;
}

export interface DiscussionRepository {
  getSettings(channel: ChannelRef): ChannelSettings;
  saveSettings(channel: ChannelRef, settings: ChannelSettings, now: string): void;
  /** Channels with a weekly agenda set. */
  channelsWithAgenda(): Array<{ channel: ChannelRef; settings: ChannelSettings }>;
  findItem(channel: ChannelRef, paperId: string): QueueItem | null;
  findItemByMessage(channel: ChannelRef, messageId: string): QueueItem | null;
  /** The channel's item for the paper, created (queued, flagged on `messageId`) if there is none. */
  ensureItem(channel: ChannelRef, paperId: string, messageId: string, now: string): QueueItem;
  /** True when the flag is new. A flag on a discussed paper puts it back on the queue. */
  addFlag(itemId: number, userId: string, userName: string, now: string): boolean;
  /** True when there was such a flag. */
  removeFlag(itemId: number, userId: string): boolean;
  setThread(itemId: number, threadId: string, threadUrl: string | null): void;
  /** Records the discussion with who had flagged the paper, and clears the flags for the next round. */
  markDiscussed(itemId: number, userId: string, now: string): void;
  /** Queued items with at least one flag: most flags first, then oldest. */
  queue(channel: ChannelRef): QueueItem[];
  /** Every discussion in the channel, most recent first (a paper discussed twice is there twice). */
  history(channel: ChannelRef, limit: number): DiscussionRecord[];
  /** Records that the agenda for the local date is posted (or is not to be posted); false if it already was. */
  recordAgenda(channel: ChannelRef, localDate: string, now: string): boolean;
  hasAgenda(channel: ChannelRef, localDate: string): boolean;
  /** Records a platform event id; false if it was seen before (a replay). */
  firstSighting(eventKey: string, now: string): boolean;
  pruneEvents(before: string): number;
}

/** What a channel has told the team ranking, newest first. */
export interface ChannelSignals {
  /** Papers with at least one flag (queued or discussed), with how many people flagged them. */
  flagged: Array<{ paperId: string; flags: number; lastAt: string }>;
  /** Papers someone marked with the channel's dislike reaction. */
  disliked: Array<{ paperId: string; lastAt: string }>;
  /** Papers posted here before the cutoff (neither flagged nor disliked is decided by the caller). */
  posted: Array<{ paperId: string; postedAt: string }>;
}

export interface RankingRepository {
  /** `postedBefore`: only posts older than this count as left alone; at most `limit` of each kind. */
  signals(channel: ChannelRef, postedBefore: string, limit: number): ChannelSignals;
  /** True when the dislike is new. */
  addDislike(channel: ChannelRef, paperId: string, userId: string, now: string): boolean;
  /** True when there was such a dislike. */
  removeDislike(channel: ChannelRef, paperId: string, userId: string): boolean;
  /** The text `saveModel` kept for the channel, or null: the store never reads it (the team ranking decodes it). */
  getModel(channel: ChannelRef): string | null;
  /** Keeps the channel's model, replacing the last one. */
  saveModel(channel: ChannelRef, model: StoredModel): void;
}

/**
 * A channel's team model as the store keeps it: opaque text that the team ranking encodes and decodes
 * (src/ranking/model-codec.ts), with what identifies it: the signals it was trained on, and when.
 */
export interface StoredModel {
  text: string;
  fingerprint: string;
  trainedAt: string;
}
