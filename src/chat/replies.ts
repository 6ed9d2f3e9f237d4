/**
 * Platform-neutral reply models. Commands and the digest engine build these; each adapter renders them
 * in its own markup and escapes every string it takes from a paper or a user.
 */

/** Who sees a reply: only the person who asked (ephemeral where the platform allows) or the channel. */
export type Visibility = 'private' | 'channel';

/** A piece of snippet text; `match` pieces are the words the query matched (rendered bold). */
export interface SnippetPart {
  text: string;
  match: boolean;
}

/** Everything an adapter needs to show one paper. All text is raw: adapters escape it. */
export interface PaperCard {
  id: string;
  title: string;
  hfUrl: string;
  arxivUrl: string;
  pdfUrl: string;
  /** First authors and how many more, e.g. `Ada Lovelace, Alan Turing, Grace Hopper +12 more` */
  authorsLine: string;
  organization: string | null;
  /** The organisation's avatar, for platforms that show images. */
  organizationAvatarUrl: string | null;
  upvotes: number;
  /** Null when unknown (a paper looked up by id that no listing has shown). */
  comments: number | null;
  /** AI one-line summary, or the abstract's most informative sentence. */
  summary: string;
  /** The paper's video or first figure from Hugging Face, when it has one. */
  media: { url: string; kind: 'image' | 'video' } | null;
  /** Who put it on Daily Papers. */
  submittedBy: string | null;
  /** The paper's discussion on Hugging Face, when it has one. */
  discussionUrl: string | null;
  /** `YYYY-MM-DD` of arXiv v1. */
  arxivDate: string | null;
  githubUrl: string | null;
  githubStars: number | null;
  projectPage: string | null;
  thumbnailUrl: string | null;
  /** `YYYY-MM-DD` of the Daily Papers batch, when known. */
  batchDay: string | null;
  /**
   * Its arXiv categories, primary first (`cs.RO, cs.LG`), once an arXiv listing stored it; null otherwise.
   */
  categories: string | null;
  /**
   * Whether Hugging Face lists it: false for a paper only arXiv announced, whose card shows its categories
   * instead of upvotes and comments it cannot have.
   */
  onHuggingFace: boolean;
  /** Search excerpt with the matched words marked. */
  snippet?: SnippetPart[];
  /** One extra line of context, e.g. `2 flags: Ada, Bob · discuss: <thread url>` on the queue. */
  note?: string;
}

export interface DigestHeader {
  /** e.g. `Daily Papers — Thu 27 Nov · top 10 of 29` */
  title: string;
  batchDay: string;
  /** Papers this digest posts. */
  count: number;
  /** Papers listed that day (and any days it catches up on), of which `count` are posted. */
  total: number;
  /** The full day on Hugging Face (the whole trending list, for a trending digest). */
  dayUrl: string;
  /** The link's label, when it is not the day's list ("All 29 papers of the day on Hugging Face"). */
  linkLabel?: string;
  /** The line under the title, when it is not "Hugging Face Daily Papers · <day> · <count> papers". */
  about?: string;
}

export interface TextReply {
  kind: 'text';
  tone: 'info' | 'success' | 'error';
  /** Plain text; may use `backticks` for code. Adapters escape it for their markup. */
  text: string;
  visibility: Visibility;
}

export interface PaperListReply {
  kind: 'paper-list';
  heading: string;
  cards: PaperCard[];
  /** Shown when `cards` is empty. */
  emptyText: string;
  visibility: Visibility;
  /** 1-based page shown. */
  page: number;
  /** How many pages there are; null when unknown (a search knows only whether another page follows). */
  pageCount: number | null;
  /** Whether another page follows this one. */
  hasMore: boolean;
  /** Opaque tokens for Previous/Next buttons and "post to channel"; absent when not applicable. */
  previousToken?: string;
  nextToken?: string;
  shareToken?: string;
  /** "More on Hugging Face": the same search on Hugging Face's own paper search. */
  moreOnHfToken?: string;
  /** One page someone posted to the channel: it has no buttons, so no page label either. */
  shared?: boolean;
}

export type Reply = TextReply | PaperListReply;

export const textReply = (
  text: string,
  tone: TextReply['tone'] = 'info',
  visibility: Visibility = 'private',
): TextReply => ({
  kind: 'text',
  tone,
  text,
  visibility,
});

export const errorReply = (text: string): TextReply => textReply(text, 'error', 'private');

/** `Page 2 of 3`, `Page 2` when the total is unknown, or null for a list that fits on one page. */
export function pageLabel(reply: PaperListReply): string | null {
  if (reply.shared) return null;
  const single = reply.pageCount === 1 || (reply.pageCount === null && reply.page === 1 && !reply.hasMore);
  if (single) return null;
  return reply.pageCount === null ? `Page ${reply.page}` : `Page ${reply.page} of ${reply.pageCount}`;
}
