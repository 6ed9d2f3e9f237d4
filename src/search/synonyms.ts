/**
 * A small curated list of the acronyms papers use, so `RL` finds "reinforcement learning" and
 * "large language models" finds papers that only say "LLMs". Kept short on purpose: every entry is an
 * unambiguous term of art in machine learning papers.
 */
const acronymList: Record<string, string> = {
  ai: 'artificial intelligence',
  asr: 'speech recognition',
  bpe: 'byte pair encoding',
  cnn: 'convolutional neural network',
  cot: 'chain of thought',
  cv: 'computer vision',
  dl: 'deep learning',
  dpo: 'direct preference optimization',
  gan: 'generative adversarial network',
  gnn: 'graph neural network',
  icl: 'in context learning',
  ir: 'information retrieval',
  kd: 'knowledge distillation',
  llm: 'large language model',
  lm: 'language model',
  lmm: 'large multimodal model',
  lora: 'low rank adaptation',
  lstm: 'long short term memory',
  mcts: 'monte carlo tree search',
  mdp: 'markov decision process',
  ml: 'machine learning',
  mllm: 'multimodal large language model',
  moe: 'mixture of experts',
  mt: 'machine translation',
  ner: 'named entity recognition',
  nerf: 'neural radiance field',
  nli: 'natural language inference',
  nlp: 'natural language processing',
  nmt: 'neural machine translation',
  odqa: 'open domain question answering',
  ocr: 'optical character recognition',
  ood: 'out of distribution',
  peft: 'parameter efficient fine tuning',
  ppo: 'proximal policy optimization',
  qa: 'question answering',
  rag: 'retrieval augmented generation',
  rl: 'reinforcement learning',
  rlhf: 'reinforcement learning from human feedback',
  rnn: 'recurrent neural network',
  sae: 'sparse autoencoder',
  sft: 'supervised fine tuning',
  slam: 'simultaneous localization and mapping',
  ssm: 'state space model',
  sota: 'state of the art',
  stt: 'speech to text',
  td: 'temporal difference',
  tts: 'text to speech',
  vae: 'variational autoencoder',
  vit: 'vision transformer',
  vlm: 'vision language',
  vqa: 'visual question answering',
};

const acronyms = new Map(
  Object.entries(acronymList).map(([acronym, phrase]) => [acronym, phrase.split(' ')]),
);

/** `llms` → `llm`: plural acronyms are written with a lower-case s. */
const singular = (word: string) => (word.length > 2 && word.endsWith('s') ? word.slice(0, -1) : word);

/** The expansion of an acronym (`rl` or `rls`), as words; null when `word` is not one. */
export function expandAcronym(word: string): { acronym: string; phrase: string[] } | null {
  for (const candidate of [word, singular(word)]) {
    const phrase = acronyms.get(candidate);
    if (phrase) return { acronym: candidate, phrase };
  }
  return null;
}

const sameWord = (a: string, b: string) => a === b || singular(a) === singular(b);

/**
 * The longest acronym expansion spelled out in `words` starting at `start` ("large language models"), so
 * the planner can let the acronym stand in for it. Returns how many words it covers.
 */
export function spelledOutAcronym(
  words: string[],
  start: number,
): { acronym: string; length: number } | null {
  let best: { acronym: string; length: number } | null = null;
  for (const [acronym, phrase] of acronyms) {
    if (phrase.length < 2 || phrase.length > words.length - start || (best && phrase.length <= best.length))
      continue;
    if (phrase.every((word, index) => sameWord(word, words[start + index] ?? '')))
      best = { acronym, length: phrase.length };
  }
  return best;
}
