import { readFileSync } from 'node:fs';
import { openSqliteStore } from '../../../src/engines/sqlite/sqlite-store';
import type { Paper } from '../../../src/records/paper';
import { normalizeHfDailyItem, normalizeHfPaper } from '../../../src/sources/hf/hf-normalize';
import { hfDailyItemSchema } from '../../../src/sources/hf/hf-schemas';
import type { Store } from '../../../src/store/store';

const baseUrl = 'https://huggingface.co';

const readItems = (name: string) => {
  const raw = JSON.parse(
    readFileSync(new URL(`../../fixtures/${name}`, import.meta.url), 'utf8'),
  ) as unknown[];
  return raw.map((item) => hfDailyItemSchema.parse(item));
};

/**
 * Every real paper in `test/fixtures`, normalised as the HF source does: the 29-paper day of 2024-10-25,
 * the current-shape item of March 2026 (AI summary and keywords), and the nine papers of the search sample
 * (never listed on a day, so they have no batch day).
 */
export function fixturePapers(): Paper[] {
  return [
    ...readItems('hf-daily-papers-2024-10-25.json').map((item) =>
      normalizeHfDailyItem(item, baseUrl, '2024-10-25'),
    ),
    ...readItems('hf-daily-papers-2026-03-sample.json').map((item) =>
      normalizeHfDailyItem(item, baseUrl, '2026-03-06'),
    ),
    ...readItems('hf-papers-search-sample.json').map((item) => normalizeHfPaper(item.paper, baseUrl, item)),
  ];
}

interface CorpusRecord {
  id: string;
  title: string;
  abstract: string;
  authors: string[];
  organization: { name: string; fullname: string } | null;
  aiKeywords: string[];
  batchDay: string;
  upvotes: number;
}

/** A corpus written in the shape of Daily Papers records (test/fixtures/<name>), as the store holds papers. */
function writtenCorpus(name: string): Paper[] {
  const records = JSON.parse(
    readFileSync(new URL(`../../fixtures/${name}`, import.meta.url), 'utf8'),
  ) as CorpusRecord[];
  return records.map(
    (record): Paper => ({
      ...record,
      organization: record.organization ? { ...record.organization, avatarUrl: null } : null,
      numComments: 0,
      aiSummary: null,
      githubUrl: null,
      githubStars: null,
      projectPage: null,
      thumbnailUrl: null,
      mediaUrls: [],
      submittedBy: null,
      discussionId: null,
      publishedAt: `${record.batchDay}T00:00:00.000Z`,
    }),
  );
}

/**
 * The real fixtures plus relevance-corpus-2025.json: 103 papers written in the shape of a season of Daily
 * Papers (title, abstract, authors, organisation, AI keywords), nearly all about LLM post-training, agents
 * and efficiency, so some words are in most papers, as on the store issue 13 was seen on.
 */
export function largerCorpus(): Paper[] {
  return [...fixturePapers(), ...writtenCorpus('relevance-corpus-2025.json')];
}

/**
 * relevance-corpus-independent.json alone: 236 real papers from fields the other fixtures do not cover, the
 * corpus of the independent labelled set (test/search/relevance-set-independent.ts, issue 26).
 */
export const independentCorpus = (): Paper[] => writtenCorpus('relevance-corpus-independent.json');

/**
 * The corpus of the acronym set (test/search/relevance-set-acronyms.ts): relevance-corpus-acronyms.json, 57
 * real papers from fields no other fixture covers, among the independent corpus's 236 as distractors.
 */
export const acronymCorpus = (): Paper[] => [
  ...independentCorpus(),
  ...writtenCorpus('relevance-corpus-acronyms.json'),
];

/** Opens an empty store: an in-memory SQLite one unless a test or bench says which (test/support/test-stores.ts). */
export type OpenStore = () => Promise<Store>;
const inMemory: OpenStore = async () => openSqliteStore(':memory:');

/** A fresh store holding `papers` (the fixture papers unless told), in memory on SQLite unless `open` says. */
export async function fixtureStore(
  papers: Paper[] = fixturePapers(),
  open: OpenStore = inMemory,
): Promise<Store> {
  const store = await open();
  await store.papers.upsertMany(papers);
  // As the sync job does after a fetch.
  await store.papers.refreshSearch();
  return store;
}
