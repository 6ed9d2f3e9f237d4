/**
 * The larger labelled set (search v3): queries over `largerCorpus()` (the real fixtures plus
 * test/fixtures/relevance-corpus-2025.json, a season of papers nearly all about LLM post-training, agents
 * and efficiency, so words like "rollout" and "reinforcement learning" are common, as on a real store).
 * Every third query of each category is held out: it was written with the others but is never looked at
 * while tuning, and the tests hold it to the same targets.
 */
export type Category =
  | 'question'
  | 'paraphrase'
  | 'common'
  | 'name'
  | 'acronym'
  | 'typo'
  | 'multi'
  | 'offtopic';

export const categories: Category[] = [
  'question',
  'paraphrase',
  'common',
  'name',
  'acronym',
  'typo',
  'multi',
  'offtopic',
];

export interface LabelledQueryV3 {
  category: Category;
  query: string;
  /** Papers a reader would count as a good answer; empty for off-topic queries. */
  relevant: string[];
  heldOut: boolean;
}

/** Paper `n` (1-based line) of relevance-corpus-2025.json. */
const c = (...lines: number[]) => lines.map((line) => `2510.${20000 + line}`);

const rolloutTitles = c(1, 2, 3, 8, 10, 12, 16, 25, 66, 73, 76);
const rlTitles = c(4, 11, 18, 20, 23, 26, 65, 69, 74, 77, 82, 90, 15, 21, 99);
const agentTitles = c(9, 30, 31, 32, 33, 34, 36, 37, 72, 78, 81, 93, 65, 20);

const raw: Record<Category, Array<[string, string[]]>> = {
  question: [
    ['how do I make RL training of LLMs cheaper', c(4, 70, 3, 19, 76, 16, 17)],
    ['can a model tell when its own predictions are going wrong without ground truth', c(40, 38)],
    ['stopping an agent before it sends an email without approval', c(33, 72)],
    ['why does RL generalize better than supervised fine-tuning', c(24)],
    ['how should compute be split between pretraining and RL', c(11)],
    ['how can I run reasoning models on a consumer GPU', c(43, 44, 48)],
    ['does RL teach models new reasoning abilities', c(67, 24)],
    ['how do agents defend against prompt injection from websites', c(34)],
    ['when should an agent ask a human for help', c(37)],
    ["how to keep the chain of thought in the user's language", c(77)],
    ['is retrieval still needed with million token context windows', c(55)],
    ['why do reasoning models write such long answers', c(14, 64)],
    ['how do you detect hallucinations without access to model internals', c(80, 39)],
    ['which math benchmarks are contaminated by pretraining data', c(59)],
    ['how can small models learn to call tools', c(18)],
    ['can a reasoning model know when it is guessing', c(71)],
    ['how do I train an LLM to use a search engine', c(65)],
    ['what goes wrong when the trainer uses stale rollouts', c(12, 3)],
    ['how can robots learn from videos of people', c(53)],
    ['why does RL training collapse in bf16', c(92)],
    ['what happens to model quality when you prune heads after RL', c(79)],
  ],
  paraphrase: [
    ['self-driving cars', c(51, 52)],
    ['shell command agents', c(31, 32)],
    ['keeping GPUs busy during RL post-training', c(3)],
    ['making reasoning models less verbose', c(14, 64)],
    ['teaching a student model from a bigger teacher', c(45)],
    ['shrinking model weights to a few bits', c(43, 44)],
    ['desktop computer agents that act safely', c(33)],
    ['models agreeing with users too much', c(60)],
    ['cheating on unit tests', c(9)],
    ['reusing earlier samples during training', c(8, 76)],
    ['how confident is the chatbot in its answer', c(39, 41, 71)],
    ['answer sets that contain the truth with a guarantee', c(41)],
    ['hidden instructions in web pages hijack the assistant', c(34)],
    ['clicking buttons from screenshots', c(35)],
    ['voice cloning speech synthesis', c(83)],
    ['robots that learn by watching humans', c(53)],
    ['proof checker as reward', c(69)],
    ['grading answers with expert checklists', c(82)],
    ["reading the model's reasoning to catch cheating", c(87)],
    ['predicting the weather with deep learning', c(63)],
    ['cutting the memory of long prompts', c(46)],
  ],
  common: [
    ['rollout', rolloutTitles],
    ['rollouts', rolloutTitles],
    ['reinforcement learning', rlTitles],
    ['reward model', c(27, 57, 6)],
    ['agents', agentTitles],
    ['GRPO', c(5, 2, 25)],
    ['exploration', c(67, 7, 29)],
    ['reward hacking', c(9)],
    ['rollout survey', c(1)],
    ['rollout strategies', c(1)],
    ['GPU', c(48, 3)],
    ['memory', c(28, 36, 93)],
    ['diffusion', c(49, 86, 102, 50)],
    ['RLHF', c(21, 60, 70)],
    ['policy optimization', c(5, 22)],
    ['hallucination', [...c(80, 39), '2410.16251', '2410.18860']],
    ['distillation', c(45)],
    ['reasoning models', c(44, 71, 96, 14)],
  ],
  name: [
    ['Kai Müller', c(17, 28, 48, 68, 75, 92)],
    ['kai muller', c(17, 28, 48, 68, 75, 92)],
    ['Aisha Bello', c(9, 33, 60, 87, 95)],
    ['Laura Schmidt', c(34, 39, 71, 15)],
    ['nvidia', c(16, 28, 92)],
    ['Anthropic', c(9, 33)],
    ['ByteDance Seed', c(3, 68)],
    ['deepseek', c(5, 47)],
    ['Hugging Face', c(96)],
    ['Oxford', c(39)],
    ['Kenji Watanabe quantization', c(43, 44)],
    ['Tomás Herrera', c(3, 19, 51, 76)],
    ['tomas herrera', c(3, 19, 51, 76)],
    ['Minervini', ['2410.15999', '2410.18860']],
    ['OpenAI', c(87)],
    ['stanford terminal', c(31)],
    ['Meta AI scaling', c(11)],
    ['papers from NVIDIA about RL', c(16, 28, 92)],
    ["Kai Müller's work on memory", c(28)],
    ['DeepSeek mixture of experts', c(47)],
    ['what has Anthropic published on agent safety', c(33, 9)],
    ['Herrera asynchronous rollouts', c(3)],
    ['Ivan Petrov math', c(6, 29, 59, 69)],
  ],
  acronym: [
    ['RLHF sycophancy', c(60)],
    ['reinforcement learning from human feedback', c(21, 60, 70)],
    ['KV cache', c(46)],
    ['key value cache', c(46)],
    ['MoE routing', c(47)],
    ['mixture of experts', c(47)],
    ['MCTS rollout policy', c(73)],
    ['monte carlo tree search', c(73)],
    ['PRM', c(6)],
    ['process reward models', c(6)],
    ['VLA driving', c(51)],
    ['vision language action', c(51)],
    ['SAE reward model features', c(57)],
    ['sparse autoencoders', c(57)],
    ['TTS', [...c(83), '2404.01033']],
    ['text to speech', [...c(83), '2404.01033']],
    ['RAG', c(55)],
    ['LoRA RLHF', c(70)],
    ['GNN', c(62)],
    ['CoT monitoring', c(87)],
    ['DPO online', c(22)],
  ],
  typo: [
    ['qantizaton', c(43, 44)],
    ['distilaton', c(45)],
    ['rolout', rolloutTitles],
    ['reinforcment learning', rlTitles],
    ['calibraton', c(39, 71)],
    ['hallucinaton detection', c(80, 39)],
    ['sycophncy', c(60)],
    ['speculatve decoding', c(16, 98)],
    ['terminl agents', c(31, 32)],
    ['LoopArena', c(30)],
    ['Loop Arena', c(30)],
    ['roll out pruning', c(2)],
    ['rollout pruning', c(2)],
    ['Terminal Bench', c(31)],
    ['terminalbench', c(31)],
    ['RolloutBench', c(1)],
    ['rollout bench', c(1)],
    ['reasoninggym', c(23)],
    ['selfplay negotiation', c(13)],
    ['teach', c(26, 87, 67)],
    ['contaminaton benchmark', c(59)],
  ],
  multi: [
    ['reward hacking code generation', c(9)],
    ['quantization reasoning models', c(44)],
    ['speculative decoding rollout', c(16)],
    ['LoRA memory RLHF single GPU', c(70)],
    ['memory footprint 70B RL training', c(28)],
    ['vision language model chart geometry reasoning RL', c(26)],
    ['entropy exploration pass@k', c(7, 67)],
    ['asynchronous off-policy stale', c(12, 3)],
    ['temperature diversity group rewards', c(25)],
    ['tree search credit assignment', c(10)],
    ['sparse autoencoder reward model sycophancy features', c(57)],
    ['diffusion inference compute verifier noise', c(86)],
    ['world model minecraft planning', c(81)],
    ['multilingual reasoning language consistency reward', c(77)],
    ['execution feedback multi-turn code repair', c(74)],
    ['self-play dialogue agents reward', c(13)],
    ['federated privacy hospitals', c(89)],
    ['KV cache eviction quantization long context', c(46)],
    ['quantization or distillation for reasoning models', c(44, 45)],
    ['RL for code with unit tests and execution feedback', c(74, 9)],
    ['agents with memory that learn from failures', c(93, 36)],
    ['reward models uncertainty ensembles exploitation', c(27)],
    ['length penalty token budget reasoning cost', c(14, 64)],
    ['asynchronous RL systems memory colocation GPUs', c(28, 3)],
  ],
  offtopic: [
    ['quantum computing', []],
    ['stock price prediction', []],
    ['cryptocurrency trading bots', []],
    ['earthquake detection seismology', []],
    ['knitting patterns', []],
    ['medieval manuscripts', []],
    ['sign language translation', []],
    ['satellite crop yield estimation', []],
    ['poetry generation', []],
    ['football match outcomes', []],
    ['brain computer interface', []],
    ['wildfire spread', []],
    ['ocean currents', []],
    ['tax law compliance', []],
    ['bird song classification', []],
    ['galaxy morphology', []],
  ],
};

export const relevanceSetV3: LabelledQueryV3[] = categories.flatMap((category) =>
  raw[category].map(([query, relevant], index) => ({ category, query, relevant, heldOut: index % 3 === 2 })),
);
