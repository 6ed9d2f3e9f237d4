/**
 * `npm run bench:ranking`: does the team ranking put first what a team then flags?
 *
 * Simulated teams (bench/ranking/simulated-teams.ts) read eight weeks of Daily Papers
 * (test/fixtures/ranking-corpus.json, synthetic but real-shaped: bench/ranking/generate-ranking-corpus.ts).
 * Each week, the model is trained on everything before it, exactly as the bot trains it (flags, 👎, papers
 * posted and left alone), and orders the week's papers; the order is scored against what the team flagged
 * that week: nDCG@10 and precision@5, for upvote order, the team model alone and the blend the bot uses.
 * Tuning teams on weeks 2–5 chose the blend's parameters; the held-out teams and weeks were not looked at
 * while tuning. Also measured: training time for thousands of papers and the stored model's size.
 */
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { byPopularity } from '../src/papers/paper-order';
import { blendOrder, modelShare } from '../src/ranking/blend';
import {
  modelScore,
  paperVector,
  type TrainingSignal,
  trainChannelModel,
} from '../src/ranking/channel-model';
import { encodeModel } from '../src/ranking/model-codec';
import { createPaperReader } from '../src/ranking/paper-reader';
import { arxivPoolsBench } from './ranking/arxiv-pools';
import { type CorpusPaper, generateCorpus } from './ranking/generate-ranking-corpus';
import { mean, median, ndcgAt, precisionAt } from './ranking/ranking-metrics';
import { type Team, teamJudgements, teams } from './ranking/simulated-teams';

const corpus = JSON.parse(
  readFileSync(new URL('../test/fixtures/ranking-corpus.json', import.meta.url), 'utf8'),
) as CorpusPaper[];
const days = [...new Set(corpus.map((paper) => paper.batchDay ?? ''))].sort();
const weekOf = (day: string) => Math.floor(days.indexOf(day) / 5) + 1;
const weeks = Math.max(...days.map(weekOf));
const byWeek = (week: number) => corpus.filter((paper) => weekOf(paper.batchDay ?? '') === week);

interface Score {
  ndcg: number;
  precision: number;
}
interface WeekResult {
  week: number;
  trainingFlags: number;
  upvotes: Score;
  model: Score;
  blend: Score;
}

function score(ranked: string[], relevant: Set<string>): Score {
  return { ndcg: ndcgAt(10, ranked, relevant), precision: precisionAt(5, ranked, relevant) };
}

function evaluateWeek(week: number, judged: ReturnType<typeof teamJudgements>): WeekResult | null {
  const candidates = byWeek(week);
  const relevant = new Set(
    candidates.filter((paper) => judged.flagged.has(paper.id)).map((paper) => paper.id),
  );
  if (relevant.size === 0) return null;
  const past = corpus.filter((paper) => weekOf(paper.batchDay ?? '') < week);
  const signals: TrainingSignal[] = past.map((paper) => ({
    paper,
    kind: judged.flagged.has(paper.id) ? 'flagged' : judged.disliked.has(paper.id) ? 'disliked' : 'ignored',
  }));
  const trainingFlags = signals.filter((signal) => signal.kind === 'flagged').length;
  const upvoteOrder = [...candidates].sort(byPopularity).map((paper) => paper.id);
  if (trainingFlags === 0) {
    const same = score(upvoteOrder, relevant);
    return { week, trainingFlags, upvotes: same, model: same, blend: same };
  }
  const model = trainChannelModel(signals, '2024-01-01T00:00:00Z', 'bench');
  const scores = candidates.map((paper) => modelScore(model, paperVector(model, paper)));
  const modelOrder = blendOrder(candidates, scores, 1).map((entry) => entry.paper.id);
  const blended = blendOrder(candidates, scores, modelShare(trainingFlags)).map((entry) => entry.paper.id);
  return {
    week,
    trainingFlags,
    upvotes: score(upvoteOrder, relevant),
    model: score(modelOrder, relevant),
    blend: score(blended, relevant),
  };
}

const pct = (value: number) => value.toFixed(3);
const change = (value: number, baseline: number) =>
  baseline === 0
    ? 'n/a'
    : `${value >= baseline ? '+' : ''}${(((value - baseline) / baseline) * 100).toFixed(0)}%`;

function table(title: string, rows: Array<{ team: Team; results: WeekResult[] }>) {
  const lines = [
    `\n${title}`,
    '| team | flags (total) | weeks | nDCG@10 upvotes | model | blend | blend vs upvotes | P@5 upvotes | model | blend |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  const averages = { upvotes: [] as Score[], model: [] as Score[], blend: [] as Score[] };
  for (const { team, results } of rows) {
    if (results.length === 0) {
      lines.push(`| ${team.name} | 0 | 0 | – | – | – | – | – | – | – |`);
      continue;
    }
    const agg = (key: 'upvotes' | 'model' | 'blend') => ({
      ndcg: mean(results.map((result) => result[key].ndcg)),
      precision: mean(results.map((result) => result[key].precision)),
    });
    const [u, m, b] = [agg('upvotes'), agg('model'), agg('blend')];
    averages.upvotes.push(u);
    averages.model.push(m);
    averages.blend.push(b);
    const flags = Math.max(...results.map((result) => result.trainingFlags));
    lines.push(
      `| ${team.name} | ${flags} | ${results.length} | ${pct(u.ndcg)} | ${pct(m.ndcg)} | ${pct(b.ndcg)} | ${change(b.ndcg, u.ndcg)} | ${pct(u.precision)} | ${pct(m.precision)} | ${pct(b.precision)} |`,
    );
  }
  const avg = (list: Score[], key: keyof Score) => mean(list.map((entry) => entry[key]));
  const [un, mn, bn] = [
    avg(averages.upvotes, 'ndcg'),
    avg(averages.model, 'ndcg'),
    avg(averages.blend, 'ndcg'),
  ];
  lines.push(
    `| **average** | | | ${pct(un)} | ${pct(mn)} | ${pct(bn)} | ${change(bn, un)} | ${pct(avg(averages.upvotes, 'precision'))} | ${pct(avg(averages.model, 'precision'))} | ${pct(avg(averages.blend, 'precision'))} |`,
  );
  process.stdout.write(`${lines.join('\n')}\n`);
  return { upvotes: un, blend: bn };
}

/** Low-signal check: every week a team had fewer than 5 flags to learn from, blend against upvotes. */
function lowSignalCheck(all: Array<{ team: Team; results: WeekResult[] }>) {
  const weeksLow = all.flatMap(({ results }) => results.filter((result) => result.trainingFlags < 5));
  const worse = weeksLow.filter((result) => result.blend.ndcg < result.upvotes.ndcg - 1e-9);
  process.stdout.write(
    `\nTeam-weeks with fewer than 5 flags to learn from: ${weeksLow.length}; blend worse than upvotes in ${worse.length}.\n`,
  );
  return worse.length;
}

/** Training time for thousands of papers: reading them the first time, and again with their features cached (as the bot keeps them). */
function timing() {
  const big = generateCorpus(99, 40);
  const signals: TrainingSignal[] = big.map((paper, index) => ({
    paper,
    kind: index % 9 === 0 ? 'flagged' : 'ignored',
  }));
  const cold: number[] = [];
  const warm: number[] = [];
  const warmCpu: number[] = [];
  const scoring: number[] = [];
  let bytes = 0;
  for (let run = 0; run < 7; run++) {
    const reader = createPaperReader();
    let started = performance.now();
    trainChannelModel(signals, 'now', 'cold', reader);
    cold.push(performance.now() - started);
    started = performance.now();
    const cpu = process.cpuUsage();
    const model = trainChannelModel(signals, 'now', 'warm', reader);
    warm.push(performance.now() - started);
    const used = process.cpuUsage(cpu);
    warmCpu.push((used.user + used.system) / 1000);
    started = performance.now();
    for (const paper of big.slice(0, 100)) modelScore(model, paperVector(model, paper, reader));
    scoring.push(performance.now() - started);
    bytes = encodeModel(model).length;
  }
  const flagged = signals.filter((signal) => signal.kind === 'flagged').length;
  process.stdout.write(
    [
      '',
      `Training on ${signals.length} papers (${flagged} flagged), median of 7 runs (load average ${loadavg()[0]?.toFixed(1)} on ${availableParallelism()} cores):`,
      '| step | median |',
      '|---|---:|',
      `| read the papers' text and train (first time) | ${median(cold).toFixed(0)} ms |`,
      `| train again, papers already read (each flag, 👎 or day) | ${median(warm).toFixed(0)} ms (CPU ${median(warmCpu).toFixed(0)} ms) |`,
      `| score 100 candidate papers | ${median(scoring).toFixed(1)} ms |`,
      `| stored model | ${(bytes / 1024).toFixed(0)} KiB |`,
      '',
    ].join('\n'),
  );
}

process.stdout.write(`Corpus: ${corpus.length} papers over ${weeks} weeks (${days.length} weekdays).\n`);
const evaluations = teams.map((team) => {
  const judged = teamJudgements(team, corpus);
  const results = Array.from({ length: weeks - 1 }, (_, index) => evaluateWeek(index + 2, judged)).filter(
    (result): result is WeekResult => result !== null,
  );
  return { team, results, judged };
});
const tuning = evaluations
  .filter(({ team }) => !team.heldOut)
  .map(({ team, results }) => ({ team, results: results.filter((result) => result.week <= 5) }));
const heldOut = [
  ...evaluations.filter(({ team }) => team.heldOut),
  ...evaluations
    .filter(({ team }) => !team.heldOut)
    .map(({ team, results, judged }) => ({
      team: { ...team, name: `${team.name} (weeks 6–${weeks})` },
      results: results.filter((result) => result.week > 5),
      judged,
    })),
];
table(`Tuning set: ${tuning.length} teams, predicting weeks 2–5`, tuning);
const held = table(
  'Held out (never tuned on): 8 teams predicting weeks 2–8, and the tuning teams on weeks 6–8',
  heldOut,
);
const worse = lowSignalCheck(evaluations);
timing();
arxivPoolsBench(teams);
const gain = held.upvotes === 0 ? 0 : (held.blend - held.upvotes) / held.upvotes;
process.stdout.write(
  `\nTargets: blend beats upvotes by >= 30% nDCG@10 on the held-out average: ${(gain * 100).toFixed(0)}% ${gain >= 0.3 ? 'MET' : 'NOT MET'}; never worse than upvotes below 5 flags: ${worse === 0 ? 'MET' : 'NOT MET'}.\n`,
);
