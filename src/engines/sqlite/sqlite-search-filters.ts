/** The SQL side of search filters: conditions on the rows a search or a listing joins. */
import type { PaperFilters } from '../../search-query/text-query';
import { clauseExpression, nameExpressions } from './sqlite-search-match';

/** The day a paper counts as, for `since` filters: its batch day, or its publication day if never listed. */
export const paperDay = `coalesce(papers.batch_day, substr(papers.published_at, 1, 10))`;

/** Where upvotes and days are read: the `papers` row, or the narrow `paper_search_prior AS prior` one. */
export type FilterRows = 'papers' | 'prior';

/** Whether the conditions need a joined `papers` row (the channel and paper-list filters read its id). */
export const needsPapersRow = (filters: PaperFilters, rows: FilterRows) =>
  filters.postedIn !== undefined ||
  filters.paperIds !== undefined ||
  (rows === 'papers' && (filters.minUpvotes !== undefined || filters.sinceDay !== undefined));

/**
 * Conditions on the joined rows; empty when no filter needs one. Given the `rowid` expression, names
 * filters too: the papers holding the names, found by a lookup of their own (inside a ranked MATCH a name
 * would add its own bm25 to the text's).
 */
export function filterConditions(filters: PaperFilters, rows: FilterRows, rowid?: string): string[] {
  const conditions: string[] = [];
  if (filters.minUpvotes !== undefined) conditions.push(`${rows}.upvotes >= @minUpvotes`);
  if (filters.sinceDay !== undefined)
    conditions.push(
      rows === 'prior' ? 'prior.julian_day >= julianday(@sinceDay)' : `${paperDay} >= @sinceDay`,
    );
  if (rowid !== undefined && (filters.authors !== undefined || filters.organization !== undefined))
    // `+` keeps SQLite from seeking the ranked MATCH once per named paper (200 ms for a common surname):
    // the named papers are read once into a set instead.
    conditions.push(`+${rowid} IN (SELECT rowid FROM paper_search WHERE paper_search MATCH @names)`);
  if (filters.postedIn) {
    conditions.push(`papers.id IN (
      SELECT deliveries.paper_id FROM deliveries JOIN subscriptions ON subscriptions.id = deliveries.subscription_id
      WHERE subscriptions.platform = @platform AND subscriptions.workspace_id = @workspaceId
        AND subscriptions.channel_id = @channelId AND deliveries.state = 'sent')`);
  }
  if (filters.paperIds) conditions.push('papers.id IN (SELECT value FROM json_each(@paperIds))');
  if (filters.excluding && filters.excluding.length > 0)
    conditions.push(
      `${rows === 'papers' ? 'papers.rowid' : (rowid ?? 'prior.rowid')} NOT IN (SELECT rowid FROM paper_search WHERE paper_search MATCH @excluding)`,
    );
  return conditions;
}

export const filterParams = (filters: PaperFilters) => ({
  names: nameExpressions(filters).join(' AND '),
  minUpvotes: filters.minUpvotes ?? 0,
  sinceDay: filters.sinceDay ?? '',
  platform: filters.postedIn?.platform ?? '',
  workspaceId: filters.postedIn?.workspaceId ?? '',
  channelId: filters.postedIn?.channelId ?? '',
  paperIds: JSON.stringify(filters.paperIds ?? []),
  excluding:
    (filters.excluding ?? [])
      .map(clauseExpression)
      .filter((part): part is string => part !== null)
      .join(' OR ') || '""',
});
