import type { Paper } from '../../src/records/paper';

/** A made-up paper; only what a test cares about needs saying. */
export const makePaper = (id: string, changes: Partial<Paper> = {}): Paper => ({
  id,
  title: `Paper ${id}`,
  abstract: 'An abstract.',
  authors: ['Ada Lovelace'],
  organization: null,
  upvotes: 1,
  numComments: 0,
  aiSummary: null,
  aiKeywords: [],
  githubUrl: null,
  githubStars: null,
  projectPage: null,
  thumbnailUrl: null,
  publishedAt: '2024-10-22T17:59:30.000Z',
  batchDay: '2024-10-25',
  mediaUrls: [],
  submittedBy: null,
  discussionId: null,
  ...changes,
});
