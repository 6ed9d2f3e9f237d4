/**
 * Labelled queries over the real fixtures (`fixturePapers()`): what a reader would type, and the papers
 * they would expect to see. Any listed paper counts as a hit; the first one found sets the reciprocal rank.
 * Kinds say what each query exercises, so a regression points at a stage.
 */
export type QueryKind = 'topic' | 'question' | 'prefix' | 'typo' | 'variant' | 'acronym' | 'author';

export interface LabelledQuery {
  query: string;
  relevant: string[];
  kind: QueryKind;
}

export const relevanceSet: LabelledQuery[] = [
  { kind: 'topic', query: 'contrastive loss', relevant: ['2410.17243'] },
  { kind: 'topic', query: 'knowledge editing', relevant: ['2410.16251', '2410.18785'] },
  { kind: 'topic', query: 'hallucinations', relevant: ['2410.16251', '2410.18860'] },
  { kind: 'topic', query: 'long context alignment', relevant: ['2410.18533'] },
  { kind: 'topic', query: 'question synthesis for reasoning', relevant: ['2410.18693'] },
  { kind: 'topic', query: 'infinite game', relevant: ['2410.18975'] },
  { kind: 'topic', query: 'frame interpolation', relevant: ['2410.18978'] },
  { kind: 'topic', query: 'chart reasoning', relevant: ['2410.18798'] },
  { kind: 'topic', query: 'effective context length', relevant: ['2410.18745'] },
  { kind: 'topic', query: 'state space models', relevant: ['2410.18572'] },
  { kind: 'topic', query: 'video object segmentation', relevant: ['2410.18538'] },
  { kind: 'topic', query: 'human motion generation', relevant: ['2410.18977'] },
  { kind: 'topic', query: 'reward modeling', relevant: ['2410.18451'] },
  { kind: 'topic', query: 'html code generation', relevant: ['2410.18362'] },
  { kind: 'topic', query: 'watermarking image editing', relevant: ['2410.18775'] },
  { kind: 'topic', query: 'arabic multimodal benchmark', relevant: ['2410.18976'] },
  { kind: 'topic', query: 'retrieval heads', relevant: ['2410.18860'] },
  { kind: 'topic', query: 'consistency models', relevant: ['2410.18958'] },
  { kind: 'topic', query: 'vision-language fusion', relevant: ['2410.17779'] },
  { kind: 'topic', query: 'chinese pretraining corpus', relevant: ['2410.18505'] },
  { kind: 'topic', query: 'cross-layer attention residual', relevant: ['2410.17897'] },
  { kind: 'topic', query: 'arithmetic learning', relevant: ['2410.15580'] },
  { kind: 'topic', query: 'data selection compression', relevant: ['2410.18194'] },
  { kind: 'topic', query: 'theorem proving', relevant: ['2410.16429'] },
  { kind: 'topic', query: 'robot manipulation scaling laws', relevant: ['2410.18647'] },
  { kind: 'topic', query: 'speculative sampling', relevant: ['2410.18234'] },
  { kind: 'topic', query: 'kazakh question answering', relevant: ['2404.04487'] },
  { kind: 'topic', query: 'parallel corpus machine translation', relevant: ['2403.19399'] },
  { kind: 'topic', query: 'sentiment analysis', relevant: ['2403.19335'] },
  { kind: 'topic', query: 'named entity recognition', relevant: ['2111.13419'] },
  { kind: 'topic', query: 'emotional speech synthesis', relevant: ['2404.01033'] },
  { kind: 'topic', query: 'llm safety', relevant: ['2502.13640'] },
  { kind: 'topic', query: 'speech recognition', relevant: ['2108.01280', '2107.10637'] },
  { kind: 'topic', query: 'in-context classification', relevant: ['2602.23229'] },

  { kind: 'question', query: 'why do llms fall short on context length', relevant: ['2410.18745'] },
  { kind: 'question', query: 'can knowledge editing correct hallucinations', relevant: ['2410.16251'] },
  { kind: 'question', query: 'how to scale batch size for contrastive learning', relevant: ['2410.17243'] },

  { kind: 'prefix', query: 'interpol', relevant: ['2410.18978'] },
  { kind: 'prefix', query: 'watermar', relevant: ['2410.18775'] },
  { kind: 'prefix', query: 'speculat', relevant: ['2410.18234'] },
  { kind: 'prefix', query: 'theorem prov', relevant: ['2410.16429'] },

  { kind: 'typo', query: 'hallucinatons', relevant: ['2410.16251', '2410.18860'] },
  { kind: 'typo', query: 'contrastve loss', relevant: ['2410.17243'] },
  { kind: 'typo', query: 'theorem provng', relevant: ['2410.16429'] },
  { kind: 'typo', query: 'imitaton learning', relevant: ['2410.18647'] },
  { kind: 'typo', query: 'segmentaion video', relevant: ['2410.18538'] },
  { kind: 'typo', query: 'kazkh speech recognition', relevant: ['2108.01280', '2107.10637'] },
  { kind: 'typo', query: 'watremarking', relevant: ['2410.18775'] },
  { kind: 'typo', query: 'speculative smapling', relevant: ['2410.18234'] },

  { kind: 'variant', query: 'steering knowledge selection behaviors', relevant: ['2410.15999'] },
  { kind: 'variant', query: 'reward modelling', relevant: ['2410.18451'] },
  { kind: 'variant', query: 'multimodal front end development', relevant: ['2410.18362'] },
  { kind: 'variant', query: 'in context classifiers', relevant: ['2602.23229'] },
  { kind: 'variant', query: 'pretraining dataset chinese', relevant: ['2410.18505'] },
  { kind: 'variant', query: 'frontend code', relevant: ['2410.18362'] },

  { kind: 'acronym', query: 'reinforcement learning from human feedback', relevant: ['2410.18252'] },
  { kind: 'acronym', query: 'RL for language models', relevant: ['2410.18252'] },
  { kind: 'acronym', query: 'ssm hybrid attention', relevant: ['2410.18572'] },
  { kind: 'acronym', query: 'lmm classification', relevant: ['2602.23229'] },
  { kind: 'acronym', query: 'vlm efficient tuning', relevant: ['2410.17779'] },
  { kind: 'acronym', query: 'mcts proof search', relevant: ['2410.16429'] },
  { kind: 'acronym', query: 'asr kazakh', relevant: ['2108.01280', '2107.10637'] },
  { kind: 'acronym', query: 'tts dataset', relevant: ['2404.01033'] },
  { kind: 'acronym', query: 'ner kazakh', relevant: ['2111.13419'] },

  { kind: 'author', query: 'Minervini', relevant: ['2410.15999', '2410.18860'] },
  { kind: 'author', query: 'sanmi koyejo', relevant: ['2410.18194', '2410.16429'] },
  { kind: 'author', query: 'juntao li', relevant: ['2410.18533', '2410.18693'] },
];

/**
 * Topics no fixture paper is about, though their words occur here and there ("prediction", "structure",
 * "generation"). A good search answers these with nothing rather than with whatever shares a word.
 */
export const offTopicQueries: string[] = [
  'quantum computing',
  'protein structure prediction',
  'autonomous driving',
  'graph neural networks',
  'weather forecasting models',
  'stock price prediction',
  'music generation',
  'federated learning privacy',
  'gaussian splatting',
  'time series anomaly detection',
  'drug discovery with language models',
  'recommender systems',
  'point cloud registration',
  'legal document retrieval',
];

/**
 * Written after the search was built and never tuned against: a check that the main set's numbers are not
 * an artefact of fitting the implementation to it.
 */
export const heldOutSet: LabelledQuery[] = [
  { kind: 'topic', query: 'gpu memory contrastive', relevant: ['2410.17243'] },
  { kind: 'topic', query: 'editing knowledge hallucination benchmark', relevant: ['2410.16251'] },
  { kind: 'topic', query: 'preference optimization long inputs', relevant: ['2410.18533'] },
  { kind: 'topic', query: 'synthetic math questions', relevant: ['2410.18693'] },
  { kind: 'topic', query: 'life simulation game', relevant: ['2410.18975'] },
  { kind: 'topic', query: 'keypoint trajectory video frames', relevant: ['2410.18978'] },
  { kind: 'topic', query: 'chart question answering multimodal', relevant: ['2410.18798'] },
  { kind: 'topic', query: 'rotary position embedding', relevant: ['2410.18745'] },
  { kind: 'topic', query: 'mamba hybrid', relevant: ['2410.18572'] },
  { kind: 'topic', query: 'text to image diffusion segmentation', relevant: ['2410.18538'] },
  { kind: 'topic', query: 'preference dataset reward leaderboard', relevant: ['2410.18451'] },
  { kind: 'topic', query: 'webpage ui html', relevant: ['2410.18362'] },
  { kind: 'acronym', query: 'knowledge conflict sae', relevant: ['2410.15999'] },
  { kind: 'topic', query: 'arabic', relevant: ['2410.18976'] },
  { kind: 'topic', query: 'decoding strategy hallucination', relevant: ['2410.18860'] },
  { kind: 'acronym', query: 'mdp consistency models', relevant: ['2410.18958'] },
  { kind: 'variant', query: 'off-policy rlhf', relevant: ['2410.18252'] },
  { kind: 'topic', query: 'gzip', relevant: ['2410.18194'] },
  { kind: 'acronym', query: 'bpe', relevant: ['2410.18441'] },
  { kind: 'topic', query: 'lean proof assistant', relevant: ['2410.16429'] },
  { kind: 'topic', query: 'robots imitation data scaling', relevant: ['2410.18647'] },
  { kind: 'topic', query: 'draft tokens verification', relevant: ['2410.18234'] },
  { kind: 'topic', query: 'kazakh reviews sentiment', relevant: ['2403.19335'] },
  { kind: 'topic', query: 'bilingual safety evaluation russian', relevant: ['2502.13640'] },
  { kind: 'prefix', query: 'sherka', relevant: ['2503.01493'] },
  { kind: 'topic', query: 'kazakh emotional tts', relevant: ['2404.01033'] },
  { kind: 'topic', query: 'coqui stt', relevant: ['2107.10637'] },
  { kind: 'topic', query: 'open world classification lmm', relevant: ['2602.23229'] },
  { kind: 'typo', query: 'efficent vision languag tuning', relevant: ['2410.17779'] },
  { kind: 'topic', query: 'hallucination mitigation', relevant: ['2410.18860', '2410.16251'] },
];
