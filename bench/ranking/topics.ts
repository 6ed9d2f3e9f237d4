/**
 * Research topics of the Hugging Face Daily Papers, each as the phrases, tasks, benchmarks and labs its
 * papers use. The phrases are taken from real Daily Papers titles and abstracts (the 2024-10-25 batch in
 * test/fixtures and typical listings around it); the corpus generator writes papers from them.
 */
export interface Topic {
  id: string;
  /** Multi-word terms that name the field: AI keywords and title material. */
  phrases: string[];
  /** Problems papers of the field set out to solve ("long-horizon manipulation"). */
  problems: string[];
  /** Benchmarks and datasets the field reports on. */
  benchmarks: string[];
  /** Where papers of the field often come from (HF organisation names). */
  organizations: string[];
  /** How popular the field is on Daily Papers: a multiplier on upvotes. */
  popularity: number;
}

export const topics: Topic[] = [
  {
    id: 'llm-reasoning',
    phrases: [
      'chain-of-thought reasoning',
      'mathematical reasoning',
      'large language models',
      'test-time compute',
      'process reward models',
      'self-consistency',
      'reasoning traces',
      'question synthesis',
    ],
    problems: [
      'multi-step arithmetic',
      'competition mathematics',
      'verifying intermediate steps',
      'scaling inference-time search',
    ],
    benchmarks: ['GSM8K', 'MATH', 'AIME 2024', 'OlympiadBench'],
    organizations: ['deepseek-ai', 'Qwen', 'openai'],
    popularity: 1.6,
  },
  {
    id: 'diffusion-images',
    phrases: [
      'text-to-image diffusion',
      'diffusion models',
      'consistency models',
      'latent diffusion',
      'classifier-free guidance',
      'image editing',
      'few-step sampling',
    ],
    problems: [
      'faithful prompt following',
      'training-free image editing',
      'distilling samplers into few steps',
      'controllable generation',
    ],
    benchmarks: ['COCO-30K', 'GenEval', 'DrawBench', 'ImageNet 256x256'],
    organizations: ['stabilityai', 'black-forest-labs', 'nvidia'],
    popularity: 1.3,
  },
  {
    id: 'video-generation',
    phrases: [
      'video generation',
      'video diffusion transformers',
      'frame interpolation',
      'motion generation',
      'temporal consistency',
      'image-to-video',
    ],
    problems: [
      'long video synthesis',
      'camera control',
      'coherent motion across frames',
      'interactive frame interpolation',
    ],
    benchmarks: ['VBench', 'UCF-101', 'DAVIS', 'WebVid-10M'],
    organizations: ['tencent', 'alibaba-damo', 'Kwai-Kolors'],
    popularity: 1.4,
  },
  {
    id: 'robot-learning',
    phrases: [
      'robotic manipulation',
      'imitation learning',
      'vision-language-action models',
      'policy learning',
      'sim-to-real transfer',
      'dexterous grasping',
    ],
    problems: [
      'long-horizon manipulation',
      'generalising to unseen objects',
      'data scaling for robot policies',
      'learning from teleoperation',
    ],
    benchmarks: ['LIBERO', 'RLBench', 'Open X-Embodiment', 'CALVIN'],
    organizations: ['stanford', 'physical-intelligence', 'nvidia'],
    popularity: 0.9,
  },
  {
    id: 'speech-audio',
    phrases: [
      'speech recognition',
      'text-to-speech',
      'audio language models',
      'speech tokenizers',
      'voice cloning',
      'spoken dialogue',
    ],
    problems: [
      'low-resource languages',
      'zero-shot voice cloning',
      'streaming speech synthesis',
      'full-duplex conversation',
    ],
    benchmarks: ['LibriSpeech', 'Common Voice', 'VCTK', 'AudioCaps'],
    organizations: ['openai', 'microsoft', 'FunAudioLLM'],
    popularity: 0.8,
  },
  {
    id: 'code-agents',
    phrases: [
      'code generation',
      'software engineering agents',
      'repository-level code',
      'program repair',
      'front-end development',
      'unit test generation',
    ],
    problems: [
      'resolving GitHub issues',
      'translating designs to HTML and CSS',
      'long-context code completion',
      'executing and verifying code',
    ],
    benchmarks: ['SWE-bench', 'HumanEval', 'LiveCodeBench', 'MBPP'],
    organizations: ['bigcode', 'microsoft', 'Salesforce'],
    popularity: 1.2,
  },
  {
    id: 'multimodal-llm',
    phrases: [
      'multimodal large language models',
      'vision-language models',
      'visual instruction tuning',
      'chart reasoning',
      'visual question answering',
      'image captioning',
    ],
    problems: [
      'grounding answers in images',
      'reading charts and documents',
      'efficient vision-language fusion',
      'hallucinated objects',
    ],
    benchmarks: ['MMMU', 'ChartQA', 'MMBench', 'DocVQA'],
    organizations: ['OpenGVLab', 'llava-hf', 'Qwen'],
    popularity: 1.3,
  },
  {
    id: 'efficient-inference',
    phrases: [
      'speculative decoding',
      'model quantization',
      'KV cache compression',
      'sparse attention',
      'state space models',
      'efficient inference',
    ],
    problems: [
      'memory-bound decoding',
      'serving long contexts',
      'low-bit weights without accuracy loss',
      'linear-time sequence modelling',
    ],
    benchmarks: ['LongBench', 'WikiText-2', 'MT-Bench', 'RULER'],
    organizations: ['nvidia', 'mit-han-lab', 'togethercomputer'],
    popularity: 1.0,
  },
  {
    id: 'alignment-safety',
    phrases: [
      'reward modeling',
      'preference optimization',
      'RLHF',
      'jailbreak attacks',
      'safety alignment',
      'knowledge editing',
      'hallucination mitigation',
    ],
    problems: [
      'reward hacking',
      'over-refusal',
      'correcting factual errors',
      'robustness to adversarial prompts',
    ],
    benchmarks: ['RewardBench', 'HarmBench', 'TruthfulQA', 'AlpacaEval 2'],
    organizations: ['allenai', 'anthropic', 'Skywork'],
    popularity: 1.1,
  },
  {
    id: '3d-vision',
    phrases: [
      '3D Gaussian splatting',
      'neural radiance fields',
      'novel view synthesis',
      '3D reconstruction',
      'text-to-3D generation',
      'scene understanding',
    ],
    problems: [
      'reconstruction from sparse views',
      'real-time rendering',
      'dynamic scenes',
      'generating textured meshes',
    ],
    benchmarks: ['ScanNet', 'Mip-NeRF 360', 'Objaverse', 'DTU'],
    organizations: ['google', 'meta', 'shanghai-ai-lab'],
    popularity: 1.0,
  },
  {
    id: 'medical-ai',
    phrases: [
      'medical imaging',
      'clinical language models',
      'radiology report generation',
      'pathology foundation models',
      'medical question answering',
      'electronic health records',
    ],
    problems: [
      'trustworthy diagnosis',
      'scarce labelled scans',
      'privacy of patient data',
      'generalising across hospitals',
    ],
    benchmarks: ['MedQA', 'MIMIC-CXR', 'PubMedQA', 'CheXpert'],
    organizations: ['microsoft', 'google', 'stanford'],
    popularity: 0.6,
  },
  {
    id: 'pretraining-data',
    phrases: [
      'pre-training data',
      'data selection',
      'scaling laws',
      'synthetic data',
      'data curation',
      'tokenization',
    ],
    problems: [
      'filtering web-scale corpora',
      'compute-optimal training',
      'deduplication',
      'multilingual coverage',
    ],
    benchmarks: ['FineWeb', 'The Pile', 'MMLU', 'C4'],
    organizations: ['HuggingFaceFW', 'allenai', 'BAAI'],
    popularity: 1.0,
  },
];

/** Sentences any machine-learning abstract may use, with slots for the paper's own terms. */
export const openings = [
  '{phrase} have shown remarkable progress, yet {problem} remains an open challenge.',
  'Recent advances in {phrase} have transformed the field, but {problem} is still poorly understood.',
  'Despite rapid progress in {phrase}, existing methods struggle with {problem}.',
  '{problem} is a central problem for {phrase}.',
];
export const contributions = [
  'In this work, we introduce {name}, a {adjective} framework for {phrase2} that addresses {problem}.',
  'We propose {name}, which combines {phrase2} with {phrase3} to tackle {problem}.',
  'To this end, we present {name}, a simple and {adjective} approach based on {phrase2}.',
  'We introduce {name}, a benchmark and training recipe for {phrase2}.',
];
export const methods = [
  'Our key insight is that {phrase3} can be learned from {phrase2} without additional supervision.',
  'The method relies on a {adjective} objective that aligns {phrase2} and {phrase3}.',
  'We further design a data pipeline that scales {phrase3} to millions of examples.',
  'A lightweight module injects {phrase3} into the backbone at negligible cost.',
];
export const results = [
  'Extensive experiments on {benchmark} and {benchmark2} show that {name} outperforms strong baselines by a large margin.',
  '{name} achieves state-of-the-art results on {benchmark}, improving over prior work by {gain} points.',
  'On {benchmark}, our approach matches much larger models while using {ratio}x less compute.',
  'Human evaluations and results on {benchmark2} confirm the gains.',
];
export const closings = [
  'Code, models and data are publicly available.',
  'We release our code and checkpoints to facilitate future research.',
  'Our findings shed light on the design space of {phrase}.',
  '',
];
export const adjectives = [
  'scalable',
  'efficient',
  'unified',
  'training-free',
  'robust',
  'general',
  'lightweight',
  'modular',
];
export const titlePatterns = [
  '{name}: {Phrase2} for {Problem}',
  '{name}: Towards {Adjective} {Phrase}',
  'Scaling {Phrase2} with {Phrase3}',
  'Rethinking {Phrase} for {Problem}',
  'Can {Phrase} Solve {Problem}?',
  '{name}: A Benchmark for {Phrase2}',
  'Improving {Phrase} via {Phrase3}',
];
