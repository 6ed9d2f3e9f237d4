/**
 * A category's announcement feed (rss.arxiv.org/rss/<category>, RSS 2.0 as arXiv's "RSS feed
 * Specifications" describe it): the channel's `pubDate` is the mailing's date; each item has `title`,
 * `link`, `description` ("arXiv:2203.01250v3 Announce Type: replace-cross \nAbstract: …"), `guid`
 * ("oai:arXiv.org:2203.01250v3"), one `category` per classification, `pubDate`, `arxiv:announce_type`
 * and `dc:creator` ("Antonin Monteil, Paul Pegon"). Weekends and holidays serve an empty channel.
 *
 * The feed does not say which category is primary or when v1 was submitted: a `new` item's primary is the
 * feed's own category; a cross-list's is taken as the first other category listed (arXiv lists the
 * primary first); `publishedAt` is the announcement instant.
 */
import { canonicalArxivId } from '../../papers/arxiv-id';
import type { RejectedItem } from '../../records/rejected-item';
import { announcementTime } from './arxiv-calendar';
import { type AnnounceType, type ArxivEntry, announceTypes } from './arxiv-entry';
import { arxivPaper, shown, splitVersion } from './arxiv-paper';
import { childOf, listOf, parseXml, textOf } from './arxiv-xml';

export interface ParsedFeed {
  /** The mailing's date from the channel's `pubDate` (`YYYY-MM-DD`, Eastern), null when it has none. */
  day: string | null;
  entries: ArxivEntry[];
  rejected: RejectedItem[];
}

const months: Record<string, string> = {
  Jan: '01',
  Feb: '02',
  Mar: '03',
  Apr: '04',
  May: '05',
  Jun: '06',
  Jul: '07',
  Aug: '08',
  Sep: '09',
  Oct: '10',
  Nov: '11',
  Dec: '12',
};

/** `Fri, 23 Aug 2024 00:00:00 -0400` → `2024-08-23`: the date as written, in the feed's own zone. */
export function rfc822Day(text: string | null): string | null {
  const match = text ? /(\d{1,2})\s+([A-Z][a-z]{2})\s+(\d{4})/.exec(text) : null;
  const month = match?.[2] ? months[match[2]] : undefined;
  return match?.[1] && match[3] && month ? `${match[3]}-${month}-${match[1].padStart(2, '0')}` : null;
}

const descriptionPattern = /^arXiv:(\S+)\s+Announce Type:\s*([a-z-]+)\s*(?:Abstract:\s*([\s\S]*))?$/i;

export function parseAnnouncementFeed(text: string, category: string): ParsedFeed {
  const channel = childOf(childOf(parseXml(text, `the arXiv feed for ${category}`), 'rss'), 'channel');
  const day = rfc822Day(textOf(childOf(channel, 'pubDate')));
  const entries: ArxivEntry[] = [];
  const rejected: RejectedItem[] = [];
  for (const item of listOf(childOf(channel, 'item'))) {
    const checked = checkItem(item, category, day);
    if ('reason' in checked) rejected.push(checked);
    else entries.push(checked);
  }
  return { day, entries, rejected };
}

function checkItem(item: unknown, category: string, feedDay: string | null): ArxivEntry | RejectedItem {
  const description = textOf(childOf(item, 'description'));
  const parts = description ? descriptionPattern.exec(description) : null;
  const guid = textOf(childOf(item, 'guid'))?.replace(/^oai:arXiv\.org:/i, '') ?? null;
  const sourceId = parts?.[1] ?? guid;
  const reject = (reason: string, paperId: string | null = null): RejectedItem => ({
    sourceId,
    paperId,
    reason,
  });
  if (!sourceId) return reject('it has no arXiv id');
  const { id: rawId, version } = splitVersion(sourceId);
  const id = canonicalArxivId(rawId);
  if (!id) return reject(`its id ${shown(sourceId)} is not an arXiv id (such as 2410.17243 or cs/0112017)`);
  const typeText = (textOf(childOf(item, 'arxiv:announce_type')) ?? parts?.[2] ?? '').toLowerCase();
  if (!typeText) return reject('it has no announce type', id);
  if (!announceTypes.includes(typeText as AnnounceType))
    return reject(`its announce type ${shown(typeText)} is not new, cross, replace or replace-cross`, id);
  const announceType = typeText as AnnounceType;
  const title = textOf(childOf(item, 'title'));
  if (!title) return reject('it has no title', id);
  const day = rfc822Day(textOf(childOf(item, 'pubDate'))) ?? feedDay;
  if (!day) return reject('it has no announcement date', id);
  const categories = listOf(childOf(item, 'category'))
    .map(textOf)
    .filter((name): name is string => name !== null);
  const primaryCategory =
    announceType === 'new' || announceType === 'replace'
      ? category
      : (categories.find((name) => name !== category) ?? category);
  const authors = (textOf(childOf(item, 'dc:creator')) ?? '')
    .split(/\s*,\s*|\s+and\s+/)
    .map((name) => name.trim())
    .filter((name) => name !== '');
  const paper = arxivPaper({
    id,
    title,
    abstract: (parts?.[3] ?? '').replace(/\s+/g, ' ').trim(),
    authors,
    publishedAt: announcementTime(day),
    batchDay: day,
  });
  return {
    paper,
    categories: categories.length > 0 ? categories : [category],
    primaryCategory,
    announceType,
    version,
  };
}
