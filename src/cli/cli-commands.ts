import type { Writable } from 'node:stream';
import type { Core } from '../app/create-core';
import { type PreviewBatches, previewDigest } from '../digest/digest-preview';
import { isStoreWriteFault, PaperboyError } from '../errors';
import { paperLinks } from '../records/paper';
import { defaultDigestSettings } from '../records/subscription';
import { parseSearchQuery } from '../search/query-syntax';
import { describeFilters, hasFilters, paperFilters } from '../search/search-filters';
import { emptySearchText, searchHeading, unsearchableMessage } from '../search/search-replies';
import { maxQueryLength } from '../search/search-service';
import { addDays, utcDay } from '../time/zoned-time';
import { fetchArxivCli } from './arxiv-fetch';
import type { CliArgs } from './cli-args';
import { progressBar } from './progress-bar';

export interface CliIo {
  stdout: Writable;
  stderr: Writable & { isTTY?: boolean };
}

const print = (stream: Writable, text: string) => stream.write(`${text}\n`);
const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/**
 * The one date rule of `fetch` and `digest --date`: Hugging Face has no list for a day that has not begun
 * (UTC), so both refuse it with the same words rather than say "0 papers" or "weekends have none".
 * Returns today (UTC).
 */
export function refuseFutureDay(day: string, now: Date): string {
  const today = utcDay(now);
  if (day > today)
    throw new PaperboyError(
      'invalid_input',
      `${day} is in the future (today is ${today} UTC): Hugging Face has no Daily Papers list for it yet, so nothing was fetched or stored`,
    );
  return today;
}

export async function fetchCli(core: Core, args: CliArgs, io: CliIo): Promise<void> {
  if (args.source === 'arxiv') return await fetchArxivCli(core, args, io);
  if (args.categories !== undefined)
    throw new PaperboyError('invalid_input', '--categories is for arXiv: add --source arxiv');
  const ranged = args.from !== undefined || args.to !== undefined;
  if (ranged && args.date)
    throw new PaperboyError('invalid_input', 'give either --date D or --from D --to D, not both');
  if (ranged && (!args.from || !args.to)) {
    const [given, missing] = args.from ? ['--from', '--to'] : ['--to', '--from'];
    throw new PaperboyError(
      'invalid_input',
      `${given} needs ${missing} too (a range is --from D --to D; one day is --date D)`,
    );
  }
  const from = args.from ?? args.date;
  const to = args.to ?? args.date;
  if (!from || !to)
    throw new PaperboyError('invalid_input', 'fetch needs --date YYYY-MM-DD, or --from and --to');
  if (from > to) throw new PaperboyError('invalid_input', `--from ${from} is after --to ${to}`);
  if (core.store.readOnly) {
    throw new PaperboyError(
      'store_read_only',
      `fetch saves what it fetches, but ${core.store.readOnly}: nothing was fetched. Make it writable, or point DATABASE_URL at a writable copy.`,
    );
  }
  const today = refuseFutureDay(from, core.clock.now());
  const days: string[] = [];
  for (let day = from; day <= to && day <= today; day = addDays(day, 1)) days.push(day);
  if (to > today) print(io.stderr, `Days after ${today} (today, UTC) are in the future and were skipped.`);
  const tick = progressBar(io.stderr, days.length);
  let papers = 0;
  let skipped = 0;
  for (const [index, day] of days.entries()) {
    const result = await core.sync.syncDay(day).catch((error: unknown) => {
      throw isStoreWriteFault(error) ? stoppedAt(error, index, days) : error;
    });
    papers += result.papers;
    skipped += result.skipped;
    tick(index + 1, `${day}: ${count(result.papers, 'paper')}`);
  }
  const note = skipped ? ` (${skipped} invalid item${skipped === 1 ? '' : 's'} skipped)` : '';
  print(
    io.stdout,
    `Fetched ${count(days.length, 'day')}: ${count(papers, 'paper')}${note}. ${count(await core.store.papers.count(), 'paper')} stored.`,
  );
}

/** A backfill the database refused part-way keeps what it stored and says how to carry on. */
function stoppedAt(error: PaperboyError, index: number, days: string[]): PaperboyError {
  const stored =
    index === 0 ? 'No day was stored' : `${count(index, 'day')} (${days[0]} to ${days[index - 1]}) stored`;
  return new PaperboyError(
    error.code,
    `Stopped at ${days[index]}: ${stored}. ${error.message} Then run the same fetch again; stored days are only refreshed.`,
    { cause: error },
  );
}

export async function searchCli(core: Core, args: CliArgs, io: CliIo): Promise<void> {
  const query = args.positionals.join(' ').trim();
  const parsed = parseSearchQuery(query);
  if (query.length > maxQueryLength)
    throw new PaperboyError(
      'invalid_input',
      `the query is too long: at most ${maxQueryLength} characters, please`,
    );
  if (parsed.problems.length > 0) throw new PaperboyError('invalid_input', parsed.problems.join('\n'));
  if (parsed.filters.posted || parsed.filters.flagged) {
    throw new PaperboyError(
      'invalid_input',
      'posted and flagged are about a chat channel: use them in Discord, Slack or the console (paperboy start)',
    );
  }
  if (!parsed.text.trim() && !hasFilters(parsed.filters)) {
    throw new PaperboyError(
      'invalid_input',
      'search needs a query, e.g. paperboy search "diffusion transformers" or "upvotes:>50 since:7d"',
    );
  }
  const filters = paperFilters(parsed.filters, utcDay(core.clock.now()));
  const result = await core.search.search({ text: parsed.text, filters, limit: args.limit ?? 10 });
  const described = describeFilters(parsed.filters, utcDay(core.clock.now()));
  const refusal = unsearchableMessage(
    parsed.text,
    result,
    described !== '',
    (text) => `paperboy search "${text}"`,
  );
  if (refusal) throw new PaperboyError('invalid_input', refusal);
  const { hits } = result;
  if (args.json) {
    const rows = hits.map((hit) => ({
      id: hit.paper.id,
      title: hit.paper.title,
      score: Number(hit.score.toPrecision(4)),
      coverage: Number(hit.coverage.toFixed(2)),
      url: paperLinks(hit.paper.id).hf,
    }));
    print(io.stdout, JSON.stringify(rows, null, 2));
    return;
  }
  if (hits.length === 0) {
    print(io.stdout, emptySearchText(parsed.text, described, result, await core.store.papers.count()));
    return;
  }
  print(io.stdout, searchHeading(parsed.text, described, result));
  hits.forEach((hit, index) => {
    // The share of the query a paper matches says more than a bm25 number, which has no unit.
    print(
      io.stdout,
      `${String(index + 1).padStart(2)}. ${hit.paper.title}\n    ${paperLinks(hit.paper.id).hf} · ▲ ${hit.paper.upvotes} · matches ${Math.round(hit.coverage * 100)}% of the query`,
    );
  });
}

export async function digestCli(core: Core, args: CliArgs, io: CliIo): Promise<void> {
  // Before anything is fetched: a day that has not begun would be stored as an empty batch.
  if (args.date) refuseFutureDay(args.date, core.clock.now());
  const preview = await previewDigest(
    core.store.readOnly ? { ...core, sync: storedDaysOnly(core, core.store.readOnly) } : core,
    core.clock.now(),
    defaultDigestSettings,
    args.date,
  );
  if (core.store.readOnly) {
    print(
      io.stderr,
      `Read-only database (${core.store.readOnly}): showing what is stored, nothing was fetched.`,
    );
  }
  if (args.json) {
    print(io.stdout, JSON.stringify({ header: preview.header, papers: preview.cards }, null, 2));
    return;
  }
  if (!preview.header) {
    print(
      io.stdout,
      args.date
        ? `No Daily Papers batch on ${dayLabel(args.date, core.clock.now())}: nothing was listed that day (weekends and holidays have none).`
        : 'No Daily Papers batch found in the last week.',
    );
    return;
  }
  print(io.stdout, preview.header.title);
  preview.cards.forEach((card, index) => {
    print(
      io.stdout,
      `${String(index + 1).padStart(2)}. ${card.title} (▲ ${card.upvotes})\n    ${card.authorsLine}\n    ${card.summary}\n    ${card.hfUrl}`,
    );
  });
}

/** Hugging Face's trending list right now (the papers are stored, so search finds them afterwards). */
export async function trendingCli(core: Core, args: CliArgs, io: CliIo): Promise<void> {
  const papers = await core.sync.syncTrending(args.limit ?? 10);
  if (args.json) {
    const rows = papers.map((paper, index) => ({
      rank: index + 1,
      id: paper.id,
      title: paper.title,
      upvotes: paper.upvotes,
      url: paperLinks(paper.id).hf,
    }));
    print(io.stdout, JSON.stringify(rows, null, 2));
    return;
  }
  if (papers.length === 0) {
    print(io.stdout, 'Hugging Face lists no trending papers just now.');
    return;
  }
  print(io.stdout, 'Trending on Hugging Face');
  papers.forEach((paper, index) => {
    print(
      io.stdout,
      `${String(index + 1).padStart(2)}. ${paper.title} (▲ ${paper.upvotes})\n    ${paperLinks(paper.id).hf}`,
    );
  });
}

/** `Sat 26 Oct`, with the year when it is not this year: `Sat 26 Oct 2024`. */
function dayLabel(day: string, now: Date): string {
  const sameYear = day.slice(0, 4) === utcDay(now).slice(0, 4);
  return new Date(`${day}T12:00:00Z`)
    .toLocaleDateString('en-GB', {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      ...(sameYear ? {} : { year: 'numeric' }),
      timeZone: 'UTC',
    })
    .replace(',', '');
}

/** A read-only database cannot take a fetch: the digest comes from the days already stored. */
function storedDaysOnly(core: Core, reason: string): PreviewBatches {
  return {
    syncDay: async (day) => {
      throw new PaperboyError(
        'store_read_only',
        `${day} is not stored, and it cannot be fetched because ${reason}. Stored days can be shown.`,
      );
    },
    latestCompleteBatch: async (now) => await core.store.batches.latestNonEmpty(utcDay(now)),
  };
}
