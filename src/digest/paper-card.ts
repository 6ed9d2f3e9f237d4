import type { PaperCard } from '../chat/replies';
import { type Paper, paperLinks } from '../records/paper';
import { informativeSentence } from '../text/informative-sentence';

const shownAuthors = 3;
const summaryLength = 300;

/** `Ada, Alan, Grace +12 more`: the count says how big the team is, which "et al." hides. */
export function authorsLine(authors: string[]): string {
  if (authors.length === 0) return 'Unknown authors';
  const first = authors.slice(0, shownAuthors).join(', ');
  return authors.length > shownAuthors ? `${first} +${authors.length - shownAuthors} more` : first;
}

const videoFile = /\.(?:mp4|webm|mov|m4v)(?:[?#]|$)/i;

/** The video when there is one (it shows the paper best), else the first figure. */
function mediaOf(urls: string[]): PaperCard['media'] {
  const video = urls.find((url) => videoFile.test(url));
  if (video) return { url: video, kind: 'video' };
  const image = urls[0];
  return image ? { url: image, kind: 'image' } : null;
}

const dayOf = (timestamp: string) => /^\d{4}-\d{2}-\d{2}/.exec(timestamp)?.[0] ?? null;

/** The neutral card every adapter renders for a paper. */
export function toPaperCard(paper: Paper): PaperCard {
  const links = paperLinks(paper.id);
  return {
    id: paper.id,
    title: paper.title,
    hfUrl: links.hf,
    arxivUrl: links.arxiv,
    pdfUrl: links.pdf,
    authorsLine: authorsLine(paper.authors),
    organization: paper.organization?.fullname ?? paper.organization?.name ?? null,
    organizationAvatarUrl: paper.organization?.avatarUrl ?? null,
    upvotes: paper.upvotes,
    comments: paper.numComments,
    summary: paper.aiSummary ?? informativeSentence(paper.abstract, summaryLength),
    media: mediaOf(paper.mediaUrls),
    submittedBy: paper.submittedBy,
    discussionUrl: paper.discussionId ? links.discussion : null,
    arxivDate: dayOf(paper.publishedAt),
    githubUrl: paper.githubUrl,
    githubStars: paper.githubStars,
    projectPage: paper.projectPage,
    thumbnailUrl: paper.thumbnailUrl,
    batchDay: paper.batchDay,
    categories: paper.arxiv ? paper.arxiv.categories.join(', ') : null,
    onHuggingFace: listedOnHuggingFace(paper),
  };
}

/** A paper arXiv announced and Hugging Face has not listed: no upvotes, comments or discussion to show. */
const listedOnHuggingFace = (paper: Paper) =>
  paper.arxiv === undefined ||
  paper.batchDay !== null ||
  paper.upvotes > 0 ||
  paper.numComments !== null ||
  paper.discussionId !== null;
