import { canonicalArxivId } from '../../papers/arxiv-id';
import { boundPaper } from '../../papers/paper-bounds';
import type { Paper } from '../../records/paper';
import type { HfDailyItem, HfPaper } from './hf-schemas';

/** Collapses the hard line breaks and runs of spaces that arXiv text carries. */
export const collapseWhitespace = (text: string) => text.replace(/\s+/g, ' ').trim();

/** An http(s) URL as the URL parser writes it, or null: no `javascript:`, no spaces, no half URLs. */
export const httpUrl = (url: string | null | undefined): string | null => {
  if (!url || !/^https?:\/\//i.test(url.trim())) return null;
  try {
    return new URL(url.trim()).href;
  } catch {
    return null;
  }
};

/**
 * A media or avatar URL made absolute against the base URL when it is a path (`/avatars/x.svg`). Only
 * http(s) survives: a `data:`, `blob:` or `javascript:` URL would otherwise become `<base>/data:…`, a
 * broken image in every embed.
 */
const absoluteUrl = (url: string | null | undefined, baseUrl: string): string | null => {
  const trimmed = url?.trim();
  if (!trimmed) return null;
  if (/^https?:\/\//i.test(trimmed)) return httpUrl(trimmed);
  if (trimmed.startsWith('//')) return httpUrl(`https:${trimmed}`);
  if (/^[a-z][a-z\d+.-]*:/i.test(trimmed)) return null;
  return httpUrl(`${baseUrl}${trimmed.startsWith('/') ? '' : '/'}${trimmed}`);
};

/** `owner/repo` or a full URL → a full GitHub URL. */
export const githubUrl = (repo: string | null | undefined): string | null => {
  if (!repo) return null;
  const trimmed = repo.trim();
  if (/^https?:\/\//i.test(trimmed)) return httpUrl(trimmed);
  return /^[\w.-]+\/[\w.-]+$/.test(trimmed) && !trimmed.includes('..')
    ? `https://github.com/${trimmed}`
    : null;
};

/** `2026-03-06T03:55:12.777Z` → `2026-03-06` */
const dayOf = (timestamp: string | null | undefined): string | null => {
  const match = timestamp ? /^(\d{4}-\d{2}-\d{2})/.exec(timestamp) : null;
  return match?.[1] ?? null;
};

const userName = (
  user: { name?: string | null | undefined; fullname?: string | null | undefined } | null | undefined,
) => user?.fullname?.trim() || user?.name?.trim() || null;

/** A paper object (flat, as `/api/papers/{id}` returns it) → Paper, every field within `paperBounds`. */
export function normalizeHfPaper(paper: HfPaper, baseUrl: string, listing?: HfDailyItem): Paper {
  const organization = paper.organization ?? listing?.organization ?? null;
  return boundPaper({
    id: canonicalArxivId(paper.id) ?? paper.id,
    title: collapseWhitespace(paper.title),
    abstract: collapseWhitespace(paper.summary ?? listing?.summary ?? ''),
    authors: (paper.authors ?? [])
      .filter((author) => author.hidden !== true)
      .map((author) => collapseWhitespace(author.name)),
    organization: organization
      ? {
          name: organization.name,
          fullname: organization.fullname ?? null,
          avatarUrl: absoluteUrl(organization.avatar, baseUrl),
        }
      : null,
    upvotes: paper.upvotes ?? 0,
    // The flat paper object has no comment count: unknown stays unknown rather than becoming 0.
    numComments: listing?.numComments ?? paper.numComments ?? null,
    aiSummary: paper.ai_summary ? collapseWhitespace(paper.ai_summary) : null,
    aiKeywords: (paper.ai_keywords ?? []).map(collapseWhitespace).filter(Boolean),
    githubUrl: githubUrl(paper.githubRepo),
    githubStars: paper.githubStars ?? null,
    projectPage: httpUrl(paper.projectPage),
    thumbnailUrl: absoluteUrl(listing?.thumbnail ?? paper.thumbnail, baseUrl),
    publishedAt: paper.publishedAt,
    batchDay: dayOf(paper.submittedOnDailyAt),
    mediaUrls: (listing?.mediaUrls ?? paper.mediaUrls ?? [])
      .map((url) => absoluteUrl(url, baseUrl))
      .filter((url): url is string => url !== null),
    submittedBy: userName(listing?.submittedBy ?? paper.submittedOnDailyBy),
    discussionId: paper.discussionId ?? null,
  });
}

/** A daily item → Paper, its batch day defaulting to the day that was asked for (none for the trending list). */
export function normalizeHfDailyItem(item: HfDailyItem, baseUrl: string, requestedDay: string | null): Paper {
  const paper = normalizeHfPaper(item.paper, baseUrl, item);
  return { ...paper, batchDay: paper.batchDay ?? requestedDay };
}
