import type { PaperCard } from '../chat/replies';
import { type Paper, paperLinks } from '../papers/paper';
import { firstSentence } from '../text/truncate';

const shownAuthors = 3;
const summaryLength = 300;

export function authorsLine(authors: string[]): string {
  if (authors.length === 0) return 'Unknown authors';
  const first = authors.slice(0, shownAuthors).join(', ');
  return authors.length > shownAuthors ? `${first} et al.` : first;
}

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
    upvotes: paper.upvotes,
    comments: paper.numComments,
    summary: paper.aiSummary ?? firstSentence(paper.abstract, summaryLength),
    githubUrl: paper.githubUrl,
    githubStars: paper.githubStars,
    projectPage: paper.projectPage,
    thumbnailUrl: paper.thumbnailUrl,
    batchDay: paper.batchDay,
  };
}
