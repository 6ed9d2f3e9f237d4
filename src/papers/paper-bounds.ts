/**
 * How much of a paper paperboy keeps. A source can send anything (a 100 kB title, ten thousand authors,
 * a megabyte of abstract); each field is cut to a size no real paper reaches, at ingest, before it is
 * stored, searched, ranked or shown. arXiv's own limits are far below these: an abstract of 1,920
 * characters, a title of a few hundred. Text is cut at a word with an ellipsis; lists keep their first
 * entries; counts are whole numbers from 0 to `maxCount`.
 *
 * `shownTitle` bounds a title once more where a reply names it in a sentence (`why`, the queue), so the
 * sentence's verdict always fits in one message, whatever an older database holds.
 */
import type { Organization, Paper } from '../records/paper';
import { truncateAtWord } from '../text/truncate';

export const paperBounds = {
  title: 500,
  abstract: 6_000,
  authors: 1_000,
  authorName: 120,
  aiSummary: 1_200,
  aiKeywords: 40,
  aiKeyword: 80,
  organizationName: 120,
  organizationFullname: 200,
  submittedBy: 120,
  url: 2_048,
  mediaUrls: 12,
  discussionId: 128,
  /** Upvotes, comments, stars. */
  maxCount: 100_000_000,
} as const;

/** A title inside a sentence of a reply. */
export const shownTitleLength = 200;

export const shownTitle = (title: string) => truncateAtWord(title, shownTitleLength);

const text = (value: string, max: number) => truncateAtWord(value, max);
const optionalText = (value: string | null, max: number) => (value === null ? null : text(value, max));
/** A URL is never cut (half a URL is a wrong link): one too long is dropped. */
const url = (value: string | null) => (value !== null && value.length > paperBounds.url ? null : value);
const count = (value: number) =>
  Number.isFinite(value) ? Math.min(Math.max(Math.trunc(value), 0), paperBounds.maxCount) : 0;
const optionalCount = (value: number | null) => (value === null ? null : count(value));

function boundOrganization(organization: Organization | null): Organization | null {
  if (!organization) return null;
  return {
    name: text(organization.name, paperBounds.organizationName),
    fullname: optionalText(organization.fullname, paperBounds.organizationFullname),
    avatarUrl: url(organization.avatarUrl),
  };
}

/** The paper with every field within `paperBounds`. */
export function boundPaper(paper: Paper): Paper {
  return {
    ...paper,
    title: text(paper.title, paperBounds.title),
    abstract: text(paper.abstract, paperBounds.abstract),
    authors: paper.authors.slice(0, paperBounds.authors).map((name) => text(name, paperBounds.authorName)),
    organization: boundOrganization(paper.organization),
    upvotes: count(paper.upvotes),
    numComments: optionalCount(paper.numComments),
    aiSummary: optionalText(paper.aiSummary, paperBounds.aiSummary),
    aiKeywords: paper.aiKeywords
      .slice(0, paperBounds.aiKeywords)
      .map((keyword) => text(keyword, paperBounds.aiKeyword)),
    githubUrl: url(paper.githubUrl),
    githubStars: optionalCount(paper.githubStars),
    projectPage: url(paper.projectPage),
    thumbnailUrl: url(paper.thumbnailUrl),
    mediaUrls: paper.mediaUrls
      .slice(0, paperBounds.mediaUrls)
      .filter((media) => media.length <= paperBounds.url),
    submittedBy: optionalText(paper.submittedBy, paperBounds.submittedBy),
    discussionId:
      paper.discussionId !== null && paper.discussionId.length > paperBounds.discussionId
        ? null
        : paper.discussionId,
  };
}
