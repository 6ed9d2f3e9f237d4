/**
 * `npm run bench:reasons`: how often does a card's reason name filler ("sizes, contrasting",
 * "effectiveness, abilities") instead of what the paper is about?
 *
 * The real 2024-10-25 Daily Papers batch (29 papers, the demo's), as the console meets it: a team flags
 * the seven papers of its interest (language-model knowledge and hallucinations, as the console tests do)
 * and, when noisy, also 3 or 6 others drawn at random (30 draws each); the model is trained as the bot
 * trains it and every paper of the day it likes gets the card reason `today` prints. A word reason ("shares
 * what this channel flags: …") counts as filler when one of its words is in no title of the batch: a word
 * no paper names its subject by. Before: every word the model weighs may be named. After: only the subject
 * words learnt from the stored papers (src/ranking/subject-terms.ts).
 */
import { readFileSync } from 'node:fs';
import { percentiles } from '../src/ranking/blend';
import {
  modelScore,
  paperVector,
  type TrainingSignal,
  trainChannelModel,
} from '../src/ranking/channel-model';
import { createPaperReader } from '../src/ranking/paper-reader';
import { rankingReason } from '../src/ranking/ranking-reason';
import { type SubjectTerms, subjectTerms } from '../src/ranking/subject-terms';
import { seededRandom } from '../src/seeded-random';
import { normalizeHfDailyItem } from '../src/sources/hf/hf-normalize';
import type { HfDailyItem } from '../src/sources/hf/hf-schemas';

const items = JSON.parse(
  readFileSync(new URL('../src/demo/sample-batch-2024-10-25.json', import.meta.url), 'utf8'),
) as HfDailyItem[];
const papers = items.map((item) => normalizeHfDailyItem(item, 'https://huggingface.co', '2024-10-25'));
const interest = [
  '2410.16251',
  '2410.18785',
  '2410.18860',
  '2410.15999',
  '2410.18745',
  '2410.17243',
  '2410.18975',
];
const titles = papers.map((paper) => paper.title.toLowerCase()).join(' | ');
const reader = createPaperReader();
const learnt = subjectTerms(papers, (paper) => reader.terms(paper));

interface Tally {
  reasons: number;
  words: number;
  filler: number;
  examples: Set<string>;
}

function tally(flagged: Set<string>, subjects: SubjectTerms | undefined, into: Tally) {
  const signals: TrainingSignal[] = papers
    .filter((paper) => flagged.has(paper.id))
    .map((paper) => ({ paper, kind: 'flagged' }));
  const model = trainChannelModel(signals, '2024-10-26T00:00:00Z', 'bench', reader);
  const neighbours = signals.map(({ paper }) => ({
    paperId: paper.id,
    title: paper.title,
    vector: paperVector(model, paper, reader),
  }));
  const vectors = papers.map((paper) => paperVector(model, paper, reader));
  const scores = vectors.map((vector) => modelScore(model, vector));
  const ranks = percentiles(scores);
  papers.forEach((paper, index) => {
    // As the bot does: only a paper the model likes gets a reason.
    if ((ranks[index] ?? 0) < 0.5 || (scores[index] ?? 0) <= model.bias) return;
    const reason = rankingReason(paper, vectors[index] as Map<string, number>, model, neighbours, subjects);
    if (!reason) return;
    into.reasons++;
    const labels = /^shares what this channel flags: (.+)$/.exec(reason)?.[1];
    if (!labels) return;
    into.words++;
    const named = (label: string) =>
      label.startsWith('by ') || label.startsWith('from ') || titles.includes(label.toLowerCase());
    if (labels.split(', ').some((label) => !named(label))) {
      into.filler++;
      if (into.examples.size < 2) into.examples.add(labels);
    }
  });
}

const share = (part: number, whole: number) => (whole === 0 ? '–' : `${((part / whole) * 100).toFixed(0)}%`);
const lines = [
  '| team | draws | reasons before | word reasons | filler | filler share of reasons | e.g. | reasons after | word reasons | filler | filler share of reasons |',
  '|---|---:|---:|---:|---:|---:|---|---:|---:|---:|---:|',
];
for (const noise of [0, 3, 6]) {
  const draws = noise === 0 ? 1 : 30;
  const before: Tally = { reasons: 0, words: 0, filler: 0, examples: new Set() };
  const after: Tally = { reasons: 0, words: 0, filler: 0, examples: new Set() };
  for (let draw = 0; draw < draws; draw++) {
    const random = seededRandom(1000 + draw);
    const others = papers.map((paper) => paper.id).filter((id) => !interest.includes(id));
    const noisy = others
      .map((id) => ({ id, key: random() }))
      .sort((a, b) => a.key - b.key)
      .slice(0, noise);
    const flagged = new Set([...interest, ...noisy.map(({ id }) => id)]);
    tally(flagged, undefined, before);
    tally(flagged, learnt, after);
  }
  const name = noise === 0 ? 'clean (7 flags)' : `noisy (7 + ${noise} random flags)`;
  lines.push(
    `| ${name} | ${draws} | ${before.reasons} | ${before.words} | ${before.filler} | ${share(before.filler, before.reasons)} | ${[...before.examples].join('; ')} | ${after.reasons} | ${after.words} | ${after.filler} | ${share(after.filler, after.reasons)} |`,
  );
}
process.stdout.write(`${lines.join('\n')}\n`);
