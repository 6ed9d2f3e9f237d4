import { describe, expect, it } from 'vitest';
import { acronymCategories, relevanceSetAcronyms } from './relevance-set-acronyms';
import { acronymCorpus, independentCorpus } from './support/fixture-corpus';

/**
 * The acronym set is whole and consistent: its papers are new to the fixtures, its labels name only papers
 * of its corpus, and half of each category is held out. This checks the data only; how well the search
 * does on the tuned half is asserted in relevance-acronyms.test.ts, and measured by `npm run bench:relevance`.
 */
describe('the acronym relevance set', () => {
  const papers = acronymCorpus();
  const ids = new Set(papers.map((paper) => paper.id));
  const independentIds = new Set(independentCorpus().map((paper) => paper.id));
  const own = papers.filter((paper) => !independentIds.has(paper.id));

  it('adds at least 40 real-paper records with unique ids and every field filled in', () => {
    expect(own.length).toBeGreaterThanOrEqual(40);
    expect(ids.size).toBe(papers.length);
    expect(new Set(papers.map((paper) => paper.title)).size).toBe(papers.length);
    for (const paper of own) {
      const where = `${paper.id} ${paper.title}`;
      expect(paper.id, where).toMatch(/^\d{4}\.\d{4,5}$/);
      expect(paper.abstract.split(/\s+/).length, where).toBeGreaterThanOrEqual(80);
      expect(paper.abstract.split(/\s+/).length, where).toBeLessThanOrEqual(200);
      expect(paper.authors.length, where).toBeGreaterThan(0);
      const day = paper.batchDay ?? '';
      expect(day >= '2025-06-02' && day <= '2025-07-31', where).toBe(true);
      expect([0, 6], where).not.toContain(new Date(`${day}T00:00:00Z`).getUTCDay());
    }
  });

  it('has at least 40 queries, each once, naming only papers of its corpus', () => {
    expect(relevanceSetAcronyms.length).toBeGreaterThanOrEqual(40);
    expect(new Set(relevanceSetAcronyms.map((query) => query.query)).size).toBe(relevanceSetAcronyms.length);
    for (const { query, relevant } of relevanceSetAcronyms) {
      expect(relevant.length, query).toBeGreaterThan(0);
      expect(new Set(relevant).size, query).toBe(relevant.length);
      for (const id of relevant) expect(ids.has(id), `${query}: ${id}`).toBe(true);
    }
  });

  it('holds out half of every category', () => {
    for (const category of acronymCategories) {
      const queries = relevanceSetAcronyms.filter((query) => query.category === category);
      const held = queries.filter((query) => query.heldOut).length;
      expect(queries.length, category).toBeGreaterThan(0);
      expect(Math.abs(held - queries.length / 2), category).toBeLessThanOrEqual(0.5);
    }
  });
});
