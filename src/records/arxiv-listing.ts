/**
 * What arXiv's announcement of a category's mailing says of each paper, as the store keeps it: one row per
 * (category, mailing day, paper). The paper itself is stored once (by its arXiv id) whatever lists it.
 */
import type { Paper } from './paper';

/**
 * `new`: a first version whose primary category is the listed one; `cross`: a new paper cross-listed from
 * another primary; `replacement`: a later version of a paper announced before (its text is refreshed, and
 * it is never a new paper to post).
 */
export type ArxivListingKind = 'new' | 'cross' | 'replacement';

export const arxivListingKinds: readonly ArxivListingKind[] = ['new', 'cross', 'replacement'];

/** One entry of a fetched mailing, in the order arXiv listed it (its place is its index). */
export interface ArxivDayEntry {
  paper: Paper;
  kind: ArxivListingKind;
  primaryCategory: string;
  /** Every category the paper is filed under, primary first as arXiv lists them. */
  categories: string[];
}

/** A stored listing of a paper: the paper as stored now, and where and how the mailing listed it. */
export interface ArxivListing {
  paper: Paper;
  category: string;
  day: string;
  kind: ArxivListingKind;
  /** 0-based place in the category's mailing that day (announcement order). */
  position: number;
}

/** Where a paper was listed (for `why`): category, day, kind and place, oldest day first. */
export type ArxivListingPlace = Omit<ArxivListing, 'paper'>;

/** A (category, mailing day) fetched and stored, with how many entries it listed (0: an empty mailing). */
export interface ArxivStoredDay {
  category: string;
  day: string;
  entryCount: number;
  fetchedAt: string;
}
