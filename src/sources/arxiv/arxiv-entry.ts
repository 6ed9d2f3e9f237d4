import type { Paper } from '../../records/paper';
import type { RejectedItem } from '../../records/rejected-item';

/**
 * How arXiv announced an entry in a category's mailing (`arxiv:announce_type` in its RSS feed):
 * `new` a first version whose primary category is this one, `cross` a new paper cross-listed here from
 * another primary, `replace` / `replace-cross` a later version of a paper announced before (not a new paper:
 * the caller updates what it stored, and never posts it again).
 */
export type AnnounceType = 'new' | 'cross' | 'replace' | 'replace-cross';

export const announceTypes: readonly AnnounceType[] = ['new', 'cross', 'replace', 'replace-cross'];

/** A replacement is a new version of a paper already announced. */
export const isReplacement = (type: AnnounceType) => type === 'replace' || type === 'replace-cross';

/** One arXiv announcement: the paper (id without version) and what the listing said about it. */
export interface ArxivEntry {
  paper: Paper;
  /** Every category the paper is filed under, as listed. */
  categories: string[];
  primaryCategory: string;
  announceType: AnnounceType;
  /** The version announced (1 for a new paper). */
  version: number;
}

/** One category's mailing for one day. */
export interface ArxivDay {
  /** The announcement day (`YYYY-MM-DD`, the date arXiv puts on the mailing; see arxiv-calendar.ts). */
  day: string;
  category: string;
  /** New papers, cross-lists and replacements, in the order listed; replacements are marked, never new. */
  entries: ArxivEntry[];
  /** Items that failed validation and were left out. */
  skipped: number;
  /** The same items, with why each was refused. */
  rejected: RejectedItem[];
}
