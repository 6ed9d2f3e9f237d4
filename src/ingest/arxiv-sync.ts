/**
 * Keeps the store's arXiv mailings in step with arXiv, as BatchSync does for Hugging Face's days: one
 * (category, mailing day) at a time through the arXiv source (whose process-wide gate spaces the requests),
 * stored all at once per category. A day arXiv has not announced yet, or cannot serve, comes out as a coded
 * `source_unavailable` error with when to ask again, so a digest waits on it as on a Hugging Face day.
 */
import type { Logger } from 'pino';
import type { Clock } from '../clock';
import { isPaperboyError, isStoreWriteFault, PaperboyError } from '../errors';
import type { ArxivDayEntry, ArxivListingKind } from '../records/arxiv-listing';
import {
  announcementTime,
  isAnnouncementDay,
  nextAnnouncementDay,
  previousAnnouncementDay,
} from '../sources/arxiv/arxiv-calendar';
import { type AnnounceType, type ArxivEntry, isReplacement } from '../sources/arxiv/arxiv-entry';
import type { ArxivSource } from '../sources/arxiv/arxiv-source';
import type { Store } from '../store/store';
import { addDays, utcDay } from '../time/zoned-time';

export interface ArxivSyncOptions {
  source: ArxivSource;
  store: Store;
  clock: Clock;
  log: Logger;
}

/** What one category's mailing of a day brought. */
export interface ArxivDaySync {
  category: string;
  day: string;
  /** Entries stored (each paper once), by kind. */
  entries: number;
  new: number;
  cross: number;
  replacements: number;
  inserted: number;
  updated: number;
  skipped: number;
}

/** A (category, day) arXiv failed to serve here, asked again after 1, 2, 4… minutes, at most every 15. */
export interface ArxivDayFailure {
  category: string;
  day: string;
  failures: number;
  lastError: string;
  retryAt: string;
}

export interface ArxivSync {
  /**
   * Fetches the mailing of `day` in each of `categories` and stores it (again: a stored day is refreshed,
   * never duplicated). A day with no mailing (weekend, holiday) is stored empty. Throws `source_unavailable`
   * when arXiv has not announced `day` at `now`, or failed for some category (the others are stored);
   * `invalid_input` for a category arXiv does not know.
   */
  syncDay(categories: string[], day: string, now: Date): Promise<ArxivDaySync[]>;
  /** The newest mailing day arXiv has announced at `now` (its 20:00 US Eastern announcement has passed). */
  latestAnnouncedDay(now: Date): string;
  /** The categories of `categories` whose mailing of `day` is not stored yet. */
  missingCategories(categories: string[], day: string): Promise<string[]>;
  /** Why `category`'s mailing of `day` last failed here and when to ask again (null: it has not failed). */
  failureOf(category: string, day: string): ArxivDayFailure | null;
  /** Stores entries fetched elsewhere (a back-fill over the export API), grouped by mailing day. */
  storeEntries(category: string, day: string, entries: ArxivEntry[]): Promise<ArxivDaySync>;
}

const kindOf = (type: AnnounceType, category: string, primary: string): ArxivListingKind => {
  if (isReplacement(type)) return 'replacement';
  if (type === 'cross') return 'cross';
  // The export API does not say how a paper was announced: a paper filed elsewhere first is a cross-list.
  return primary === category ? 'new' : 'cross';
};

const retryMs = (failures: number) => Math.min(15 * 60_000, 60_000 * 2 ** (failures - 1));

/** Faults not about arXiv's day: the database, or an arXiv URL that is not arXiv at all. */
const notAboutTheDay = (error: unknown) =>
  isStoreWriteFault(error) ||
  (isPaperboyError(error) && (error.code === 'config_invalid' || error.code === 'invalid_input'));

export function createArxivSync(options: ArxivSyncOptions): ArxivSync {
  const { source, store, log } = options;
  const failures = new Map<string, ArxivDayFailure>();
  const fetching = new Map<string, Promise<ArxivDaySync>>();
  const key = (category: string, day: string) => `${category} ${day}`;

  async function storeEntries(category: string, day: string, fetched: ArxivEntry[]): Promise<ArxivDaySync> {
    const entries: ArxivDayEntry[] = fetched.map((entry) => ({
      paper: entry.paper,
      kind: kindOf(entry.announceType, category, entry.primaryCategory),
      primaryCategory: entry.primaryCategory,
      categories: entry.categories,
    }));
    const fetchedAt = options.clock.now().toISOString();
    const result = await store.arxiv.saveDay(category, day, entries, fetchedAt);
    if (entries.length > 0 && !store.readOnly) await store.papers.refreshSearch();
    const stored = new Map(entries.map((entry) => [entry.paper.id, entry.kind]));
    const count = (kind: ArxivListingKind) => [...stored.values()].filter((each) => each === kind).length;
    return {
      category,
      day,
      entries: stored.size,
      new: count('new'),
      cross: count('cross'),
      replacements: count('replacement'),
      ...result,
      skipped: 0,
    };
  }

  async function fetchAndStore(category: string, day: string): Promise<ArxivDaySync> {
    const mailing = await source.fetchAnnouncements(category, day);
    if (mailing.entries.length === 0 && mailing.skipped > 0) {
      throw new PaperboyError(
        'source_bad_response',
        `arXiv listed ${mailing.skipped} item(s) in ${category} for ${day} and none could be read; the day was not stored`,
      );
    }
    const synced = { ...(await storeEntries(category, day, mailing.entries)), skipped: mailing.skipped };
    failures.delete(key(category, day));
    log.info(synced, 'arXiv mailing synced');
    return synced;
  }

  function syncOne(category: string, day: string): Promise<ArxivDaySync> {
    const running = fetching.get(key(category, day));
    if (running) return running;
    const work = fetchAndStore(category, day).finally(() => fetching.delete(key(category, day)));
    fetching.set(key(category, day), work);
    return work;
  }

  function noteFailure(category: string, day: string, error: unknown, now: Date): ArxivDayFailure {
    const previous = failures.get(key(category, day));
    const count = (previous?.failures ?? 0) + 1;
    const failure: ArxivDayFailure = {
      category,
      day,
      failures: count,
      lastError: error instanceof Error ? error.message : String(error),
      retryAt: new Date(now.getTime() + retryMs(count)).toISOString(),
    };
    failures.set(key(category, day), failure);
    return failure;
  }

  async function syncDay(categories: string[], day: string, now: Date): Promise<ArxivDaySync[]> {
    if (isAnnouncementDay(day) && now.getTime() < Date.parse(announcementTime(day))) {
      throw new PaperboyError(
        'source_unavailable',
        `arXiv has not announced the ${day} mailing yet (it goes out at ${announcementTime(day)})`,
      );
    }
    const synced: ArxivDaySync[] = [];
    const failed: ArxivDayFailure[] = [];
    // One category after another: the gate spaces them anyway, and a failure stops none of the others.
    for (const category of categories) {
      try {
        synced.push(await syncOne(category, day));
      } catch (error) {
        if (notAboutTheDay(error)) throw error;
        const failure = noteFailure(category, day, error, now);
        log.warn(
          { ...failure, err: error },
          'an arXiv mailing could not be fetched; it is asked again later',
        );
        failed.push(failure);
      }
    }
    if (failed.length > 0) {
      const first = failed[0] as ArxivDayFailure;
      throw new PaperboyError(
        'source_unavailable',
        `arXiv could not serve the ${day} mailing of ${failed.map((failure) => failure.category).join(', ')} (${first.lastError}); asked again after ${first.retryAt}`,
      );
    }
    return synced;
  }

  function latestAnnouncedDay(now: Date): string {
    // Tonight's 20:00 Eastern announcement carries tomorrow's (UTC) mailing: start past it and step back.
    let day = nextAnnouncementDay(addDays(utcDay(now), 2));
    while (Date.parse(announcementTime(day)) > now.getTime()) day = previousAnnouncementDay(day);
    return day;
  }

  async function missingCategories(categories: string[], day: string): Promise<string[]> {
    const missing: string[] = [];
    for (const category of categories) {
      if (!(await store.arxiv.storedDay(category, day))) missing.push(category);
    }
    return missing;
  }

  return {
    syncDay,
    latestAnnouncedDay,
    missingCategories,
    failureOf: (category, day) => failures.get(key(category, day)) ?? null,
    storeEntries,
  };
}
