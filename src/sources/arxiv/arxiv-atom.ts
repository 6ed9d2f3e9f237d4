/**
 * The export API's Atom answer (export.arxiv.org/api/query, arXiv API User's Manual §3.3): feed-level
 * `opensearch:totalResults`, `opensearch:startIndex` and `opensearch:itemsPerPage`; per `entry` an `id`
 * (`http://arxiv.org/abs/2401.10000v2`), `published` (v1), `updated` (this version), `title`, `summary`,
 * `author/name`, `arxiv:primary_category@term` and one `category@term` per classification. An error is a
 * feed with a single entry titled "Error" whose id is under `http://arxiv.org/api/errors`.
 */
import { PaperboyError } from '../../errors';
import { canonicalArxivId } from '../../papers/arxiv-id';
import type { RejectedItem } from '../../records/rejected-item';
import { announcementDayFor } from './arxiv-calendar';
import type { ArxivEntry } from './arxiv-entry';
import { arxivPaper, shown, splitVersion } from './arxiv-paper';
import { attributeOf, childOf, listOf, parseXml, textOf } from './arxiv-xml';

export interface ParsedQuery {
  totalResults: number;
  startIndex: number;
  /** Entries as listed; `announceType` is `new` when the primary is one of `categories`, else `cross`. */
  entries: ArxivEntry[];
  rejected: RejectedItem[];
}

export function parseQueryAnswer(text: string, categories: readonly string[]): ParsedQuery {
  const feed = childOf(parseXml(text, 'the arXiv API answer'), 'feed');
  if (feed === undefined)
    throw new PaperboyError('source_bad_response', 'the arXiv API answer is not an Atom feed');
  const rawEntries = listOf(childOf(feed, 'entry'));
  const first = rawEntries[0];
  if (
    rawEntries.length === 1 &&
    textOf(childOf(first, 'title')) === 'Error' &&
    /\/api\/errors/.test(textOf(childOf(first, 'id')) ?? '')
  ) {
    throw new PaperboyError(
      'source_bad_response',
      `the arXiv API refused the query: ${textOf(childOf(first, 'summary')) ?? 'no reason given'}`,
    );
  }
  const total = Number(textOf(childOf(feed, 'opensearch:totalResults')));
  const start = Number(textOf(childOf(feed, 'opensearch:startIndex')) ?? 0);
  const entries: ArxivEntry[] = [];
  const rejected: RejectedItem[] = [];
  for (const entry of rawEntries) {
    const checked = checkEntry(entry, categories);
    if ('reason' in checked) rejected.push(checked);
    else entries.push(checked);
  }
  return {
    totalResults: Number.isFinite(total) ? total : rawEntries.length,
    startIndex: Number.isFinite(start) ? start : 0,
    entries,
    rejected,
  };
}

function checkEntry(entry: unknown, wanted: readonly string[]): ArxivEntry | RejectedItem {
  const idText = textOf(childOf(entry, 'id'));
  const sourceId = idText ? idText.replace(/^https?:\/\/arxiv\.org\/abs\//i, '') : null;
  const reject = (reason: string, paperId: string | null = null): RejectedItem => ({
    sourceId,
    paperId,
    reason,
  });
  if (!sourceId) return reject('it has no id');
  const { id: rawId, version } = splitVersion(sourceId);
  const id = canonicalArxivId(rawId);
  if (!id) return reject(`its id ${shown(sourceId)} is not an arXiv id (such as 2410.17243 or cs/0112017)`);
  const title = textOf(childOf(entry, 'title'));
  if (!title) return reject('it has no title', id);
  const published = textOf(childOf(entry, 'published'));
  const publishedAt = published ? new Date(published) : null;
  if (!publishedAt || Number.isNaN(publishedAt.getTime()))
    return reject('it has no valid published date', id);
  const categories = listOf(childOf(entry, 'category'))
    .map((node) => attributeOf(node, 'term'))
    .filter((term): term is string => term !== null);
  const primaryCategory = attributeOf(childOf(entry, 'arxiv:primary_category'), 'term') ?? categories[0];
  if (!primaryCategory) return reject('it has no category', id);
  const authors = listOf(childOf(entry, 'author'))
    .map((author) => textOf(childOf(author, 'name')))
    .filter((name): name is string => name !== null);
  const paper = arxivPaper({
    id,
    title,
    abstract: textOf(childOf(entry, 'summary')) ?? '',
    authors,
    publishedAt: publishedAt.toISOString(),
    batchDay: announcementDayFor(publishedAt),
  });
  return {
    paper,
    categories: categories.length > 0 ? categories : [primaryCategory],
    primaryCategory,
    announceType: wanted.length === 0 || wanted.includes(primaryCategory) ? 'new' : 'cross',
    version,
  };
}
