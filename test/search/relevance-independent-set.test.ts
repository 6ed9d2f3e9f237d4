import { describe, expect, it } from 'vitest';
import { independentCategories, relevanceSetIndependent } from './relevance-set-independent';
import { independentCorpus } from './support/fixture-corpus';

/**
 * The independent labelled set of issue 26 is whole and consistent: a corpus of real-paper records and a
 * labelled query set that only names papers of it, half of each category held out. This checks the data
 * only; how well any search does on it is measured by `npm run bench:relevance`, and asserted (if ever) by
 * whoever tunes the search, at the end.
 */
describe('the independent relevance set (issue 26)', () => {
  const papers = independentCorpus();
  const ids = new Set(papers.map((paper) => paper.id));

  it('has at least 160 papers with unique arXiv-shaped ids and every field filled in', () => {
    expect(papers.length).toBeGreaterThanOrEqual(160);
    expect(ids.size).toBe(papers.length);
    for (const paper of papers) {
      const where = `${paper.id} ${paper.title}`;
      expect(paper.id, where).toMatch(/^\d{4}\.\d{4,5}$/);
      expect(paper.title.trim(), where).not.toBe('');
      expect(paper.abstract.trim(), where).not.toBe('');
      expect(paper.abstract.split(/\s+/).length, where).toBeGreaterThanOrEqual(80);
      expect(paper.abstract.split(/\s+/).length, where).toBeLessThanOrEqual(200);
      expect(paper.authors.length, where).toBeGreaterThan(0);
      for (const author of paper.authors) expect(author.trim(), where).not.toBe('');
      expect(paper.upvotes, where).toBeGreaterThanOrEqual(0);
      expect(paper.upvotes, where).toBeLessThanOrEqual(300);
      const day = paper.batchDay ?? '';
      expect(day >= '2025-06-02' && day <= '2025-07-31', `${where} is listed on ${day}`).toBe(true);
      expect([0, 6], `${where} is listed on a weekend`).not.toContain(
        new Date(`${day}T00:00:00Z`).getUTCDay(),
      );
    }
    expect(new Set(papers.map((paper) => paper.title)).size).toBe(papers.length);
  });

  it('has at least 130 queries, every category present, each query once in its category', () => {
    expect(relevanceSetIndependent.length).toBeGreaterThanOrEqual(130);
    for (const category of independentCategories) {
      const queries = relevanceSetIndependent.filter((query) => query.category === category);
      expect(queries.length, category).toBeGreaterThan(0);
      expect(new Set(queries.map((query) => query.query)).size, category).toBe(queries.length);
    }
  });

  it('names only papers of the corpus, each once; off-topic queries name none, the others at least one', () => {
    for (const { category, query, relevant } of relevanceSetIndependent) {
      for (const id of relevant) expect(ids.has(id), `${query}: ${id}`).toBe(true);
      expect(new Set(relevant).size, query).toBe(relevant.length);
      if (category === 'offtopic') expect(relevant, query).toEqual([]);
      else expect(relevant.length, query).toBeGreaterThan(0);
    }
  });

  it('holds out half of every category, every second query', () => {
    for (const category of independentCategories) {
      const queries = relevanceSetIndependent.filter((query) => query.category === category);
      const held = queries.filter((query) => query.heldOut).length;
      expect(Math.abs(held - queries.length / 2), category).toBeLessThanOrEqual(1);
      queries.forEach((query, index) => {
        expect(query.heldOut, query.query).toBe(index % 2 === 1);
      });
    }
  });
});
