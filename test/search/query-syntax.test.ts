import { describe, expect, it } from 'vitest';
import { parseSince, parseUpvotes } from '../../src/search/filter-values';
import { parseSearchQuery } from '../../src/search/query-syntax';
import { combineFilters, describeFilters, paperFilters } from '../../src/search/search-filters';

describe('inline search filters', () => {
  it('separates filters from the words, wherever they stand', () => {
    const parsed = parseSearchQuery(
      'diffusion since:7d upvotes:>20 author:"Yann LeCun" org:“Google DeepMind” posted video flagged',
    );
    expect(parsed.text).toBe('diffusion video');
    expect(parsed.problems).toEqual([]);
    expect(parsed.filters).toEqual({
      since: { days: 7 },
      minUpvotes: 21,
      authors: ['Yann LeCun'],
      organization: 'Google DeepMind',
      posted: true,
      flagged: true,
    });
  });

  it('keeps unknown key:value pairs and stray syntax as text', () => {
    expect(parseSearchQuery('title:* "graph neural" nets').text).toBe('title:* "graph neural" nets');
    expect(parseSearchQuery('https://arxiv.org/abs/2410.17243').text).toBe(
      'https://arxiv.org/abs/2410.17243',
    );
  });

  it.each([
    ['7d', { days: 7 }],
    ['2w', { days: 14 }],
    ['6m', { days: 180 }],
    ['1y', { days: 365 }],
    ['3 days', { days: 3 }],
    ['today', { days: 0 }],
    ['2026-11-01', { day: '2026-11-01' }],
  ])('reads since:%s', (value, expected) => {
    expect(parseSince(value)).toEqual({ ok: true, value: expected });
  });

  it.each(['yesterdayish', '2026-02-30', '7', '-3d', '99999y', ''])(
    'refuses since:%s, saying what works',
    (value) => {
      const result = parseSince(value);
      expect(result.ok).toBe(false);
      expect(!result.ok && result.message).toContain(
        'use since:7d (days), since:4w (weeks), since:6m (months), since:1y or since:2026-11-01',
      );
    },
  );

  it.each([
    ['>20', 21],
    ['>=20', 20],
    ['≥20', 20],
    ['20', 20],
    ['20+', 20],
  ])('reads upvotes:%s as at least %i', (value, expected) => {
    expect(parseUpvotes(value)).toEqual({ ok: true, value: expected });
  });

  it('combines inline filters with options, the stricter bound winning', () => {
    const inline = parseSearchQuery('since:30d upvotes:>5 author:Li').filters;
    const options = parseSearchQuery('since:2024-10-20 upvotes:>50 author:Wang').filters;
    const combined = combineFilters(options, inline, '2024-10-26');
    expect(paperFilters(combined, '2024-10-26')).toEqual({
      sinceDay: '2024-10-20',
      minUpvotes: 51,
      authors: ['Wang', 'Li'],
    });
    expect(describeFilters(combined, '2024-10-26')).toBe(
      'since 2024-10-20 · at least 51 upvotes · by "Wang" · by "Li"',
    );
  });
});
