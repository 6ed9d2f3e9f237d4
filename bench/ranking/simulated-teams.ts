/**
 * Simulated research teams. Each cares about one to three fields of ./topics.ts (weights 0…1), flags papers
 * of its fields far more often than others, is swayed a little by upvotes like any reader, and some also
 * follow a lab's prolific author. A few teams are quiet (a handful of flags in two months) so the bench
 * shows what the ranking does with almost no signal. Half are used to tune the blend, half are held out.
 */
import { seededRandom } from '../../src/seeded-random';
import type { CorpusPaper } from './generate-ranking-corpus';

export interface Team {
  name: string;
  interests: Record<string, number>;
  /** Log-odds of a flag for a paper outside its fields. */
  base: number;
  /** How much upvotes sway it (log-odds per standard deviation of log upvotes). */
  popularity: number;
  /** Share of papers outside its fields it marks 👎. */
  dislikeRate: number;
  heldOut: boolean;
  seed: number;
}

export const teams: Team[] = [
  {
    name: 'reasoning lab',
    interests: { 'llm-reasoning': 1, 'alignment-safety': 0.5 },
    base: -4.2,
    popularity: 0.4,
    dislikeRate: 0,
    heldOut: false,
    seed: 1,
  },
  {
    name: 'robotics group',
    interests: { 'robot-learning': 1 },
    base: -4,
    popularity: 0.3,
    dislikeRate: 0.03,
    heldOut: false,
    seed: 2,
  },
  {
    name: 'generative media',
    interests: { 'diffusion-images': 1, 'video-generation': 0.8 },
    base: -4.5,
    popularity: 0.5,
    dislikeRate: 0,
    heldOut: false,
    seed: 3,
  },
  {
    name: 'speech team',
    interests: { 'speech-audio': 1 },
    base: -4.2,
    popularity: 0.2,
    dislikeRate: 0.02,
    heldOut: false,
    seed: 4,
  },
  {
    name: 'quiet clinic',
    interests: { 'medical-ai': 1 },
    base: -6.5,
    popularity: 0.3,
    dislikeRate: 0,
    heldOut: false,
    seed: 5,
  },
  {
    name: 'systems group',
    interests: { 'efficient-inference': 1, 'pretraining-data': 0.4 },
    base: -4.3,
    popularity: 0.4,
    dislikeRate: 0,
    heldOut: false,
    seed: 6,
  },
  {
    name: 'dev-tools startup',
    interests: { 'code-agents': 1, 'llm-reasoning': 0.3 },
    base: -4.2,
    popularity: 0.5,
    dislikeRate: 0.02,
    heldOut: true,
    seed: 7,
  },
  {
    name: 'vision lab',
    interests: { '3d-vision': 1, 'video-generation': 0.4 },
    base: -4.4,
    popularity: 0.3,
    dislikeRate: 0,
    heldOut: true,
    seed: 8,
  },
  {
    name: 'multimodal team',
    interests: { 'multimodal-llm': 1, 'diffusion-images': 0.3 },
    base: -4.5,
    popularity: 0.4,
    dislikeRate: 0.02,
    heldOut: true,
    seed: 9,
  },
  {
    name: 'safety institute',
    interests: { 'alignment-safety': 1 },
    base: -4.1,
    popularity: 0.3,
    dislikeRate: 0,
    heldOut: true,
    seed: 10,
  },
  {
    name: 'data team',
    interests: { 'pretraining-data': 1, 'efficient-inference': 0.3 },
    base: -4.3,
    popularity: 0.4,
    dislikeRate: 0,
    heldOut: true,
    seed: 11,
  },
  {
    name: 'quiet robotics club',
    interests: { 'robot-learning': 1, '3d-vision': 0.4 },
    base: -6.8,
    popularity: 0.3,
    dislikeRate: 0,
    heldOut: true,
    seed: 12,
  },
  {
    name: 'broad reading group',
    interests: { 'llm-reasoning': 0.7, 'multimodal-llm': 0.7, 'code-agents': 0.6 },
    base: -4,
    popularity: 0.8,
    dislikeRate: 0,
    heldOut: true,
    seed: 13,
  },
  {
    name: 'popularity followers',
    interests: { 'video-generation': 0.5 },
    base: -3.6,
    popularity: 1.4,
    dislikeRate: 0,
    heldOut: true,
    seed: 14,
  },
];

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

/** Which papers the team flags and which it marks 👎, drawn once so every ranking is judged on the same. */
export function teamJudgements(team: Team, corpus: CorpusPaper[]) {
  const random = seededRandom(team.seed * 7919);
  const logs = corpus.map((paper) => Math.log1p(paper.upvotes));
  const average = logs.reduce((sum, value) => sum + value, 0) / logs.length;
  const spread = Math.sqrt(logs.reduce((sum, value) => sum + (value - average) ** 2, 0) / logs.length) || 1;
  const flagged = new Set<string>();
  const disliked = new Set<string>();
  corpus.forEach((paper, index) => {
    const [main, second] = paper.topics;
    const interest = Math.max(team.interests[main ?? ''] ?? 0, 0.5 * (team.interests[second ?? ''] ?? 0));
    const z = team.base + 4.5 * interest + team.popularity * (((logs[index] ?? 0) - average) / spread);
    if (random() < sigmoid(z)) flagged.add(paper.id);
    else if (interest === 0 && random() < team.dislikeRate) disliked.add(paper.id);
  });
  return { flagged, disliked };
}
