/**
 * `paperboy fetch --source arxiv --categories cs.LG,cs.RO --from D --to D`: back-fills arXiv mailings
 * through the export API, one mailing day at a time (all categories in one query, paged), each day stored
 * as soon as it is fetched, so a back-fill stopped half-way keeps its days and a rerun refreshes them
 * (never duplicates). Every request waits its turn at arXiv's one-every-3-seconds gate, so the time is
 * said up front.
 */
import type { Writable } from 'node:stream';
import type { Core } from '../app/create-core';
import { isPaperboyError, PaperboyError } from '../errors';
import { type ArxivSync, createArxivSync } from '../ingest/arxiv-sync';
import { announcementDaysBetween } from '../sources/arxiv/arxiv-calendar';
import { canonicalCategory, categoryProblem } from '../sources/arxiv/arxiv-categories';
import type { ArxivEntry } from '../sources/arxiv/arxiv-entry';
import { arxivMinIntervalMs, createArxivSource } from '../sources/arxiv/arxiv-source';
import type { CliArgs } from './cli-args';
import { progressBar } from './progress-bar';

interface FetchIo {
  stdout: Writable;
  stderr: Writable & { isTTY?: boolean };
}

const print = (stream: Writable, text: string) => stream.write(`${text}\n`);
const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/**
 * Why `category` cannot be asked of arXiv as written, or null. The taxonomy is arxiv-categories.ts's, as
 * `subscribe` checks it; a back-fill names the category exactly (a wrong case gets a did-you-mean).
 */
function categoryRefusal(category: string): string | null {
  const canonical = canonicalCategory(category);
  if (canonical === category) return null;
  return canonical
    ? `"${category}" is not an arXiv category (did you mean ${canonical}?)`
    : categoryProblem(category);
}

export function parseCategories(text: string | undefined): string[] {
  if (text === undefined || text.trim() === '')
    throw new PaperboyError(
      'invalid_input',
      'fetch --source arxiv needs --categories, e.g. --categories cs.LG,cs.RO',
    );
  const categories = [
    ...new Set(
      text
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
    ),
  ];
  const problems = categories.map(categoryRefusal).filter((problem): problem is string => problem !== null);
  if (problems.length > 0) throw new PaperboyError('invalid_input', `--categories: ${problems.join('; ')}`);
  return categories;
}

/** The entries of one mailing day that each category lists (an entry filed under several is in each). */
const byCategory = (entries: ArxivEntry[], category: string) =>
  entries.filter((entry) => entry.categories.includes(category) || entry.primaryCategory === category);

export async function fetchArxivCli(core: Core, args: CliArgs, io: FetchIo): Promise<void> {
  const categories = parseCategories(args.categories);
  const from = args.from ?? args.date;
  const to = args.to ?? args.date;
  if (!from || !to)
    throw new PaperboyError(
      'invalid_input',
      'fetch --source arxiv needs --date YYYY-MM-DD, or --from and --to',
    );
  if (from > to) throw new PaperboyError('invalid_input', `--from ${from} is after --to ${to}`);
  if (core.store.readOnly) {
    throw new PaperboyError(
      'store_read_only',
      `fetch saves what it fetches, but ${core.store.readOnly}: nothing was fetched. Make it writable, or point DATABASE_URL at a writable copy.`,
    );
  }
  const source = createArxivSource({
    feedBaseUrl: core.config.ARXIV_FEED_URL,
    apiBaseUrl: core.config.ARXIV_API_URL,
    contact: core.config.ARXIV_CONTACT ?? null,
    clock: core.clock,
    logger: core.log,
  });
  const sync = createArxivSync({ source, store: core.store, clock: core.clock, log: core.log });
  const latest = sync.latestAnnouncedDay(core.clock.now());
  if (from > latest)
    throw new PaperboyError(
      'invalid_input',
      `arXiv has not announced ${from} yet (its latest mailing is ${latest}): nothing was fetched`,
    );
  const days = announcementDaysBetween(from, to > latest ? latest : to);
  if (to > latest)
    print(io.stderr, `Mailings after ${latest} (arXiv's latest) are not announced yet and were skipped.`);
  if (days.length === 0) {
    print(io.stdout, `arXiv mailed nothing from ${from} to ${to} (weekends and holidays): nothing to fetch.`);
    return;
  }
  const seconds = Math.round((days.length * arxivMinIntervalMs) / 1000);
  print(
    io.stderr,
    `Back-filling ${count(days.length, 'mailing day')} of ${categories.join(', ')} from arXiv's export API: ` +
      `one request every ${arxivMinIntervalMs / 1000} s (arXiv's rule for automated clients), one a day and one more ` +
      `per 500 papers past the first 500, so at least ${seconds} s.`,
  );
  const tick = progressBar(io.stderr, days.length);
  let papers = 0;
  for (const [index, day] of days.entries()) {
    const fetched = await fetchDay(sync, source, categories, day).catch((error: unknown) => {
      throw stoppedAt(error, index, days);
    });
    papers += fetched;
    tick(index + 1, `${day}: ${count(fetched, 'paper')}`);
  }
  await core.store.papers.refreshSearch();
  print(
    io.stdout,
    `Fetched ${count(days.length, 'arXiv mailing day')} of ${categories.join(', ')}: ${count(papers, 'paper')}. ` +
      `${count(await core.store.papers.count(), 'paper')} stored.`,
  );
}

async function fetchDay(
  sync: ArxivSync,
  source: ReturnType<typeof createArxivSource>,
  categories: string[],
  day: string,
): Promise<number> {
  const entries = await source.fetchRange(categories, day, day);
  for (const category of categories) await sync.storeEntries(category, day, byCategory(entries, category));
  return entries.length;
}

/** A back-fill stopped part-way keeps the days it stored and says how to carry on. */
function stoppedAt(error: unknown, index: number, days: string[]): unknown {
  if (!isPaperboyError(error)) return error;
  const stored =
    index === 0 ? 'no day was stored' : `${count(index, 'day')} (${days[0]} to ${days[index - 1]}) stored`;
  return new PaperboyError(
    error.code,
    `Stopped at ${days[index]}, ${stored}: ${error.message}. Run the same fetch again later; stored days are only refreshed.`,
    { cause: error },
  );
}
