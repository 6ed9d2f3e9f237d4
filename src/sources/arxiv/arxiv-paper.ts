/** An arXiv listing as paperboy's Paper: none of what Hugging Face adds (upvotes, organisation, media). */
import type { Paper } from '../../records/paper';

export interface ArxivPaperFields {
  id: string;
  title: string;
  abstract: string;
  authors: string[];
  publishedAt: string;
  batchDay: string | null;
}

export const arxivPaper = (fields: ArxivPaperFields): Paper => ({
  ...fields,
  organization: null,
  upvotes: 0,
  numComments: null,
  aiSummary: null,
  aiKeywords: [],
  githubUrl: null,
  githubStars: null,
  projectPage: null,
  thumbnailUrl: null,
  mediaUrls: [],
  submittedBy: null,
  discussionId: null,
});

const versioned = /^(.+?)v(\d+)$/;

/** `2401.10000v3` → id and version; an id without a version is version 1. */
export function splitVersion(text: string): { id: string; version: number } {
  const match = versioned.exec(text.trim());
  return match?.[1] && match[2]
    ? { id: match[1], version: Number(match[2]) }
    : { id: text.trim(), version: 1 };
}

export const shown = (text: string) => JSON.stringify(text.length > 60 ? `${text.slice(0, 60)}…` : text);
