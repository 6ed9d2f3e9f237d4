import { describe, expect, it } from 'vitest';
import { wholeWordMatcher } from '../../src/digest/keyword-match';
import { arxivDefaultOrder } from '../../src/ranking/arxiv-default-order';
import type { ArxivListing } from '../../src/records/arxiv-listing';
import { makePaper } from '../support/papers';

const listing = (
  id: string,
  kind: ArxivListing['kind'],
  position: number,
  text: { title?: string; abstract?: string } = {},
): ArxivListing => ({
  paper: makePaper(id, {
    upvotes: 0,
    ...text,
    arxiv: { primaryCategory: kind === 'cross' ? 'cs.LG' : 'cs.RO', categories: ['cs.RO', 'cs.LG'] },
  }),
  category: 'cs.RO',
  day: '2026-11-02',
  kind,
  position,
});

const ids = (order: ReturnType<typeof arxivDefaultOrder>) => order.papers.map((entry) => entry.paper.id);

describe('the default order of an arXiv mailing (no upvotes, below the flag threshold)', () => {
  const mailing = [
    listing('2611.00001', 'cross', 0, { title: 'Grasping with diffusion' }),
    listing('2611.00002', 'new', 1),
    listing('2609.00003', 'replacement', 2, { title: 'Grasping, version three' }),
    listing('2611.00004', 'new', 3, { abstract: 'We study grasping.' }),
    listing('2611.00005', 'new', 4, { title: 'Robust grasping' }),
  ];

  it('puts primary-category papers before cross-lists and leaves replacements out', () => {
    const order = arxivDefaultOrder(mailing, { keywords: [], matcher: wholeWordMatcher });
    expect(ids(order)).toEqual(['2611.00002', '2611.00004', '2611.00005', '2611.00001']);
    expect(order.replacements.map((entry) => entry.paper.id)).toEqual(['2609.00003']);
    expect(order.by).toBe('arxiv-default');
  });

  it('then ranks the channel’s keyword matches, a title match above an abstract match, then arXiv’s order', () => {
    const order = arxivDefaultOrder(mailing, { keywords: ['grasping'], matcher: wholeWordMatcher });
    expect(ids(order)).toEqual(['2611.00005', '2611.00004', '2611.00002', '2611.00001']);
    expect(order.papers[0]?.note).toBe("new in cs.RO, matches “grasping”, #5 in arXiv's mailing");
    expect(order.papers[3]?.note).toBe(
      "cross-listed to cs.RO from cs.LG, matches “grasping”, #1 in arXiv's mailing",
    );
  });

  it('is the same order whatever order the listings come in', () => {
    const options = { keywords: ['grasping', 'diffusion'], matcher: wholeWordMatcher };
    expect(ids(arxivDefaultOrder([...mailing].reverse(), options))).toEqual(
      ids(arxivDefaultOrder(mailing, options)),
    );
  });
});
