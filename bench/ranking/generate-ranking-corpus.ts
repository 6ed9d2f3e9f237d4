/**
 * Writes test/fixtures/ranking-corpus.json: eight weeks of Daily Papers (weekdays, 12–20 papers a day),
 * synthetic but shaped like the real listings. Each paper belongs to one topic of ./topics.ts and in a third
 * of cases borrows a second one, as real papers straddle fields; its title, AI keywords, AI summary and
 * abstract are written from the topic's phrases; authors come from per-topic labs (a few prolific authors
 * per field), organisations from the topic's usual ones or a big lab; upvotes are heavy-tailed with the
 * field's popularity. The hidden `topics` field is what the simulated teams care about: the model never
 * sees it. Run: `npx tsx bench/ranking/generate-ranking-corpus.ts`.
 */
import { writeFileSync } from 'node:fs';
import type { Paper } from '../../src/records/paper';
import { seededRandom } from '../../src/seeded-random';
import {
  adjectives,
  closings,
  contributions,
  methods,
  openings,
  results,
  type Topic,
  titlePatterns,
  topics,
} from './topics';

export interface CorpusPaper extends Paper {
  /** Hidden from the model: the topic ids the paper is about, main first. */
  topics: string[];
}

const firstNames =
  'Wei Jiaming Yuxuan Hao Ming Xin Zesen Kehan Lidong Ana Sofia Lucas Emma Noah Priya Arjun Rahul Ying Chen Jun Omar Lena Yuki Hiroshi Mateo Clara Ivan Olga Sara David Anna Tom Ben Maria Luis Fatima Ali Grace Kenji'.split(
    ' ',
  );
const lastNames =
  'Zhang Li Wang Liu Chen Yang Huang Zhao Wu Zhou Xu Sun Ma Zhu Hu Guo Lin He Luo Leng Cheng Bing Kumar Singh Patel Garcia Martinez Smith Johnson Brown Müller Schmidt Rossi Tanaka Suzuki Kim Park Nguyen Silva Novak'.split(
    ' ',
  );
const bigLabs = ['google', 'meta', 'microsoft', 'nvidia', 'alibaba', 'tencent', 'bytedance'];
const syllables = 'ka lo vex tri zen mor qua sil dor fen ix ra nu pel gor tam bri sto vel cor'.split(' ');

/**
 * `perDay`: papers a weekday, from `min` to `min + spread - 1` (Daily Papers' 12–20 by default; the arXiv
 * pools of bench/ranking/arxiv-pools.ts ask for hundreds). The default draws exactly what it always drew.
 */
export function generateCorpus(
  seed = 2024,
  weeks = 8,
  firstDay = '2024-09-02',
  perDay: { min: number; spread: number } = { min: 12, spread: 9 },
): CorpusPaper[] {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const capital = (text: string) => text.replace(/(^|[\s-])(\p{Ll})/gu, (_, gap, c) => gap + c.toUpperCase());
  // Each field has its labs: 30 authors, a handful of them on many papers.
  const labs = new Map(
    topics.map((topic) => [
      topic.id,
      Array.from({ length: 30 }, () => `${pick(firstNames)} ${pick(lastNames)}`),
    ]),
  );
  const author = (topic: Topic) => {
    const lab = labs.get(topic.id) ?? [];
    return lab[Math.floor(lab.length * random() ** 2)] ?? 'Ada Lovelace';
  };
  const coin = () => {
    const word = Array.from({ length: 2 + Math.floor(random() * 2) }, () => pick(syllables)).join('');
    return (
      (word[0]?.toUpperCase() ?? '') +
      word.slice(1) +
      (random() < 0.3 ? `-${pick(['R1', 'V2', 'XL', 'Bench', 'Zero'])}` : '')
    );
  };
  const papers: CorpusPaper[] = [];
  const start = Date.parse(`${firstDay}T00:00:00Z`);
  let serial = 0;
  for (let day = 0; day < weeks * 7; day++) {
    const date = new Date(start + day * 86_400_000);
    if (date.getUTCDay() === 0 || date.getUTCDay() === 6) continue;
    const batchDay = date.toISOString().slice(0, 10);
    const count = perDay.min + Math.floor(random() * perDay.spread);
    for (let i = 0; i < count; i++) papers.push(writePaper(batchDay, serial++));
  }
  return papers;

  function writePaper(batchDay: string, serial: number): CorpusPaper {
    const main = pick(topics);
    const second = random() < 0.33 ? pick(topics.filter((topic) => topic !== main)) : null;
    const name = coin();
    const fill = (template: string) =>
      template
        .replaceAll('{name}', name)
        .replaceAll('{phrase}', pick(main.phrases))
        .replaceAll('{Phrase}', capital(pick(main.phrases)))
        .replaceAll('{phrase2}', pick(main.phrases))
        .replaceAll('{Phrase2}', capital(pick(main.phrases)))
        .replaceAll('{phrase3}', pick((second ?? main).phrases))
        .replaceAll('{Phrase3}', capital(pick((second ?? main).phrases)))
        .replaceAll('{problem}', pick(main.problems))
        .replaceAll('{Problem}', capital(pick(main.problems)))
        .replaceAll('{adjective}', pick(adjectives))
        .replaceAll('{Adjective}', capital(pick(adjectives)))
        .replaceAll('{benchmark}', pick(main.benchmarks))
        .replaceAll('{benchmark2}', pick((second ?? main).benchmarks))
        .replaceAll('{gain}', (1 + random() * 9).toFixed(1))
        .replaceAll('{ratio}', String(2 + Math.floor(random() * 8)));
    const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
    const abstract = [
      pick(openings),
      pick(contributions),
      pick(methods),
      pick(methods),
      pick(results),
      pick(results),
      pick(closings),
    ]
      .map(fill)
      .filter(Boolean)
      .map(sentence)
      .join(' ')
      .replace(/\ba ([aeiou])/g, 'an $1');
    const keywords = [
      ...new Set([
        pick(main.phrases),
        pick(main.phrases),
        pick(main.problems),
        ...(second ? [pick(second.phrases)] : []),
        name,
      ]),
    ];
    const authorCount = 3 + Math.floor(random() * 7);
    const authors = [
      ...new Set(
        Array.from({ length: authorCount }, () => author(random() < 0.8 || !second ? main : second)),
      ),
    ];
    const organization = random() < 0.6 ? pick(random() < 0.6 ? main.organizations : bigLabs) : null;
    const popularity = main.popularity * (organization && bigLabs.includes(organization) ? 1.4 : 1);
    const upvotes = Math.max(0, Math.round(Math.exp(random() ** 1.5 * 5.5) * popularity) - 1);
    const id = `2409.${String(10000 + serial * 7).padStart(5, '0')}`;
    return {
      id,
      title: fill(pick(titlePatterns)),
      abstract,
      authors,
      organization: organization ? { name: organization, fullname: null, avatarUrl: null } : null,
      upvotes,
      numComments: Math.floor(random() * 4),
      aiSummary: sentence(
        fill(
          `{name} ${pick(['improves', 'advances', 'scales', 'simplifies'])} {phrase2} by using {phrase3}, evaluated on {benchmark}.`,
        ),
      ),
      aiKeywords: keywords,
      githubUrl: random() < 0.4 ? `https://github.com/example/${name.toLowerCase()}` : null,
      githubStars: null,
      projectPage: null,
      thumbnailUrl: null,
      mediaUrls: [],
      submittedBy: null,
      discussionId: null,
      publishedAt: `${batchDay}T08:00:00.000Z`,
      batchDay,
      topics: second ? [main.id, second.id] : [main.id],
    };
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const corpus = generateCorpus();
  const target = new URL('../../test/fixtures/ranking-corpus.json', import.meta.url);
  writeFileSync(target, `${JSON.stringify(corpus, null, 1)}\n`);
  process.stdout.write(`wrote ${corpus.length} papers to ${target.pathname}\n`);
}
