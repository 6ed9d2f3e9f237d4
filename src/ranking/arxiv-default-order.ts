/**
 * The order of an arXiv mailing when the team ranking has too few flags to speak (below its threshold):
 * arXiv has no upvotes, and a day of cs.LG brings hundreds of papers, so "most upvoted first" orders
 * nothing. The default is four plain rules, each one a sentence a card or `why` can say:
 *
 * 1. Replacements never: a new version of a paper announced before is not news (it is left out, with why).
 * 2. Papers whose primary category is one the channel follows before cross-lists from elsewhere: the
 *    channel chose the field; a cross-list is that field's second interest, and a day has plenty of firsts.
 * 3. Then papers matching more of the channel's keywords (a title match counts twice: a title is what the
 *    paper says it is about, an abstract mentions much in passing). With no keywords this rule is silent.
 * 4. Then arXiv's own announcement order (the listing's position, as arXiv mails it: by submission), then
 *    the id: no guess dressed up as a ranking, the same order every time, and what a reader of the mailing
 *    would see.
 *
 * Why not something cleverer below the threshold: with no signal from the team, any "quality" proxy
 * (author counts, abstract length, Hugging Face upvotes where some exist) would be a taste the team did not
 * ask for, and upvotes would pull every channel towards the ML papers Hugging Face lists. Once the team
 * flags enough, its model takes over (src/ranking/blend.ts) and this order is only the tie-breaker it starts from.
 */
import type { ArxivListing } from '../records/arxiv-listing';
import type { Paper } from '../records/paper';

export interface ArxivOrderOptions {
  /** The channel's keywords (its include filter); papers matching more of them come first. */
  keywords: readonly string[];
  /**
   * Keyword matching as the channel's filter does it (whole words, phrases: src/digest/keyword-match.ts's
   * `wholeWordMatcher`), handed in because the digest sits above this floor.
   */
  matcher: (keyword: string) => { test(text: string): boolean };
}

export interface ArxivOrdered {
  paper: Paper;
  listing: ArxivListing;
  /** The keywords it matched (title matches first). */
  matched: string[];
  /** Why it is at its place, in the words of the rules above (for the card or `why`). */
  note: string;
}

export interface ArxivOrder {
  papers: ArxivOrdered[];
  /** Replacements: never posted as new. */
  replacements: ArxivListing[];
  by: 'arxiv-default';
}

const keywordScore = (listing: ArxivListing, options: ArxivOrderOptions) => {
  const matched: string[] = [];
  let score = 0;
  const rest: string[] = [];
  for (const keyword of options.keywords) {
    const matcher = options.matcher(keyword);
    if (matcher.test(listing.paper.title)) {
      matched.push(keyword);
      score += 2;
    } else rest.push(keyword);
  }
  const body = [listing.paper.abstract, listing.paper.aiKeywords.join(' ; ')].join('\n');
  for (const keyword of rest) {
    if (options.matcher(keyword).test(body)) {
      matched.push(keyword);
      score += 1;
    }
  }
  return { matched, score };
};

const describe = (listing: ArxivListing, matched: string[]) => {
  const where =
    listing.kind === 'new'
      ? `new in ${listing.category}`
      : `cross-listed to ${listing.category} from ${listing.paper.arxiv?.primaryCategory ?? 'another category'}`;
  const keywords = matched.length > 0 ? `, matches ${matched.map((word) => `“${word}”`).join(', ')}` : '';
  return `${where}${keywords}, #${listing.position + 1} in arXiv's mailing`;
};

/** The mailing's papers best first by the default rules (see the header); replacements apart. */
export function arxivDefaultOrder(listings: readonly ArxivListing[], options: ArxivOrderOptions): ArxivOrder {
  const replacements = listings.filter((listing) => listing.kind === 'replacement');
  const scored = listings
    .filter((listing) => listing.kind !== 'replacement')
    .map((listing) => ({ listing, ...keywordScore(listing, options) }));
  scored.sort(
    (a, b) =>
      (a.listing.kind === 'new' ? 0 : 1) - (b.listing.kind === 'new' ? 0 : 1) ||
      b.score - a.score ||
      a.listing.position - b.listing.position ||
      (a.listing.paper.id < b.listing.paper.id ? -1 : a.listing.paper.id > b.listing.paper.id ? 1 : 0),
  );
  return {
    papers: scored.map(({ listing, matched }) => ({
      paper: listing.paper,
      listing,
      matched,
      note: describe(listing, matched),
    })),
    replacements,
    by: 'arxiv-default',
  };
}
