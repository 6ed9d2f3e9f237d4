/**
 * A short reviewed override list of acronyms, so `RL` finds "reinforcement learning" and "reinforcement
 * learning" finds papers that only say "RL", even in a store whose papers never define them. Acronyms the stored papers define ("long form (SHORT)") are mined at sync time (acronym-mining.ts)
 * and need no entry here: the 18 entries the relevance corpora's papers define (AI, ASR, BPE, CNN, GAN,
 * LLM, LM, LMM, LSTM, MDP, MLLM, NeRF, NLP, ODQA, SSM, TD, TTS, VLM) were taken out, with no change on
 * any labelled set (bench:relevance). What is left is the terms of art papers use without spelling out
 * (or spell out in a form mining misses, as "proximal policy optimization (PPO)" mined as "policy
 * optimization"): every entry unambiguous in machine learning papers.
 */
const acronymList: Record<string, string> = {
  cot: 'chain of thought',
  cv: 'computer vision',
  dl: 'deep learning',
  dpo: 'direct preference optimization',
  gnn: 'graph neural network',
  icl: 'in context learning',
  ir: 'information retrieval',
  kd: 'knowledge distillation',
  lora: 'low rank adaptation',
  mcts: 'monte carlo tree search',
  ml: 'machine learning',
  moe: 'mixture of experts',
  mt: 'machine translation',
  ner: 'named entity recognition',
  nli: 'natural language inference',
  nmt: 'neural machine translation',
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
  sota: 'state of the art',
  stt: 'speech to text',
  vae: 'variational autoencoder',
  vit: 'vision transformer',
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
