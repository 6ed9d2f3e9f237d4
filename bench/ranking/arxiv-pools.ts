/**
 * The ranking bench on arXiv-sized days: 400 candidates a day, no upvotes, for the same simulated teams.
 *
 * Setup (stated, since the synthetic corpus has no categories): each topic of ./topics.ts is filed under
 * one arXiv category (below); a paper's primary category is its main topic's, and it is cross-listed to its
 * second topic's. Each team's channel follows its fields' categories (interest ≥ 0.5) plus cs.LG, and sees
 * the whole day's 400 papers as that mailing: a paper whose primary is followed is `new`, any other a
 * cross-list (into cs.LG). Upvotes are hidden from every order (arXiv has none); the teams still flag with
 * their taste for what Hugging Face readers upvote, as a hidden quality. A team's taste per paper is the
 * Daily Papers bench's (a paper it would flag there it would flag here), so a day of 400 holds more papers
 * it wants than ten: the task is to put ten of them first.
 * Each weekday of weeks 2–4 is one team-day, scored by nDCG@10 against what the team would flag that day.
 *
 * Orders: arXiv's announcement order (position only); the default order (src/ranking/arxiv-default-order.ts)
 * without keywords, and with two phrases of the team's main field as the channel's keywords; and the team
 * ranking, run as the bot runs it: each day it posts its top 10, the team flags what it would flag among
 * those ten (it sees nothing else), the other posted papers are "left alone", and the model is retrained on
 * those signals; below `minFlags` flags the day goes out in the default order it starts from (without or
 * with the keywords). Last, for the record: the model trained each week on every earlier candidate, as if
 * the team had read all 400 a day (the Daily Papers bench's setup), i.e. thousands of unflagged papers a week.
 */
import { wholeWordMatcher } from '../../src/digest/keyword-match';
import { arxivDefaultOrder } from '../../src/ranking/arxiv-default-order';
import { blendOrder, defaultBlend, modelShare } from '../../src/ranking/blend';
import {
  modelScore,
  paperVector,
  type TrainingSignal,
  trainChannelModel,
} from '../../src/ranking/channel-model';
import { createPaperReader } from '../../src/ranking/paper-reader';
import type { ArxivListing } from '../../src/records/arxiv-listing';
import { seededRandom } from '../../src/seeded-random';
import { type CorpusPaper, generateCorpus } from './generate-ranking-corpus';
import { mean, median, ndcgAt } from './ranking-metrics';
import { type Team, teamJudgements } from './simulated-teams';
import { topics } from './topics';

const categoryOf: Record<string, string> = {
  'llm-reasoning': 'cs.CL',
  'diffusion-images': 'cs.CV',
  'video-generation': 'cs.CV',
  'robot-learning': 'cs.RO',
  'speech-audio': 'eess.AS',
  'code-agents': 'cs.SE',
  'multimodal-llm': 'cs.CV',
  'efficient-inference': 'cs.LG',
  'alignment-safety': 'cs.AI',
  '3d-vision': 'cs.CV',
  'medical-ai': 'eess.IV',
  'pretraining-data': 'cs.CL',
};

const orders = [
  'announcement',
  'default',
  'default + keywords',
  'team, online from default',
  'team, online from default + keywords',
  'model on all candidates',
] as const;
type OrderName = (typeof orders)[number];

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return 0;
  const at = (sorted.length - 1) * q;
  const low = Math.floor(at);
  const high = Math.ceil(at);
  return (sorted[low] ?? 0) + ((sorted[high] ?? 0) - (sorted[low] ?? 0)) * (at - low);
};

export function arxivPoolsBench(teams: Team[], perDay = 400, weeks = 4) {
  const corpus = generateCorpus(2027, weeks, '2024-09-02', { min: perDay, spread: 1 });
  const days = [...new Set(corpus.map((paper) => paper.batchDay ?? ''))].sort();
  const weekOf = (day: string) => Math.floor(days.indexOf(day) / 5) + 1;
  const shuffle = seededRandom(404);
  // arXiv's announcement order: by submission, which says nothing of the topic; a seeded shuffle per day.
  const position = new Map<string, number>();
  for (const day of days) {
    const listed = corpus.filter((paper) => paper.batchDay === day);
    const keys = listed.map((paper) => ({ paper, key: shuffle() })).sort((a, b) => a.key - b.key);
    for (const [index, { paper }] of keys.entries()) position.set(paper.id, index);
  }
  const hidden = (paper: CorpusPaper): CorpusPaper => ({ ...paper, upvotes: 0, numComments: null });
  const emptyScores = () =>
    Object.fromEntries(orders.map((name) => [name, [] as number[]])) as Record<OrderName, number[]>;
  const perTeamDay = emptyScores();
  const perTeam: Array<{ team: string; days: number; medians: Record<OrderName, number> }> = [];
  let onlineFlags = 0;
  for (const team of teams) {
    const judged = teamJudgements(team, corpus);
    const followed = new Set([
      'cs.LG',
      ...Object.entries(team.interests)
        .filter(([, weight]) => weight >= 0.5)
        .map(([topic]) => categoryOf[topic] ?? 'cs.LG'),
    ]);
    const main = Object.entries(team.interests).sort((a, b) => b[1] - a[1])[0]?.[0] ?? '';
    const keywords = (topics.find((topic) => topic.id === main)?.phrases ?? []).slice(0, 2);
    const listingOf = (paper: CorpusPaper): ArxivListing => {
      const [first, second] = paper.topics.map((topic) => categoryOf[topic] ?? 'cs.LG');
      const primary = first ?? 'cs.LG';
      const isNew = followed.has(primary);
      return {
        paper: {
          ...hidden(paper),
          arxiv: { primaryCategory: primary, categories: [primary, ...(second ? [second] : [])] },
        },
        category: isNew ? primary : second && followed.has(second) ? second : 'cs.LG',
        day: paper.batchDay ?? '',
        kind: isNew ? 'new' : 'cross',
        position: position.get(paper.id) ?? 0,
      };
    };
    const listingsOf = new Map(
      days.map((day) => [day, corpus.filter((paper) => paper.batchDay === day).map(listingOf)]),
    );
    const reader = createPaperReader();
    const scores = emptyScores();
    const ids = (ordered: Array<{ paper: { id: string } }>) => ordered.map((entry) => entry.paper.id);
    const defaultOf = (listings: ArxivListing[], withKeywords: boolean) =>
      ids(
        arxivDefaultOrder(listings, { keywords: withKeywords ? keywords : [], matcher: wholeWordMatcher })
          .papers,
      );
    const modelOrder = (signals: TrainingSignal[], listings: ArxivListing[], fallback: string[]) => {
      const flags = signals.filter((signal) => signal.kind === 'flagged').length;
      if (flags < defaultBlend.minFlags) return fallback;
      const model = trainChannelModel(signals, '2024-01-01T00:00:00Z', 'bench', reader);
      const candidates = listings.map((listing) => listing.paper);
      const modelScores = candidates.map((paper) => modelScore(model, paperVector(model, paper, reader)));
      // Upvotes are all 0: the blend's upvote side ties, so its order is the model's.
      return ids(blendOrder(candidates, modelScores, modelShare(flags)));
    };
    // The bot's loop, one per starting order: post the top 10, learn from what was flagged among them.
    const online = [false, true].map((withKeywords) => ({ withKeywords, signals: [] as TrainingSignal[] }));
    let allCandidates: TrainingSignal[] = [];
    for (const day of days) {
      const week = weekOf(day);
      const listings = listingsOf.get(day) ?? [];
      if (day === days.find((each) => weekOf(each) === week) && week > 1) {
        // Weekly, as the Daily Papers bench: every earlier candidate, as if the team had read them all.
        allCandidates = corpus
          .filter((paper) => weekOf(paper.batchDay ?? '') < week)
          .map((paper) => ({
            paper: hidden(paper),
            kind: judged.flagged.has(paper.id)
              ? 'flagged'
              : judged.disliked.has(paper.id)
                ? 'disliked'
                : 'ignored',
          }));
      }
      const ranked = {
        announcement: ids([...listings].sort((a, b) => a.position - b.position)),
        default: defaultOf(listings, false),
        'default + keywords': defaultOf(listings, true),
      } as Record<OrderName, string[]>;
      const [fromDefault, fromKeywords] = online.map((run) => {
        const order = modelOrder(
          run.signals,
          listings,
          ranked[run.withKeywords ? 'default + keywords' : 'default'],
        );
        const byId = new Map(listings.map((listing) => [listing.paper.id, listing.paper]));
        for (const id of order.slice(0, 10)) {
          const paper = byId.get(id);
          if (paper) run.signals.push({ paper, kind: judged.flagged.has(id) ? 'flagged' : 'ignored' });
        }
        return order;
      });
      if (week === 1) continue;
      const relevant = new Set(
        listings.filter((listing) => judged.flagged.has(listing.paper.id)).map((listing) => listing.paper.id),
      );
      if (relevant.size === 0) continue;
      ranked['team, online from default'] = fromDefault ?? [];
      ranked['team, online from default + keywords'] = fromKeywords ?? [];
      ranked['model on all candidates'] = modelOrder(allCandidates, listings, ranked.default);
      for (const name of orders) scores[name].push(ndcgAt(10, ranked[name], relevant));
    }
    onlineFlags += online[0]?.signals.filter((signal) => signal.kind === 'flagged').length ?? 0;
    for (const name of orders) perTeamDay[name].push(...scores[name]);
    perTeam.push({
      team: team.name,
      days: scores.default.length,
      medians: Object.fromEntries(orders.map((name) => [name, median(scores[name])])) as Record<
        OrderName,
        number
      >,
    });
  }
  const f = (value: number) => value.toFixed(3);
  const total = perTeamDay.default.length;
  const lines = [
    '',
    `arXiv-sized pools: ${perDay} candidates a day, no upvotes, ${teams.length} teams, weekdays of weeks 2–${weeks}: ${total} team-days with a paper the team would flag (flags the online loop collected from its posts, all teams, from default: ${onlineFlags}).`,
    '| order | team-days | nDCG@10 median | p25 | p75 | mean | team-days at 0 |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...orders.map((name) => {
      const values = perTeamDay[name];
      return `| ${name} | ${values.length} | ${f(median(values))} | ${f(quantile(values, 0.25))} | ${f(quantile(values, 0.75))} | ${f(mean(values))} | ${values.filter((value) => value === 0).length} |`;
    }),
    '',
    'Per team (median nDCG@10 over its team-days):',
    `| team | team-days | ${orders.join(' | ')} |`,
    `|---|---:|${orders.map(() => '---:').join('|')}|`,
    ...perTeam.map(
      (row) => `| ${row.team} | ${row.days} | ${orders.map((name) => f(row.medians[name])).join(' | ')} |`,
    ),
    '',
  ];
  process.stdout.write(lines.join('\n'));
}
