/**
 * arXiv as a source module: its variables (moved here from the core's list), what it can do (a day's
 * announcements per category and one paper; no search, no trending list) and its health.
 */
import { z } from 'zod';
import { url } from '../../config/env.schema';
import type { SourceModule } from '../source-module';

const arxivEnv = {
  /** Base of arXiv's per-category announcement feeds (`<base>/<category>`). */
  ARXIV_FEED_URL: url('ARXIV_FEED_URL').default('https://rss.arxiv.org/rss'),
  /** arXiv's export API query endpoint, for one paper and back-fills. */
  ARXIV_API_URL: url('ARXIV_API_URL').default('https://export.arxiv.org/api/query'),
  /** The operator's e-mail, sent in the User-Agent as arXiv asks of automated clients. */
  ARXIV_CONTACT: z
    .email({ message: 'ARXIV_CONTACT must be an e-mail address such as lab@example.org' })
    .optional(),
};

export const arxivModule = {
  id: 'arxiv',
  label: 'arXiv',
  env: arxivEnv,
  secrets: [],
  capabilities: { days: true, onePaper: true, search: false, trending: false },
  health: {
    check: 'arxiv',
    // arXiv is read once per mailing, when a source=arxiv digest is due, not every refresh interval as
    // Hugging Face is: readiness (a fetch within three refresh intervals) does not wait on it. A mailing
    // arXiv does not serve shows in the log and in `why` instead.
    lastFetchedAt: async () => null,
    needed: async () => false,
  },
} satisfies SourceModule<typeof arxivEnv>;
