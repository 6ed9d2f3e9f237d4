/**
 * The team ranking of a channel: gathers its signals from the store (flags, 👎, posts left alone for
 * `ignoredAfterDays`), trains its model when they changed (kept in the store, so a restart does not train
 * again), and orders papers by the blend of the model and upvotes. Nothing is shared between channels.
 */
import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import { upvoteOrder } from '../papers/paper-order';
import type { ChannelRef } from '../records/channel';
import type { Paper } from '../records/paper';
import { saveOnTheSide } from '../store/save-on-the-side';
import type { Store } from '../store/store';
import { addDays } from '../time/zoned-time';
import {
  type BlendParameters,
  type BlendParts,
  blendOrder,
  defaultBlend,
  modelShare,
  percentiles,
} from './blend';
import {
  type ChannelModel,
  modelScore,
  paperVector,
  type SignalCounts,
  type TrainingSignal,
  trainChannelModel,
} from './channel-model';
import { modelFromStore, storedModel } from './model-codec';
import { createPaperReader } from './paper-reader';
import { type FlaggedNeighbour, rankingReason } from './ranking-reason';
import { type SubjectTerms, subjectTerms } from './subject-terms';

/** A post nobody flagged within this many days counts as a weak "not for us". */
export const ignoredAfterDays = 3;
/** Most signals of each kind a model learns from (the most recent). */
const maxSignals = 3_000;
/** Flagged papers a reason may point to (the most recent). */
const maxNeighbours = 300;
/** The stored papers a reason's words are learnt from (see subject-terms.ts): the last weeks, at most this many. */
const subjectCorpusDays = 28;
const maxSubjectCorpus = 2_000;

export interface RankingStatus {
  /** The channel's setting. */
  setting: 'team' | 'upvotes';
  counts: SignalCounts;
  /** The model's share of the blend now (0 = upvote order). */
  modelShare: number;
  /** Whether digests here are ordered by the team ranking now. */
  active: boolean;
  minFlags: number;
}

export interface RankedPaper {
  paper: Paper;
  /** Why the team ranking put it here; null in upvote order or when nothing speaks for it. */
  note: string | null;
  /** What placed it: the blend's two inputs (absent or null in upvote order). */
  parts?: BlendParts | null;
}

export interface RankedList {
  papers: RankedPaper[];
  by: 'team' | 'upvotes';
  status: RankingStatus;
}

export interface TeamRanking {
  status(channel: ChannelRef, now: Date): Promise<RankingStatus>;
  /** `papers` best first for this channel; `force` uses the model even where the setting is upvotes. */
  order(channel: ChannelRef, papers: Paper[], now: Date, force?: boolean): Promise<RankedList>;
  /** Trains the channel's model now if its signals changed (called on each flag and 👎). */
  refresh(channel: ChannelRef, now: Date): Promise<void>;
}

interface Trained {
  model: ChannelModel;
  neighbours: FlaggedNeighbour[];
  /** The words a reason may name, learnt from the channel's papers. */
  subjects: SubjectTerms;
}

export interface TeamRankingOptions {
  store: Store;
  log: Logger;
  blend?: BlendParameters;
}

export function createTeamRanking(options: TeamRankingOptions): TeamRanking {
  const { store } = options;
  const blend = options.blend ?? defaultBlend;
  const log = options.log.child({ service: 'ranking' });
  const cache = new Map<string, Trained>();
  // Papers are read once: training again after a flag only sweeps numbers.
  const reader = createPaperReader();
  const vectorOf = (model: ChannelModel, paper: Paper) => paperVector(model, paper, reader);
  const keyOf = (channel: ChannelRef) => `${channel.platform}:${channel.workspaceId}:${channel.channelId}`;

  async function gather(channel: ChannelRef, now: Date) {
    const cutoff = new Date(now.getTime() - ignoredAfterDays * 86_400_000).toISOString();
    const raw = await store.ranking.signals(channel, cutoff, maxSignals);
    const flagged = new Map(raw.flagged.map((entry) => [entry.paperId, entry.flags]));
    const disliked = raw.disliked.map((entry) => entry.paperId).filter((id) => !flagged.has(id));
    const shunned = new Set([...flagged.keys(), ...disliked]);
    const ignored = raw.posted.map((entry) => entry.paperId).filter((id) => !shunned.has(id));
    const lines = [
      ...[...flagged].map(([id, flags]) => `f ${id} ${flags}`),
      ...disliked.map((id) => `d ${id}`),
      ...ignored.map((id) => `i ${id}`),
    ].sort();
    const fingerprint = createHash('sha1').update(lines.join('\n')).digest('hex');
    const counts = { flagged: flagged.size, disliked: disliked.length, ignored: ignored.length };
    return { flagged, disliked, ignored, fingerprint, counts };
  }

  type Signals = Awaited<ReturnType<typeof gather>>;

  async function trained(channel: ChannelRef, signals: Signals, now: Date): Promise<Trained | null> {
    if (signals.counts.flagged === 0) return null;
    const key = keyOf(channel);
    const cached = cache.get(key);
    if (cached?.model.fingerprint === signals.fingerprint) return cached;
    let model = modelFromStore(await store.ranking.getModel(channel));
    const papers = new Map(
      (await store.papers.getMany([...signals.flagged.keys(), ...signals.disliked, ...signals.ignored])).map(
        (paper) => [paper.id, paper],
      ),
    );
    if (model?.fingerprint !== signals.fingerprint) {
      const started = performance.now();
      const examples: TrainingSignal[] = [];
      for (const [id, flags] of signals.flagged) {
        const paper = papers.get(id);
        if (paper) examples.push({ paper, kind: 'flagged', flags });
      }
      for (const id of signals.disliked) {
        const paper = papers.get(id);
        if (paper) examples.push({ paper, kind: 'disliked' });
      }
      for (const id of signals.ignored) {
        const paper = papers.get(id);
        if (paper) examples.push({ paper, kind: 'ignored' });
      }
      model = trainChannelModel(examples, now.toISOString(), signals.fingerprint, reader);
      // Kept in memory below either way; a model not saved is trained again after a restart.
      const trainedNow = model;
      await saveOnTheSide(
        () => store.ranking.saveModel(channel, storedModel(trainedNow)),
        log,
        'a channel model',
      );
      log.debug(
        { channel: channel.channelId, ...signals.counts, ms: Math.round(performance.now() - started) },
        'team model trained',
      );
    }
    const trainedModel = model;
    const neighbours = [...signals.flagged.keys()].slice(0, maxNeighbours).flatMap((id) => {
      const paper = papers.get(id);
      return paper ? [{ paperId: id, title: paper.title, vector: vectorOf(trainedModel, paper) }] : [];
    });
    // Learnt over the stored papers of the last weeks, besides the channel's own: a word's document
    // frequency needs more papers than a channel may have been shown.
    const since = addDays(now.toISOString().slice(0, 10), -subjectCorpusDays);
    const corpus = new Map(papers);
    for (const paper of await store.papers.listFiltered({ sinceDay: since }, maxSubjectCorpus, 0))
      corpus.set(paper.id, paper);
    const subjects = subjectTerms([...corpus.values()], (paper) => reader.terms(paper));
    const entry = { model: trainedModel, neighbours, subjects };
    cache.set(key, entry);
    return entry;
  }

  async function statusOf(channel: ChannelRef, counts: SignalCounts): Promise<RankingStatus> {
    const setting = (await store.discussion.getSettings(channel)).ranking;
    const share = modelShare(counts.flagged, blend);
    return {
      setting,
      counts,
      modelShare: share,
      active: setting === 'team' && share > 0,
      minFlags: blend.minFlags,
    };
  }

  async function order(channel: ChannelRef, papers: Paper[], now: Date, force = false): Promise<RankedList> {
    // One read of the signals serves both the status and the training check.
    const signals = await gather(channel, now);
    const current = await statusOf(channel, signals.counts);
    const model =
      current.modelShare > 0 && (current.active || force) ? await trained(channel, signals, now) : null;
    if (!model) return { ...upvoteOrder(papers), status: current };
    const vectors = papers.map((paper) => vectorOf(model.model, paper));
    const scores = vectors.map((vector) => modelScore(model.model, vector));
    const modelPercentile = percentiles(scores);
    const indexOf = new Map(papers.map((paper, index) => [paper.id, index]));
    const ranked = blendOrder(papers, scores, current.modelShare).map(({ paper, parts }) => {
      const index = indexOf.get(paper.id) ?? 0;
      // Only a paper the model likes gets a reason: one there on upvotes alone says nothing about the team.
      const liked = (modelPercentile[index] ?? 0) >= 0.5 && (scores[index] ?? 0) > model.model.bias;
      const note = liked
        ? rankingReason(
            paper,
            vectors[index] as Map<string, number>,
            model.model,
            model.neighbours,
            model.subjects,
          )
        : null;
      return { paper, note, parts };
    });
    return { papers: ranked, by: 'team', status: current };
  }

  return {
    status: async (channel, now) => await statusOf(channel, (await gather(channel, now)).counts),
    order,
    async refresh(channel, now) {
      await trained(channel, await gather(channel, now), now);
    },
  };
}
