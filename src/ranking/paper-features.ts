/**
 * What the team model reads in a paper: stemmed words and adjacent word pairs of its title, AI keywords,
 * AI summary and abstract (the title and keywords count more: they say what the paper is about), its
 * authors and its organisation. Words are folded as search folds them and Porter-stemmed (the `stemmer`
 * package: the same algorithm as FTS5's porter tokenizer), so "diffusion models" and "diffusion model"
 * are one feature.
 */
import { stemmer } from 'stemmer';
import type { Paper } from '../records/paper';
import { stopwords, words } from '../search/search-text';

/** Feature → weighted count in one paper. Author and organisation features carry a prefix. */
export type TermCounts = Map<string, number>;

const fieldWeights = { title: 3, keywords: 2, summary: 1.5, abstract: 1 } as const;
const authorWeight = 1.5;
const organizationWeight = 1.5;
/** Authors beyond this many (large collaborations) say little about a team's interest. */
const maxAuthors = 12;

export const authorFeature = (name: string) => `@${name.trim().toLowerCase()}`;
export const organizationFeature = (name: string) => `#${name.trim().toLowerCase()}`;
export const isTextFeature = (feature: string) => !feature.startsWith('@') && !feature.startsWith('#');

/** Stems of words seen (bounded): stemming is most of the cost of reading a paper. */
const stems = new Map<string, string>();
const maxRememberedStems = 100_000;
function stemOf(word: string): string {
  let stemmed = stems.get(word);
  if (stemmed === undefined) {
    stemmed = stemmer(word);
    if (stems.size >= maxRememberedStems) stems.clear();
    stems.set(word, stemmed);
  }
  return stemmed;
}

const contentWord = (word: string) => word.length >= 3 && !stopwords.has(word) && !/^\d+$/.test(word);

function addText(counts: TermCounts, text: string | null, weight: number, labels: Map<string, string>) {
  if (!text) return;
  let previous: string | null = null;
  for (const word of words(text)) {
    if (!contentWord(word)) {
      previous = null;
      continue;
    }
    const stemmed = stemOf(word);
    counts.set(stemmed, (counts.get(stemmed) ?? 0) + weight);
    if (!labels.has(stemmed)) labels.set(stemmed, word);
    if (previous) {
      const pair = `${previous} ${stemmed}`;
      counts.set(pair, (counts.get(pair) ?? 0) + weight);
    }
    previous = stemmed;
  }
}

/** The paper's weighted features, and a readable word for each stem (the first spelling seen). */
export function paperTerms(paper: Paper, labels: Map<string, string> = new Map()): TermCounts {
  const counts: TermCounts = new Map();
  addText(counts, paper.title, fieldWeights.title, labels);
  for (const keyword of paper.aiKeywords) addText(counts, keyword, fieldWeights.keywords, labels);
  addText(counts, paper.aiSummary, fieldWeights.summary, labels);
  addText(counts, paper.abstract, fieldWeights.abstract, labels);
  for (const author of paper.authors.slice(0, maxAuthors)) {
    if (author.trim()) counts.set(authorFeature(author), authorWeight);
  }
  const organization = paper.organization?.name;
  if (organization) counts.set(organizationFeature(organization), organizationWeight);
  return counts;
}

/** A feature as a person reads it: `video generation`, `by Ada Lovelace`, `from nvidia`. */
export function featureLabel(feature: string, labels: ReadonlyMap<string, string>): string {
  if (feature.startsWith('@')) return `by ${feature.slice(1).replace(/\b\w/g, (c) => c.toUpperCase())}`;
  if (feature.startsWith('#')) return `from ${feature.slice(1)}`;
  return feature
    .split(' ')
    .map((part) => labels.get(part) ?? part)
    .join(' ');
}
