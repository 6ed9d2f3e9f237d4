import { afterAll, describe, expect, it } from 'vitest';
import type { Paper } from '../../src/records/paper';
import { parseSearchQuery } from '../../src/search/query-syntax';
import { paperFilters } from '../../src/search/search-filters';
import { createSearchService } from '../../src/search/search-service';
import { testStores } from '../support/test-stores';
import { fixturePapers, fixtureStore } from './support/fixture-corpus';

const base = fixturePapers()[0] as Paper;
const paper = (id: string, authors: string[]): Paper => ({ ...base, id, authors, title: `Paper ${id}` });
const papers = [
  paper('2601.00001', ['Yann LeCun', 'Ishan Misra']),
  paper('2601.00002', ['Y. LeCun']),
  paper('2601.00003', ['Quoc V. Le', 'Jeff Dean']),
  paper('2601.00004', ['Quoc Tran', 'Le Hou']),
  paper('2601.00005', ['David Lopez-Paz', 'Jürgen Müller']),
  paper('2601.00006', ['Yoshua Bengio', 'Aaron Courville']),
];

describe.each(testStores)('author: as people write names ($name)', async ({ open }) => {
  const store = await fixtureStore(papers, open);
  afterAll(async () => await store.close());
  const search = createSearchService(store);
  const ids = async (query: string) => {
    const parsed = parseSearchQuery(query);
    const result = await search.search({
      text: parsed.text,
      filters: paperFilters(parsed.filters, '2026-01-01'),
      limit: 10,
    });
    return result.hits.map((hit) => hit.paper.id).sort();
  };

  it('finds a person with or without the first name, by an initial, and with a middle initial or not', async () => {
    for (const name of ['"Yann LeCun"', '"Y. LeCun"', 'LeCun', '"y lecun"'])
      expect(await ids(`author:${name}`)).toEqual(['2601.00001', '2601.00002']);
    expect(await ids('author:"Quoc Le"')).toEqual(['2601.00003']);
    expect(await ids('author:"Quoc V. Le"')).toEqual(['2601.00003']);
    expect(await ids('author:"Q. Le"')).toEqual(['2601.00003']);
  });

  it('folds accents and keeps hyphenated surnames whole', async () => {
    expect(await ids('author:Muller')).toEqual(['2601.00005']);
    expect(await ids('author:"Jurgen Müller"')).toEqual(['2601.00005']);
    expect(await ids('author:"Lopez-Paz"')).toEqual(['2601.00005']);
    expect(await ids('author:"David Lopez-Paz"')).toEqual(['2601.00005']);
    expect(await ids('author:"D. Lopez-Paz"')).toEqual(['2601.00005']);
  });

  it('never joins two authors into one person', async () => {
    expect(await ids('author:"Quoc Hou"')).toEqual([]);
    expect(await ids('author:"Yann Bengio"')).toEqual([]);
  });
});
