/** The SQL side of search filters: conditions on `papers` for what the index cannot check exactly. */
import type { PaperFilters } from '../store';

/** The day a paper counts as, for `since` filters: its batch day, or its publication day if never listed. */
export const paperDay = `coalesce(papers.batch_day, substr(papers.published_at, 1, 10))`;

/** Which filters to check on rows (the index may have checked some exactly already). */
export interface RowChecks {
  upvotes: boolean;
  since: boolean;
  /** Check upvotes and days on a joined `paper_search_prior AS prior` row (narrow) instead of `papers`. */
  onPrior?: boolean;
}

/** Whether the conditions need a joined `papers` row (the channel and paper-list filters read its id). */
export const needsPapersRow = (filters: PaperFilters, checks?: RowChecks) =>
  filters.postedIn !== undefined ||
  filters.paperIds !== undefined ||
  (!checks?.onPrior && (filters.minUpvotes !== undefined || filters.sinceDay !== undefined));

/** Conditions on a joined `papers` row (and `prior`, if asked); empty when no filter needs one. */
export function filterConditions(
  filters: PaperFilters,
  checks: RowChecks = { upvotes: true, since: true },
): string[] {
  const conditions: string[] = [];
  const [upvotes, day] = checks.onPrior
    ? ['prior.upvotes', 'prior.julian_day >= julianday(@sinceDay)']
    : ['papers.upvotes', `${paperDay} >= @sinceDay`];
  if (filters.minUpvotes !== undefined && checks.upvotes) conditions.push(`${upvotes} >= @minUpvotes`);
  if (filters.sinceDay !== undefined && checks.since) conditions.push(day);
  if (filters.postedIn) {
    conditions.push(`papers.id IN (
      SELECT deliveries.paper_id FROM deliveries JOIN subscriptions ON subscriptions.id = deliveries.subscription_id
      WHERE subscriptions.platform = @platform AND subscriptions.workspace_id = @workspaceId
        AND subscriptions.channel_id = @channelId AND deliveries.state = 'sent')`);
  }
  if (filters.paperIds) conditions.push('papers.id IN (SELECT value FROM json_each(@paperIds))');
  return conditions;
}

export const filterParams = (filters: PaperFilters) => ({
  minUpvotes: filters.minUpvotes ?? 0,
  sinceDay: filters.sinceDay ?? '',
  platform: filters.postedIn?.platform ?? '',
  workspaceId: filters.postedIn?.workspaceId ?? '',
  channelId: filters.postedIn?.channelId ?? '',
  paperIds: JSON.stringify(filters.paperIds ?? []),
});
