import type { Logger } from 'pino';
import type { ReactionEvent } from '../chat/chat-port';
import type { PortRegistry } from '../chat/port-registry';
import type { Clock } from '../clock';
import { isStoreWriteFault } from '../errors';
import { findPaperLinks } from '../papers/arxiv-id';
import { shownTitle } from '../papers/paper-bounds';
import type { ChannelRef } from '../records/channel';
import type { QueueItem, ReactionOutcome, ReactionResult } from '../records/discussion';
import type { Paper } from '../records/paper';
import type { Store } from '../store/store';
import { retryStoreWrites } from '../store/store-retry';
import { truncateAtWord } from '../text/truncate';
import { localMoment } from '../time/zoned-time';
import { weeklyAgendaText } from './agenda-text';
import { type EmojiNormaliser, sameEmoji } from './emoji';

export interface DiscussionServiceOptions {
  store: Store;
  ports: PortRegistry;
  clock: Clock;
  log: Logger;
  /** Every platform module's emoji names as Unicode (the composition root combines them). */
  toUnicode: EmojiNormaliser;
  /** Told of every flag and 👎 given or withdrawn, so the channel's team ranking learns from it at once. */
  onSignal?: (channel: ChannelRef, now: Date) => Promise<void>;
  /** Fetches and stores a paper paperboy has not seen (for shared links). */
  lookUpPaper: (id: string) => Promise<Paper>;
  /** Thread lines per paper allowed in `noteWindowMs`: a flood of reactions is not a flood of replies. */
  notesPerWindow?: number;
  noteWindowMs?: number;
}

export interface DiscussionService {
  handleReaction(event: ReactionEvent): Promise<ReactionResult>;
  /** Posts the weekly agenda in every channel whose agenda time has come today. */
  runDueAgendas(now: Date): Promise<number>;
  /** The agenda text for a channel's queue. */
  agendaText(channel: ChannelRef): Promise<string>;
}

/** Reactions have no reply to wait for: a refused write is retried for longer than a command's. */
const reactionRetryBudgetMs = 60_000;

const channelKey = (channel: ChannelRef) => `${channel.platform}:${channel.workspaceId}:${channel.channelId}`;

export function createDiscussionService(options: DiscussionServiceOptions): DiscussionService {
  const { store, ports, clock } = options;
  const notesPerWindow = options.notesPerWindow ?? 3;
  const noteWindowMs = options.noteWindowMs ?? 10 * 60_000;
  // Recent thread lines per queue item; in memory, as a restart forgetting them only allows a few more.
  const recentNotes = new Map<number, number[]>();

  /** True (and counted) when another thread line for the item fits in the window. */
  function mayNote(itemId: number, now: number): boolean {
    const recent = (recentNotes.get(itemId) ?? []).filter((at) => now - at < noteWindowMs);
    if (recent.length >= notesPerWindow) return false;
    recentNotes.set(itemId, [...recent, now]);
    return true;
  }
  const log = options.log.child({ service: 'discussion' });
  // Events for one message are handled one at a time: two quick flags must not open two threads.
  const chains = new Map<string, Promise<unknown>>();

  function serialised<T>(key: string, work: () => Promise<T>): Promise<T> {
    const next = (chains.get(key) ?? Promise.resolve()).then(work, work);
    const tail = next.catch(() => undefined);
    chains.set(key, tail);
    void tail.then(() => {
      if (chains.get(key) === tail) chains.delete(key);
    });
    return next;
  }

  /** The paper a message is about: a digest post, a message flagged before, or a message linking a paper. */
  async function paperForMessage(event: ReactionEvent, fetchUnknown: boolean): Promise<string | null> {
    const delivered = await store.deliveries.findByMessage(event.channel, event.messageId);
    if (delivered) return delivered.paperId;
    const known = await store.discussion.findItemByMessage(event.channel, event.messageId);
    if (known) return known.paperId;
    const port = ports.interactive(event.channel.platform);
    const message = port ? await port.readMessage(event.channel, event.messageId) : null;
    const [id] = message ? findPaperLinks(message.text) : [];
    if (!id) return null;
    if (fetchUnknown) await options.lookUpPaper(id);
    return id;
  }

  /** The reaction's result: `paperId`'s title and, when given, its queue item as it now stands. */
  async function result(
    outcome: ReactionOutcome,
    paperId: string | null = null,
    channel: ChannelRef | null = null,
  ): Promise<ReactionResult> {
    if (!paperId) return { outcome, paper: null, item: null };
    const stored = (await store.papers.get(paperId))?.title;
    const title = stored === undefined ? null : shownTitle(stored);
    const item = channel ? await store.discussion.findItem(channel, paperId) : null;
    return { outcome, paper: { id: paperId, title }, item };
  }

  async function handle(event: ReactionEvent, retrying: boolean): Promise<ReactionResult> {
    const now = clock.now().toISOString();
    // A retry after a refused write must not take its own first attempt for a replay; flags are idempotent.
    const eventKey = `${event.channel.platform}:${event.eventId}`;
    if (!retrying && event.eventId && !(await store.discussion.firstSighting(eventKey, now)))
      return result('replayed');
    const settings = await store.discussion.getSettings(event.channel);
    if (!sameEmoji(event.emoji, settings.flagEmoji, options.toUnicode)) {
      if (settings.dislikeEmoji && sameEmoji(event.emoji, settings.dislikeEmoji, options.toUnicode))
        return handleDislike(event, now);
      return result('not_the_flag_emoji');
    }
    if (event.action === 'removed') {
      const paperId = await paperForMessage(event, false);
      if (!paperId) return result('not_a_paper');
      const item = await store.discussion.findItem(event.channel, paperId);
      if (!item || !(await store.discussion.removeFlag(item.id, event.userId)))
        return result('not_flagged', paperId, event.channel);
      log.info({ paper: item.paperId }, 'flag withdrawn');
      await signalled(event.channel);
      return result('withdrawn', paperId, event.channel);
    }
    const paperId = await paperForMessage(event, true);
    if (!paperId) return result('not_a_paper');
    const item = await store.discussion.ensureItem(event.channel, paperId, event.messageId, now);
    if (!(await store.discussion.addFlag(item.id, event.userId, event.userName, now)))
      return result('already_flagged', paperId, event.channel);
    log.info({ paper: paperId, channel: event.channel.channelId }, 'paper flagged');
    await signalled(event.channel);
    await announceFlag(
      (await store.discussion.findItem(event.channel, paperId)) ?? item,
      event.userName,
      settings.threads,
      now,
    );
    return result('flagged', paperId, event.channel);
  }

  /** A flag the database refuses for now (locked, disk full) is retried off the event path, then logged. */
  async function handleRetrying(event: ReactionEvent): Promise<ReactionResult> {
    try {
      return await retryStoreWrites((attempt) => handle(event, attempt > 0), {
        budgetMs: reactionRetryBudgetMs,
      });
    } catch (error) {
      if (!isStoreWriteFault(error)) throw error;
      log.error(
        { err: error, channel: event.channel.channelId, message: event.messageId, user: event.userId },
        `a ${event.action === 'added' ? 'flag' : 'withdrawn flag'} could not be recorded: ${error.message}`,
      );
      throw error;
    }
  }

  async function signalled(channel: ChannelRef) {
    try {
      await options.onSignal?.(channel, clock.now());
    } catch (error) {
      // The signal is stored either way; the model is trained again on the next digest.
      log.warn({ err: error, channel: channel.channelId }, 'the team ranking could not learn from a signal');
    }
  }

  /** A 👎 (the channel's dislike reaction) tells the team ranking "not for us"; it posts nothing. */
  async function handleDislike(event: ReactionEvent, now: string): Promise<ReactionResult> {
    const adding = event.action === 'added';
    const paperId = await paperForMessage(event, adding);
    if (!paperId) return result('not_a_paper');
    const changed = adding
      ? await store.ranking.addDislike(event.channel, paperId, event.userId, now)
      : await store.ranking.removeDislike(event.channel, paperId, event.userId);
    if (!changed) return result(adding ? 'already_disliked' : 'not_disliked', paperId);
    log.info({ paper: paperId, action: event.action }, 'dislike recorded for the team ranking');
    await signalled(event.channel);
    return result(adding ? 'disliked' : 'dislike_withdrawn', paperId);
  }

  async function announceFlag(
    item: QueueItem,
    userName: string,
    threads: boolean,
    now: string,
  ): Promise<void> {
    const port = ports.interactive(item.channel.platform);
    if (!port || !threads) return;
    try {
      if (!item.threadId) {
        const title = truncateAtWord(
          (await store.papers.get(item.paperId))?.title ?? `arXiv ${item.paperId}`,
          100,
        );
        const thread = await port.startThread(item.channel, item.messageId, title);
        await store.discussion.setThread(item.id, thread.threadId, thread.url);
        mayNote(item.id, Date.parse(now));
        await port.postInThread(item.channel, thread.threadId, `🔖 Flagged for discussion by ${userName}.`);
        return;
      }
      if (!mayNote(item.id, Date.parse(now))) return;
      // The thread outlives withdrawn flags: a paper flagged again after all flags were withdrawn has one.
      const line =
        item.flags.length > 1
          ? `🔖 ${userName} flagged this too (${item.flags.length} flags).`
          : `🔖 Flagged for discussion again by ${userName}.`;
      await port.postInThread(item.channel, item.threadId, line);
    } catch (error) {
      // The flag is recorded either way; a thread that cannot be opened is only a missed courtesy.
      log.warn({ err: error, paper: item.paperId }, 'could not open or post in the discussion thread');
    }
  }

  const agendaText = (channel: ChannelRef) => weeklyAgendaText(store, channel);

  async function runDueAgendas(now: Date): Promise<number> {
    let posted = 0;
    for (const { channel, settings } of await store.discussion.channelsWithAgenda()) {
      const agenda = settings.agenda;
      const port = ports.get(channel.platform);
      if (!agenda || !port) continue;
      const local = localMoment(now, agenda.timezone);
      if (local.weekday !== agenda.weekday || local.time < agenda.time) continue;
      if (await store.discussion.hasAgenda(channel, local.date)) continue;
      try {
        await port.postText(channel, await agendaText(channel));
        await store.discussion.recordAgenda(channel, local.date, now.toISOString());
        posted++;
      } catch (error) {
        log.warn({ err: error, channel: channel.channelId }, 'agenda post failed; the next tick tries again');
      }
    }
    return posted;
  }

  return {
    handleReaction: (event) =>
      serialised(`${channelKey(event.channel)}:${event.messageId}`, () => handleRetrying(event)),
    runDueAgendas,
    agendaText,
  };
}
