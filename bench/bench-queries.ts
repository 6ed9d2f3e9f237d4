/**
 * The benchmark's query mix, drawn deterministically from papers sampled while the corpus was built:
 * one word, several words, a filter (with or without words), and a one-letter typo.
 */
import type { Paper } from '../src/records/paper';
import { stopwords, words } from '../src/search/search-text';
import { seededRandom } from './synthetic-corpus';

export type QueryKind = 'one word' | 'several words' | 'filter' | 'typo';
export interface BenchQuery {
  kind: QueryKind;
  text: string;
}

const contentWords = (text: string) =>
  words(text).filter((word) => word.length >= 4 && !stopwords.has(word) && /^\p{L}+$/u.test(word));

function typo(word: string, random: () => number): string {
  const at = 1 + Math.floor(random() * (word.length - 2));
  const letter = 'abcdefghijklmnopqrstuvwxyz'[Math.floor(random() * 26)] ?? 'e';
  switch (Math.floor(random() * 4)) {
    case 0:
      return word.slice(0, at) + word.slice(at + 1);
    case 1:
      return word.slice(0, at) + letter + word.slice(at);
    case 2:
      return word.slice(0, at) + letter + word.slice(at + 1);
    default:
      return word.slice(0, at - 1) + (word[at] ?? '') + (word[at - 1] ?? '') + word.slice(at + 1);
  }
}

export function benchQueries(sample: Paper[], count: number, seed: number): BenchQuery[] {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const titleWords = () => {
    const paper = pick(sample);
    const found = contentWords(random() < 0.7 ? paper.title : paper.abstract);
    return found.length > 0 ? found : ['model'];
  };
  const queries: BenchQuery[] = [];
  while (queries.length < count) {
    const roll = random();
    if (roll < 0.35) queries.push({ kind: 'one word', text: pick(titleWords()) });
    else if (roll < 0.65) {
      const found = titleWords();
      const start = Math.floor(random() * found.length);
      queries.push({
        kind: 'several words',
        text: found.slice(start, start + 2 + Math.floor(random() * 2)).join(' '),
      });
    } else if (roll < 0.85) {
      const word = pick(titleWords());
      const paper = pick(sample);
      const filters = [
        `${word} since:30d`,
        `${word} upvotes:>20`,
        'upvotes:>50 since:7d',
        `author:"${paper.authors[0]?.split(' ').at(-1) ?? 'Li'}" ${word}`,
        `org:${paper.organization?.name ?? 'nvidia'} ${word}`,
        `${word} ${pick(titleWords())} since:1y upvotes:>5`,
      ];
      queries.push({ kind: 'filter', text: pick(filters) });
    } else {
      const long = titleWords().filter((word) => word.length >= 6);
      queries.push({ kind: 'typo', text: typo(long.length > 0 ? pick(long) : 'reasoning', random) });
    }
  }
  return queries;
}
