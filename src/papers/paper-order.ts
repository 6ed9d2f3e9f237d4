/** How papers are ordered when nothing else decides: by what Hugging Face readers upvoted. */
import type { Paper } from '../records/paper';

/** Most upvoted first; ties by comments, then id, so a plan is the same every time. */
export const byPopularity = (a: Paper, b: Paper) =>
  b.upvotes - a.upvotes || (b.numComments ?? 0) - (a.numComments ?? 0) || a.id.localeCompare(b.id);

/** Papers best first, each with why it is there (null in upvote order), and which ranking ordered them. */
export interface PaperOrder {
  papers: Array<{ paper: Paper; note: string | null }>;
  /** `arxiv-default`: an arXiv mailing's default order, where there are no upvotes to go by (ranking/arxiv-default-order.ts). */
  by: 'team' | 'upvotes' | 'arxiv-default';
}

export const upvoteOrder = (papers: Paper[]): PaperOrder & { by: 'upvotes' } => ({
  papers: [...papers].sort(byPopularity).map((paper) => ({ paper, note: null })),
  by: 'upvotes',
});
