/** A paper as paperboy stores it: normalised from any source, keyed by its canonical arXiv id. */
export interface Paper {
  /** Canonical arXiv id without version, e.g. `2410.17243`. */
  id: string;
  title: string;
  abstract: string;
  /** Visible authors in order. */
  authors: string[];
  organization: Organization | null;
  upvotes: number;
  /** Null when the source did not say (a paper looked up by id, never seen in a listing). */
  numComments: number | null;
  aiSummary: string | null;
  aiKeywords: string[];
  githubUrl: string | null;
  githubStars: number | null;
  projectPage: string | null;
  thumbnailUrl: string | null;
  /** arXiv v1 time, ISO 8601. */
  publishedAt: string;
  /** The Daily Papers day (`YYYY-MM-DD`) the paper was listed on, or null if it never was. */
  batchDay: string | null;
  /** The paper's video or figures, as the submitter attached them on Hugging Face. */
  mediaUrls: string[];
  /** Who put it on Daily Papers. */
  submittedBy: string | null;
  /** Its discussion on Hugging Face; comments live there. */
  discussionId: string | null;
  /**
   * How arXiv files it, once an arXiv listing stored it (absent for a paper only Hugging Face listed).
   * A Hugging Face listing never removes it; an arXiv listing refreshes it.
   */
  arxiv?: ArxivFiling;
}

/** A paper's arXiv categories: its primary one, and all it is filed under (the primary among them). */
export interface ArxivFiling {
  primaryCategory: string;
  categories: string[];
}

/**
 * Who listed the papers being stored. Hugging Face's listings carry upvotes; arXiv's do not, so an arXiv
 * listing keeps the stored upvotes (and, as any listing, every field it leaves empty) instead of zeroing them.
 */
export type PaperListing = 'huggingface' | 'arxiv';

export interface Organization {
  name: string;
  fullname: string | null;
  avatarUrl: string | null;
}

export const paperLinks = (id: string) => ({
  hf: `https://huggingface.co/papers/${id}`,
  arxiv: `https://arxiv.org/abs/${id}`,
  pdf: `https://arxiv.org/pdf/${id}`,
  discussion: `https://huggingface.co/papers/${id}#community`,
});

/** The Daily Papers page of one day, where the whole list is. */
export const dailyPapersDayUrl = (day: string) => `https://huggingface.co/papers/date/${day}`;
