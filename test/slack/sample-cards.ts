import type { PaperCard } from '../../src/chat/replies';

/** A complete paper card; tests override the fields they care about. */
export function sampleCard(overrides: Partial<PaperCard> = {}): PaperCard {
  const id = overrides.id ?? '2410.17243';
  return {
    id,
    title: 'Scaling Diffusion Transformers Efficiently',
    hfUrl: `https://huggingface.co/papers/${id}`,
    arxivUrl: `https://arxiv.org/abs/${id}`,
    pdfUrl: `https://arxiv.org/pdf/${id}`,
    authorsLine: 'Ada Lovelace, Alan Turing et al.',
    organization: 'Example Lab',
    organizationAvatarUrl: null,
    media: null,
    submittedBy: null,
    discussionUrl: null,
    arxivDate: '2024-10-22',
    upvotes: 42,
    comments: 3,
    summary: 'A one-line summary of what the paper does.',
    githubUrl: 'https://github.com/example/repo',
    githubStars: 1_234,
    projectPage: null,
    thumbnailUrl: `https://cdn-thumbnails.huggingface.co/social-thumbnails/papers/${id}.png`,
    batchDay: '2024-10-25',
    categories: null,
    onHuggingFace: true,
    ...overrides,
  };
}
