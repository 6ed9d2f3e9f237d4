/**
 * A deterministic synthetic corpus in the image of the real fixtures. Text walks word bigrams of the
 * fixtures' abstracts, so sentences read like them; each paper has one of many topics (a Zipf-weighted
 * draw of the fixtures' content words plus coined method names), and the walk's content words mostly come
 * from that topic, so a topical word occurs in a few percent of papers while "model" occurs in most, as in
 * real listings. Titles often start with a coined name ("Kelvora: …") from a long-tailed pool; authors are
 * real names recombined; some papers have an organization, AI keywords and an AI summary; upvotes are
 * heavy-tailed.
 */
import type { Paper } from '../src/records/paper';
import { seededRandom } from '../src/seeded-random';
import { fixturePapers } from '../test/search/support/fixture-corpus';

export { seededRandom };

type Chain = Map<string, string[]>;

const glue =
  'a an the of in on for to and or with by is are be we our this that these those it its as at from via which ' +
  'while can has have been not than such more most also both each into over under between their they using based';
const glueWords = new Set(glue.split(' '));
/** Sentence glue: words that carry no topic, plus punctuation-only tokens. */
const isFunctionWord = (token: string) =>
  glueWords.has(token.toLowerCase().replace(/[^a-z]/g, '')) || !/[a-z]{3}/i.test(token);

const chainOf = (tokens: string[]): Chain => {
  const chain: Chain = new Map();
  for (let i = 0; i + 1 < tokens.length; i++) {
    const key = (tokens[i] ?? '').toLowerCase();
    const next = chain.get(key) ?? [];
    next.push(tokens[i + 1] ?? '');
    chain.set(key, next);
  }
  return chain;
};

const syllables =
  'ka lo vex tri zen mor qua sil dor fen ix ra nu pel gor tam bri sto vel cor ael min dra kor sha lum'.split(
    ' ',
  );
const organizations = [
  ['nvidia', 'NVIDIA'],
  ['google', 'Google'],
  ['deepmind', 'Google DeepMind'],
  ['meta', 'Meta AI'],
  ['microsoft', 'Microsoft Research'],
  ['alibaba', 'Alibaba Group'],
  ['tencent', 'Tencent AI Lab'],
  ['allenai', 'Allen Institute for AI'],
  ['mit', 'Massachusetts Institute of Technology'],
  ['stanford', 'Stanford University'],
] as const;

export interface CorpusOptions {
  seed: number;
  papers: number;
  /** The day of the newest paper; papers spread evenly over the three years before it. */
  newestDay: string;
}

export function createCorpus({ seed, papers: total, newestDay }: CorpusOptions) {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const sources = fixturePapers();
  const topics = sources.map((paper) =>
    `${paper.abstract} ${paper.aiSummary ?? ''}`.split(/\s+/).filter(Boolean),
  );
  const allTokens = topics.flat();
  const global = chainOf(allTokens);
  const topicChains = topics.map(chainOf);
  const functionWords = new Set(
    allTokens.filter((token) => isFunctionWord(token)).map((token) => token.toLowerCase()),
  );
  // Distinct content words, those in the most fixture papers first: topics draw from them with Zipf
  // weights (1/rank), so "model" is in most topics and "watermark" in a few.
  const papersWith = new Map<string, number>();
  for (const tokens of topics) {
    for (const token of new Set(tokens))
      if (!functionWords.has(token.toLowerCase())) papersWith.set(token, (papersWith.get(token) ?? 0) + 1);
  }
  const contentWords = [...papersWith.keys()].sort(
    (a, b) => (papersWith.get(b) ?? 0) - (papersWith.get(a) ?? 0) || (a < b ? -1 : 1),
  );
  const zipfTotal = contentWords.reduce((sum, _, rank) => sum + 1 / (rank + 1), 0);
  const zipfWord = () => {
    let target = random() * zipfTotal;
    for (const [rank, word] of contentWords.entries()) {
      target -= 1 / (rank + 1);
      if (target <= 0) return word;
    }
    return contentWords[0] ?? 'model';
  };
  const topicCount = Math.max(50, Math.min(2000, Math.floor(total / 50)));
  const names = sources.flatMap((paper) => paper.authors.map((author) => author.split(' ')));
  const firstNames = names.map((parts) => parts[0] ?? 'Ada');
  const lastNames = names.map((parts) => parts.at(-1) ?? 'Lovelace');
  const coined = Array.from({ length: Math.max(1000, Math.floor(total / 4)) }, () => {
    const word = Array.from({ length: 2 + Math.floor(random() * 2) }, () => pick(syllables)).join('');
    return word[0]?.toUpperCase() + word.slice(1);
  });
  /** Zipf-like: low indexes far more often, so a few names recur and most are rare. */
  const coinedName = () => coined[Math.floor(coined.length * random() ** 3)] ?? 'Kelvora';

  // A topic: words drawn from the fixtures' content words by frequency (so common ones recur across
  // topics), a couple of coined names, and the fixture paper whose bigrams it walks.
  const topicWords = Array.from({ length: topicCount }, () => {
    const chosen = Array.from({ length: 40 }, zipfWord);
    return [...chosen, coinedName(), coinedName()];
  });

  function walk(topicIndex: number, length: number): string[] {
    const source = topicIndex % topics.length;
    const chain = topicChains[source] ?? global;
    const own = topicWords[topicIndex] ?? contentWords;
    let word = pick(own);
    const out = [word];
    while (out.length < length) {
      const options = (random() < 0.5 ? chain : global).get(word.toLowerCase());
      word = options && random() < 0.92 ? pick(options) : pick(allTokens);
      // Content words stay on topic; sentence glue ("the", "of", "we propose") passes through.
      if (!functionWords.has(word.toLowerCase())) word = pick(own);
      if (random() < 0.03) word = coinedName();
      out.push(word);
    }
    return out;
  }

  const sentence = (words: string[]) => words.join(' ').replace(/[.,;:]+$/, '');
  const titleCase = (words: string[]) =>
    words.map((word) => (word[0]?.toUpperCase() ?? '') + word.slice(1)).join(' ');
  const newest = Date.parse(`${newestDay}T00:00:00Z`);
  const spanDays = 3 * 365;

  function paper(index: number): Paper {
    const topic = Math.floor(random() * topicCount);
    const abstractWords = walk(topic, 120 + Math.floor(random() * 100));
    const titleWords = walk(topic, 6 + Math.floor(random() * 6)).map((word) => word.replace(/[.,;:()]/g, ''));
    const name = random() < 0.6 ? `${coinedName()}: ` : '';
    const dayOffset = Math.floor(((total - 1 - index) / Math.max(1, total)) * spanDays);
    const day = new Date(newest - dayOffset * 86_400_000).toISOString().slice(0, 10);
    const org = random() < 0.25 ? pick(organizations) : null;
    const keywords =
      random() < 0.5
        ? Array.from({ length: 5 + Math.floor(random() * 4) }, () =>
            sentence(walk(topic, 1 + Math.floor(random() * 3))),
          )
        : [];
    return {
      id: `${2300 + Math.floor(index / 90000)}.${String(10000 + (index % 90000)).padStart(5, '0')}`,
      title: name + titleCase(titleWords),
      abstract: `${sentence(abstractWords)}.`,
      authors: Array.from(
        { length: 2 + Math.floor(random() * 8) },
        () => `${pick(firstNames)} ${pick(lastNames)}`,
      ),
      organization: org ? { name: org[0], fullname: org[1], avatarUrl: null } : null,
      upvotes: Math.floor(Math.exp(random() ** 2 * 6.5)) - 1,
      numComments: Math.floor(random() * 5),
      aiSummary: random() < 0.5 ? `${sentence(walk(topic, 20 + Math.floor(random() * 12)))}.` : null,
      aiKeywords: keywords,
      mediaUrls: [],
      submittedBy: null,
      discussionId: null,
      githubUrl: null,
      githubStars: null,
      projectPage: null,
      thumbnailUrl: null,
      publishedAt: `${day}T12:00:00.000Z`,
      batchDay: day,
    };
  }

  return { paper, random, pick, coinedName };
}
