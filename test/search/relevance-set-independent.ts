/**
 * The independent labelled set of issue 26 (item 6), built before anyone tuned the search on it.
 *
 * Corpus: test/fixtures/relevance-corpus-independent.json, 236 real papers from fields the other fixtures do
 * not cover (classic NLP, security and privacy, databases, nearest-neighbour search, optimisation,
 * computational science, medical imaging, astronomy and Earth observation, game theory, quantum computing,
 * computational neuroscience, software engineering, distributed systems, formal methods, graphics,
 * interpretability, continual and meta-learning, classic deep RL, tabular ML, statistics and causal
 * inference, plus deep-learning foundations and generative models as confusers). Each has the fields of
 * relevance-corpus-2025.json: its real title, its authors as the paper writes them, its organisation, an
 * abstract faithful to the paper in our own words (80-200 words), AI keywords for about two thirds, a batch
 * day between 2025-06-02 and 2025-07-31 and upvotes. Ids are the papers' arXiv ids where known; papers that
 * are not on arXiv have an invented id of the right shape.
 *
 * Queries: 194, per category: question 18, paraphrase 18, common 16, name 24, organisation 18, acronym 24,
 * typo 22, multi 20, operators 18, offtopic 16. Every label came from reading the corpus, never from any
 * search output: topic labels list every paper a reader would count as a good answer; name, organisation and
 * operator labels were read off the corpus fields (an author however the paper writes the name; a filter's
 * papers; `"a phrase"` as the words in that order; `-word` leaving out papers whose title, abstract or
 * keywords contain the word), and no paraphrase shares a content word (porter stem, stopwords aside) with
 * its papers. Off-topic queries have no good answer (relevant = []).
 *
 * Every second query of each category (index 1, 3, 5, ...) is held out: it was written and labelled with the
 * others, but whoever tunes the search must never look at it, nor at its results, until the tuning is done.
 * `npm run bench:relevance` prints the held-out half only with `--reveal-held-out`.
 */
export type IndependentCategory =
  | 'question'
  | 'paraphrase'
  | 'common'
  | 'name'
  | 'organisation'
  | 'acronym'
  | 'typo'
  | 'multi'
  | 'operators'
  | 'offtopic';

export const independentCategories: IndependentCategory[] = [
  'question',
  'paraphrase',
  'common',
  'name',
  'organisation',
  'acronym',
  'typo',
  'multi',
  'operators',
  'offtopic',
];

export interface IndependentQuery {
  category: IndependentCategory;
  query: string;
  /** Papers of the independent corpus a reader would count as a good answer; empty for off-topic queries. */
  relevant: string[];
  heldOut: boolean;
}

const raw: Record<IndependentCategory, Array<[string, string[]]>> = {
  question: [
    // Membership Inference Attacks against Machine…
    ['how can someone tell whether my record was used to train a model', ['1610.05820']],
    // Deep Learning with Differential Privacy; Communication-Efficient Learning of Deep Networks…
    ['how do I train a neural network without leaking private data', ['1607.00133', '1602.05629']],
    // Why do tree-based models still…; Tabular Data: Deep Learning is…; Revisiting Deep Learning Models for…
    ['why do tree ensembles beat neural networks on tables', ['2207.08815', '2106.03253', '2106.11959']],
    // Efficient and robust approximate nearest…; Product Quantization for Nearest Neighbor…; Billion-scale similarity search with GPUs; +5 more
    [
      'how can I find similar vectors in a billion item collection quickly',
      [
        '1603.09320',
        '1106.2335',
        '1702.08734',
        '2401.08281',
        '1908.10396',
        '1911.75462',
        '0705.1380',
        '1707.00143',
      ],
    ],
    // Physics Informed Deep Learning (Part…; Fourier Neural Operator for Parametric…; DeepONet: Learning nonlinear operators for…; +2 more
    [
      'can neural networks solve partial differential equations',
      ['1711.10561', '2010.08895', '1910.03193', '1707.02568', '2006.09661'],
    ],
    // On the Convergence of Adam…
    ['why does Adam sometimes fail to converge', ['1904.09237']],
    // "Why Should I Trust You?"; A Unified Approach to Interpreting…; Axiomatic Attribution for Deep Networks; +1 more
    [
      'how do you explain a single prediction of a black box classifier',
      ['1602.04938', '1705.07874', '1703.01365', '1610.02391'],
    ],
    // Overcoming catastrophic forgetting in neural…; Learning without Forgetting; iCaRL: Incremental Classifier and Representation…; +3 more
    [
      'how can a network learn a new task without forgetting the old ones',
      ['1612.00796', '1606.09282', '1611.07725', '1706.08840', '1703.04200', '1904.07734'],
    ],
    // 3D Gaussian Splatting for Real-Time…; Instant Neural Graphics Primitives with…
    ['what is the fastest way to render radiance fields in real time', ['2308.04079', '2201.05989']],
    // Dynamo: Amazon's Highly Available Key-value…; Bigtable: A Distributed Storage System…; The Google File System; +2 more
    [
      'how do distributed storage systems stay available when servers fail',
      ['0706.2492', '0707.8203', '0707.9499', '1406.1998', '0707.9177'],
    ],
    // Superhuman AI for heads-up no-limit…; Superhuman AI for multiplayer poker; DeepStack: Expert-Level Artificial Intelligence in…
    ['can a computer beat professional poker players', ['1710.56471', '1911.12119', '1701.01724']],
    // SGDR: Stochastic Gradient Descent with…; Accurate, Large Minibatch SGD; On the importance of initialization…
    ['how should I schedule the learning rate for SGD', ['1608.03983', '1706.02677', '1307.4199']],
    // ChestX-ray8: Hospital-scale Chest X-ray Database…; CheXNet: Radiologist-Level Pneumonia Detection on…
    ['which chest x-ray datasets can I train a diagnosis model on', ['1705.02315', '1711.05225']],
    // Polynomial-Time Algorithms for Prime Factorization…
    ['how would a quantum computer factor large numbers', ['0711.9084']],
    // Random feedback weights support learning…; Backpropagation and the brain; Dendritic cortical microcircuits approximate the…; +1 more
    [
      'how could the brain learn if backpropagation is biologically implausible',
      ['1411.0247', '2001.56882', '1810.11393', '1602.05179'],
    ],
    // Sharpness-Aware Minimization for Efficiently Improving…; ASAM: Adaptive Sharpness-Aware Minimization for…
    ['do flat minima of the loss generalise better', ['2010.01412', '2102.11600']],
    // Distribution-Free Predictive Inference For Regression; A Tutorial on Conformal Prediction
    [
      'how can I get prediction intervals for regression without distributional assumptions',
      ['1604.04173', '0706.3188'],
    ],
    // Sanity Checks for Saliency Maps
    ['how do I check whether a saliency method actually depends on the model', ['1810.03292']],
  ],
  paraphrase: [
    // Efficient Estimation of Word Representations…; Distributed Representations of Words and…; GloVe: Global Vectors for Word…
    ['king minus male plus female', ['1301.3781', '1310.4546', '1408.1683']],
    // Generative Adversarial Nets
    ['a forger and a detective locked in a contest to fool each other', ['1406.2661']],
    // Regression Shrinkage and Selection via…
    ['L1 penalty that picks few predictors', ['0705.7401']],
    // In Search of an Understandable…
    ['keeping machines in agreement, designed to be simple to teach', ['1406.1998']],
    // Marching Cubes
    ['converting stacks of scanner images into polygon meshes', ['0710.5499']],
    // Identifying Exoplanets with Deep Learning
    ['finding alien worlds from starlight dips', ['1712.05044']],
    // Dropout: A Simple Way to…; Improving neural networks by preventing…
    ['silencing another subset of cells at each step to curb memorisation', ['1410.4037', '1207.0580']],
    // Visualizing Data using t-SNE; UMAP: Uniform Manifold Approximation and…
    ['flattening rich feature vectors onto a scatter plot', ['0804.4433', '1802.03426']],
    // A fast quantum mechanical algorithm…
    ['locating a marked entry with fewer lookups using qubits', ['0705.7160']],
    // Polynomial-Time Algorithms for Prime Factorization…
    ['cracking public key encryption with qubits', ['0711.9084']],
    // A Unified Approach to Interpreting…
    ['fair credit per input column borrowed from coalitional bargaining', ['1705.07874']],
    // Unpaired Image-to-Image Translation using Cycle-Consistent…
    ['horse pictures into zebras with no matching counterparts', ['1703.10593']],
    // Communication-Efficient Learning of Deep Networks…; Federated Learning
    [
      'handsets cooperatively fitting a common predictor while personal records remain on them',
      ['1602.05629', '1610.05492'],
    ],
    // Superhuman AI for heads-up no-limit…; Superhuman AI for multiplayer poker; DeepStack: Expert-Level Artificial Intelligence in…
    ['bots that bluff better than card sharks', ['1710.56471', '1911.12119', '1701.01724']],
    // Time, Clocks, and the Ordering…
    [
      'deciding which of two occurrences came first across machines without a common wall timer',
      ['0710.4627'],
    ],
    // BBR: Congestion-Based Congestion Control
    ['throttling uploads by pipe capacity instead of dropped segments', ['1610.97040']],
    // Dermatologist-level classification of skin cancer…
    ['judging moles from snapshots as reliably as specialist physicians', ['1702.88517']],
    // Combining satellite imagery and machine…
    ['gauging how rich villages are from pictures taken from space', ['1605.73978']],
  ],
  common: [
    // Playing Atari with Deep Reinforcement…; Deep Reinforcement Learning with Double…; Asynchronous Methods for Deep Reinforcement…; +12 more
    [
      'reinforcement learning',
      [
        '1312.5602',
        '1509.06461',
        '1602.01783',
        '1707.06347',
        '1502.05477',
        '1509.02971',
        '1801.01290',
        '1710.02298',
        '1511.05952',
        '1506.02438',
        '2005.12729',
        '1711.00832',
        '1702.03037',
        '2004.13332',
        '1704.84575',
      ],
    ],
    // Deep Learning with Differential Privacy; Communication-Efficient Learning of Deep Networks…; Membership Inference Attacks against Machine…; +3 more
    ['privacy', ['1607.00133', '1602.05629', '1610.05820', '2012.07805', '0709.9539', '1702.07476']],
    // U-Net: Convolutional Networks for Biomedical…; nnU-Net: Self-adapting Framework for U-Net-Based…; V-Net: Fully Convolutional Neural Networks…; +4 more
    [
      'segmentation',
      ['1505.04597', '1809.10486', '1606.04797', '1804.03999', '2304.12306', '2102.04306', '2304.02643'],
    ],
    // Attention Is All You Need; Neural Machine Translation by Jointly…; Attention U-Net; +4 more
    [
      'attention',
      ['1706.03762', '1409.0473', '1804.03999', '1611.01734', '1908.07442', '2008.02217', '2102.04306'],
    ],
    // WeatherBench: A benchmark dataset for…; ANN-Benchmarks; SWE-bench: Can Language Models Resolve…; +5 more
    [
      'benchmark',
      [
        '2002.00469',
        '1807.05614',
        '2310.06770',
        '1510.14330',
        '1902.06148',
        '1709.00029',
        '1705.02315',
        '2207.08815',
      ],
    ],
    // Polynomial-Time Algorithms for Prime Factorization…; A fast quantum mechanical algorithm…; A variational eigenvalue solver on…; +10 more
    [
      'quantum',
      [
        '0711.9084',
        '0705.7160',
        '1304.3061',
        '1411.4028',
        '1611.09347',
        '0811.3171',
        '1803.11173',
        '1801.00862',
        '1804.11326',
        '1810.03787',
        '2011.01938',
        '1706.08566',
        '1707.09571',
      ],
    ],
    // Intriguing properties of neural networks; Explaining and Harnessing Adversarial Examples; Towards Deep Learning Models Resistant…; +8 more
    [
      'adversarial',
      [
        '1312.6199',
        '1412.6572',
        '1706.06083',
        '1608.04644',
        '1902.02918',
        '1406.2661',
        '1511.06434',
        '1701.07875',
        '1704.00028',
        '1703.10593',
        '1812.04948',
      ],
    ],
    // Sequence to Sequence Learning with…; Neural Machine Translation by Jointly…; Neural Machine Translation of Rare…; +3 more
    ['translation', ['1409.3215', '1409.0473', '1508.07909', '1706.03762', '0710.4288', '1703.10593']],
    // Adam: A Method for Stochastic…; Decoupled Weight Decay Regularization; Sharpness-Aware Minimization for Efficiently Improving…; +13 more
    [
      'optimizer',
      [
        '1412.6980',
        '1711.05101',
        '2010.01412',
        '2102.11600',
        '1307.4199',
        '1503.05671',
        '1105.5784',
        '1904.09237',
        '1608.03983',
        '1802.09568',
        '1904.00962',
        '1706.02677',
        '0704.6245',
        '1907.08610',
        '1904.03711',
        '1510.14330',
      ],
    ],
    // Overcoming catastrophic forgetting in neural…; Learning without Forgetting; iCaRL: Incremental Classifier and Representation…; +3 more
    ['forgetting', ['1612.00796', '1606.09282', '1611.07725', '1706.08840', '1703.04200', '1904.07734']],
    // Denoising Diffusion Probabilistic Models; Denoising Diffusion Implicit Models
    ['diffusion models', ['2006.11239', '2010.02502']],
    // Superhuman AI for heads-up no-limit…; Superhuman AI for multiplayer poker; DeepStack: Expert-Level Artificial Intelligence in…; +2 more
    ['poker', ['1710.56471', '1911.12119', '1701.01724', '0709.3623', '1711.00832']],
    // NeRF: Representing Scenes as Neural…; 3D Gaussian Splatting for Real-Time…; Instant Neural Graphics Primitives with…; +3 more
    ['rendering', ['2003.08934', '2308.04079', '2201.05989', '0710.8805', '2111.12077', '1809.93978']],
    // In Search of an Understandable…; Paxos Made Simple
    ['consensus', ['1406.1998', '0707.9177']],
    // XGBoost: A Scalable Tree Boosting…; LightGBM: A Highly Efficient Gradient…; CatBoost: unbiased boosting with categorical…; +1 more
    ['boosting', ['1603.02754', '1705.91832', '1706.09516', '0705.9492']],
    // Attention Is All You Need; TransUNet: Transformers Make Strong Encoders…; TabPFN: A Transformer That Solves…; +2 more
    ['transformer', ['1706.03762', '2102.04306', '2207.01848', '2207.08051', '2106.11959']],
  ],
  name: [
    // On the importance of initialization…; Lookahead Optimizer; Backpropagation and the brain; +6 more
    [
      'Geoffrey Hinton',
      [
        '1307.4199',
        '1907.08610',
        '2001.56882',
        '0804.4433',
        '1410.4037',
        '1207.0580',
        '1503.02531',
        '1607.06450',
        '0705.9373',
      ],
    ],
    // On the importance of initialization…; Lookahead Optimizer; Backpropagation and the brain; +6 more
    [
      'Hinton',
      [
        '1307.4199',
        '1907.08610',
        '2001.56882',
        '0804.4433',
        '1410.4037',
        '1207.0580',
        '1503.02531',
        '1607.06450',
        '0705.9373',
      ],
    ],
    // Gradient-Based Learning Applied to Document…; Optimal Brain Damage; Barlow Twins: Self-Supervised Learning via…; +1 more
    ['Y. LeCun', ['0711.4176', '0706.8324', '2103.03230', '1312.6203']],
    // Gradient-Based Learning Applied to Document…; Optimal Brain Damage; Barlow Twins: Self-Supervised Learning via…; +1 more
    ['Yann LeCun', ['0711.4176', '0706.8324', '2103.03230', '1312.6203']],
    // Toward Causal Representation Learning; On Causal and Anticausal Learning
    ['Scholkopf', ['2102.11107', '1206.6471']],
    // Independent component analysis; Noise-contrastive estimation
    ['Aapo Hyvarinen', ['0704.7464', '1008.6617']],
    // Sequence to Sequence Learning with…
    ['Quoc Le', ['1409.3215']],
    // Deep Learning with Differential Privacy; Intriguing properties of neural networks; Explaining and Harnessing Adversarial Examples; +2 more
    ['Ian Goodfellow', ['1607.00133', '1312.6199', '1412.6572', '1810.03292', '1406.2661']],
    // nnU-Net: Self-adapting Framework for U-Net-Based…
    ['Maier-Hein', ['1809.10486']],
    // Gradient Episodic Memory for Continual…
    ['David Lopez-Paz', ['1706.08840']],
    // Efficient Estimation of Word Representations…; Distributed Representations of Words and…; The Case for Learned Index…; +3 more
    ['Jeff Dean', ['1301.3781', '1310.4546', '1712.01208', '0707.8203', '0707.9044', '1503.02531']],
    // Deep Potential Molecular Dynamics; Solving high-dimensional partial differential equations…
    ['Weinan E', ['1707.09571', '1707.02568']],
    // Paxos Made Simple; Time, Clocks, and the Ordering…
    ['Leslie Lamport', ['0707.9177', '0710.4627']],
    // Physics Informed Deep Learning (Part…; DeepONet: Learning nonlinear operators for…
    ['G. E. Karniadakis', ['1711.10561', '1910.03193']],
    // Model-Agnostic Meta-Learning for Fast Adaptation…; Trust Region Policy Optimization; Soft Actor-Critic; +1 more
    ['Sergey Levine', ['1703.03400', '1502.05477', '1801.01290', '1506.02438']],
    // Sanity Checks for Saliency Maps; Interpretability Beyond Feature Attribution; Towards A Rigorous Science of…
    ['Been Kim', ['1810.03292', '1711.11279', '1702.08608']],
    // Regression Shrinkage and Selection via…; Distribution-Free Predictive Inference For Regression
    ['Tibshirani', ['0705.7401', '1604.04173']],
    // Regression Shrinkage and Selection via…
    ['Robert Tibshirani', ['0705.7401']],
    // Product Quantization for Nearest Neighbor…; Billion-scale similarity search with GPUs; The Faiss library
    ['Herve Jegou', ['1106.2335', '1702.08734', '2401.08281']],
    // Random feedback weights support learning…; Backpropagation and the brain; Matching Networks for One Shot…; +2 more
    ['Timothy Lillicrap', ['1411.0247', '2001.56882', '1606.04080', '1602.01783', '1509.02971']],
    // Learned Cardinalities; Semi-Supervised Classification with Graph Convolutional…
    ['Kipf', ['1809.00677', '1609.02907']],
    // GenProg: A Generic Method for…
    ['Claire Le Goues', ['1208.1153']],
    // Adam: A Method for Stochastic…; Lookahead Optimizer; Layer Normalization
    ['Jimmy Ba', ['1412.6980', '1907.08610', '1607.06450']],
    // SatMAE: Pre-training Transformers for Temporal…; Combining satellite imagery and machine…; Denoising Diffusion Implicit Models
    ['Stefano Ermon', ['2207.08051', '1605.73978', '2010.02502']],
  ],
  organisation: [
    // Learning to Simulate Complex Physics…; A Unified Game-Theoretic Approach to…; Multi-agent Reinforcement Learning in Sequential…; +9 more
    [
      'org:deepmind',
      [
        '2002.09405',
        '1711.00832',
        '1702.03037',
        '2001.56882',
        '1612.00796',
        '1606.04080',
        '1312.5602',
        '1509.06461',
        '1602.01783',
        '1509.02971',
        '1710.02298',
        '1511.05952',
      ],
    ],
    // Learning to Simulate Complex Physics…; A Unified Game-Theoretic Approach to…; Multi-agent Reinforcement Learning in Sequential…; +9 more
    [
      'papers from DeepMind',
      [
        '2002.09405',
        '1711.00832',
        '1702.03037',
        '2001.56882',
        '1612.00796',
        '1606.04080',
        '1312.5602',
        '1509.06461',
        '1602.01783',
        '1509.02971',
        '1710.02298',
        '1511.05952',
      ],
    ],
    // GloVe: Global Vectors for Word…; A Fast and Accurate Dependency…; Deep Biaffine Attention for Neural…; +14 more
    [
      'org:stanford',
      [
        '1408.1683',
        '1403.4547',
        '1611.01734',
        '0705.1380',
        '0712.3200',
        '1711.05225',
        '1702.88517',
        '2207.08051',
        '1605.73978',
        '0810.2252',
        '1406.1998',
        '2006.09661',
        '1703.04200',
        '0705.9492',
        '0706.5857',
        '1510.04342',
        '2010.02502',
      ],
    ],
    // GloVe: Global Vectors for Word…; A Fast and Accurate Dependency…; Deep Biaffine Attention for Neural…; +14 more
    [
      'Stanford University',
      [
        '1408.1683',
        '1403.4547',
        '1611.01734',
        '0705.1380',
        '0712.3200',
        '1711.05225',
        '1702.88517',
        '2207.08051',
        '1605.73978',
        '0810.2252',
        '1406.1998',
        '2006.09661',
        '1703.04200',
        '0705.9492',
        '0706.5857',
        '1510.04342',
        '2010.02502',
      ],
    ],
    // Instant Neural Graphics Primitives with…; A Style-Based Generator Architecture for…
    ['org:nvidia', ['2201.05989', '1812.04948']],
    // Product Quantization for Nearest Neighbor…; Formal verification of a realistic…; 3D Gaussian Splatting for Real-Time…; +1 more
    ['org:inria', ['1106.2335', '0903.4502', '2308.04079', '2207.08815']],
    // Calibrating Noise to Sensitivity in…; DiskANN: Fast Accurate Billion-point Nearest…; CodeBERT: A Pre-Trained Model for…; +6 more
    [
      'Microsoft Research',
      [
        '0709.9539',
        '1911.75462',
        '2002.08155',
        '1711.00740',
        '0707.9177',
        '0810.5781',
        '1501.88804',
        '1705.91832',
        '1512.03385',
      ],
    ],
    // Enriching Word Vectors with Subword…; Billion-scale similarity search with GPUs; The Faiss library; +7 more
    [
      'org:facebook',
      [
        '1607.04606',
        '1702.08734',
        '2401.08281',
        '1706.02677',
        '1911.12119',
        '1901.05103',
        '1706.08840',
        '2103.03230',
        '1701.07875',
        '2304.02643',
      ],
    ],
    // Enriching Word Vectors with Subword…; Billion-scale similarity search with GPUs; The Faiss library; +6 more
    [
      'Facebook AI Research',
      [
        '1607.04606',
        '1702.08734',
        '2401.08281',
        '1706.02677',
        '1911.12119',
        '1706.08840',
        '2103.03230',
        '1701.07875',
        '2304.02643',
      ],
    ],
    // Generative Language Modeling for Automated…; On First-Order Meta-Learning Algorithms; Proximal Policy Optimization Algorithms
    ['org:openai', ['2009.03393', '1803.02999', '1707.06347']],
    // A Quantum Approximate Optimization Algorithm; Quantum algorithm for solving linear…
    ['org:mit quantum', ['1411.4028', '0811.3171']],
    // A Unified Game-Theoretic Approach to…; Multi-agent Reinforcement Learning in Sequential…; Playing Atari with Deep Reinforcement…; +5 more
    [
      'DeepMind reinforcement learning',
      [
        '1711.00832',
        '1702.03037',
        '1312.5602',
        '1509.06461',
        '1602.01783',
        '1509.02971',
        '1710.02298',
        '1511.05952',
      ],
    ],
    // CatBoost: unbiased boosting with categorical…; Revisiting Deep Learning Models for…
    ['org:yandex', ['1706.09516', '2106.11959']],
    // Neural Architectures for Named Entity…; Certified Adversarial Robustness via Randomized…; CMU DeepLens: deep learning for…; +5 more
    [
      'org:"Carnegie Mellon University"',
      [
        '1603.01360',
        '1902.02918',
        '1703.02642',
        '1710.56471',
        '1411.8168',
        '0708.3396',
        '0709.1898',
        '1604.04173',
      ],
    ],
    // On the importance of initialization…; Optimizing Neural Networks with Kronecker-factored…; Lookahead Optimizer
    ['University of Toronto optimization', ['1307.4199', '1503.05671', '1907.08610']],
    // Learned Cardinalities; How Good Are Query Optimizers,…
    ['org:tum query optimization', ['1809.00677', '1510.14330']],
    // Towards Evaluating the Robustness of…; Resilient Distributed Datasets; Adaptive Subgradient Methods for Online…; +9 more
    [
      'UC Berkeley',
      [
        '1608.04644',
        '1212.8807',
        '1105.5784',
        '0707.3284',
        '2003.08934',
        '1703.03400',
        '1502.05477',
        '1801.01290',
        '1506.02438',
        '0711.7599',
        '1703.10593',
        '2006.11239',
      ],
    ],
    // Decoupled Weight Decay Regularization; SGDR: Stochastic Gradient Descent with…; U-Net: Convolutional Networks for Biomedical…; +1 more
    ['org:freiburg', ['1711.05101', '1608.03983', '1505.04597', '2207.01848']],
  ],
  acronym: [
    // Denoising Diffusion Probabilistic Models; Denoising Diffusion Implicit Models
    ['DDPM', ['2006.11239', '2010.02502']],
    // Physics Informed Deep Learning (Part…
    ['PINN', ['1711.10561']],
    // Fourier Neural Operator for Parametric…
    ['FNO', ['2010.08895']],
    // Efficient and robust approximate nearest…
    ['HNSW', ['1603.09320']],
    // Overcoming catastrophic forgetting in neural…
    ['EWC', ['1612.00796']],
    // Model-Agnostic Meta-Learning for Fast Adaptation…; On First-Order Meta-Learning Algorithms
    ['MAML', ['1703.03400', '1803.02999']],
    // Sharpness-Aware Minimization for Efficiently Improving…; ASAM: Adaptive Sharpness-Aware Minimization for…
    ['SAM optimizer', ['2010.01412', '2102.11600']],
    // Segment Anything; Segment Anything in Medical Images
    ['SAM segmentation', ['2304.02643', '2304.12306']],
    // Neural Machine Translation of Rare…
    ['BPE tokenization', ['1508.07909']],
    // A Unified Approach to Interpreting…
    ['SHAP values', ['1705.07874']],
    // Playing Atari with Deep Reinforcement…; Deep Reinforcement Learning with Double…; Rainbow: Combining Improvements in Deep…; +1 more
    ['DQN', ['1312.5602', '1509.06461', '1710.02298', '1511.05952']],
    // Asynchronous Methods for Deep Reinforcement…
    ['A3C', ['1602.01783']],
    // Proximal Policy Optimization Algorithms; Implementation Matters in Deep Policy…
    ['PPO', ['1707.06347', '2005.12729']],
    // Trust Region Policy Optimization; Implementation Matters in Deep Policy…
    ['TRPO', ['1502.05477', '2005.12729']],
    // Generative Adversarial Nets; Unsupervised Representation Learning with Deep…; Wasserstein GAN; +3 more
    ['GAN', ['1406.2661', '1511.06434', '1701.07875', '1704.00028', '1703.10593', '1812.04948']],
    // Quantum Computing in the NISQ…; Barren plateaus in quantum neural…
    ['NISQ', ['1801.00862', '1803.11173']],
    // A variational eigenvalue solver on…
    ['VQE', ['1304.3061']],
    // Z3: An Efficient SMT Solver
    ['SMT solver', ['0810.5781']],
    // Graph-Based Algorithms for Boolean Function…; Symbolic Model Checking without BDDs
    ['BDD', ['0709.1898', '0708.3396']],
    // Similarity Search in High Dimensions…; Approximate Nearest Neighbors
    ['LSH', ['0705.1380', '0712.3200']],
    // Accelerating Large-Scale Inference with Anisotropic…
    ['MIPS', ['1908.10396']],
    // XGBoost: A Scalable Tree Boosting…; LightGBM: A Highly Efficient Gradient…; CatBoost: unbiased boosting with categorical…; +1 more
    ['GBDT', ['1603.02754', '1705.91832', '1706.09516', '0705.9492']],
    // Independent component analysis
    ['ICA', ['0704.7464']],
    // A Quantum Approximate Optimization Algorithm
    ['QAOA', ['1411.4028']],
  ],
  typo: [
    // Visualizing Data using t-SNE
    ['tsne visualisation', ['0804.4433']],
    // NeRF: Representing Scenes as Neural…; Mip-NeRF 360: Unbounded Anti-Aliased Neural…
    ['nueral radiance fields', ['2003.08934', '2111.12077']],
    // Learning representations by back-propagating errors; Backpropagation and the brain; Dendritic cortical microcircuits approximate the…; +2 more
    ['back propagation', ['0705.9373', '2001.56882', '1810.11393', '1411.0247', '1602.05179']],
    // Playing Atari with Deep Reinforcement…; Deep Reinforcement Learning with Double…; Asynchronous Methods for Deep Reinforcement…; +12 more
    [
      'reinforcment learning',
      [
        '1312.5602',
        '1509.06461',
        '1602.01783',
        '1707.06347',
        '1502.05477',
        '1509.02971',
        '1801.01290',
        '1710.02298',
        '1511.05952',
        '1506.02438',
        '2005.12729',
        '1711.00832',
        '1702.03037',
        '2004.13332',
        '1704.84575',
      ],
    ],
    // Intriguing properties of neural networks; Explaining and Harnessing Adversarial Examples; Towards Deep Learning Models Resistant…; +2 more
    ['adverserial examples', ['1312.6199', '1412.6572', '1706.06083', '1608.04644', '1902.02918']],
    // Deep Learning with Differential Privacy; Calibrating Noise to Sensitivity in…; Rényi Differential Privacy
    ['differental privacy', ['1607.00133', '0709.9539', '1702.07476']],
    // 3D Gaussian Splatting for Real-Time…
    ['gausian splatting', ['2308.04079']],
    // Communication-Efficient Learning of Deep Networks…; Federated Learning
    ['federeated learning', ['1602.05629', '1610.05492']],
    // XGBoost: A Scalable Tree Boosting…
    ['XG Boost', ['1603.02754']],
    // LightGBM: A Highly Efficient Gradient…
    ['light gbm', ['1705.91832']],
    // Enriching Word Vectors with Subword…
    ['fast text word vectors', ['1607.04606']],
    // Overcoming catastrophic forgetting in neural…; Learning without Forgetting; iCaRL: Incremental Classifier and Representation…; +3 more
    [
      'catastrophic forgeting',
      ['1612.00796', '1606.09282', '1611.07725', '1706.08840', '1703.04200', '1904.07734'],
    ],
    // Distilling the Knowledge in a…
    ['knowlege distillation', ['1503.02531']],
    // Attention Is All You Need; TransUNet: Transformers Make Strong Encoders…; TabPFN: A Transformer That Solves…; +2 more
    ['transfomer', ['1706.03762', '2102.04306', '2207.01848', '2207.08051', '2106.11959']],
    // Efficient and robust approximate nearest…; Product Quantization for Nearest Neighbor…; Billion-scale similarity search with GPUs; +7 more
    [
      'aproximate nearest neighbour search',
      [
        '1603.09320',
        '1106.2335',
        '1702.08734',
        '2401.08281',
        '1908.10396',
        '1911.75462',
        '0705.1380',
        '0712.3200',
        '1807.05614',
        '1707.00143',
      ],
    ],
    // Deep Inside Convolutional Networks; Sanity Checks for Saliency Maps
    ['saliancy maps', ['1312.6034', '1810.03292']],
    // Differentiable Monte Carlo Ray Tracing…
    ['differentiable raytracing', ['1809.93978']],
    // Neo: A Learned Query Optimizer; How Good Are Query Optimizers,…; Learned Cardinalities
    ['data base query optimiser', ['1904.03711', '1510.14330', '1809.00677']],
    // Physics Informed Deep Learning (Part…
    ['Schrodinger equation neural network', ['1711.10561']],
    // Barlow Twins: Self-Supervised Learning via…; SatMAE: Pre-training Transformers for Temporal…; TabNet: Attentive Interpretable Tabular Learning
    ['selfsupervised learning', ['2103.03230', '2207.08051', '1908.07442']],
    // Model-Agnostic Meta-Learning for Fast Adaptation…; On First-Order Meta-Learning Algorithms
    ['metalearning', ['1703.03400', '1803.02999']],
    // UMAP: Uniform Manifold Approximation and…; Visualizing Data using t-SNE
    ['dimensionality reducton', ['1802.03426', '0804.4433']],
  ],
  multi: [
    // Deep Learning with Differential Privacy
    ['differential privacy deep learning', ['1607.00133']],
    // E(3)-Equivariant Graph Neural Networks for…
    ['equivariant graph neural network interatomic potentials', ['2101.03164']],
    // Neural Adaptive Video Streaming with…
    ['reinforcement learning video streaming', ['1704.84575']],
    // The AI Economist
    ['reinforcement learning tax policy', ['2004.13332']],
    // TransUNet: Transformers Make Strong Encoders…
    ['transformer medical image segmentation', ['2102.04306']],
    // Optimal Auctions through Deep Learning
    ['deep learning auctions revenue', ['1706.03459']],
    // Combining satellite imagery and machine…
    ['satellite imagery poverty', ['1605.73978']],
    // SatMAE: Pre-training Transformers for Temporal…
    ['self-supervised pretraining multi-spectral satellite', ['2207.08051']],
    // Supervised learning with quantum enhanced…
    ['quantum kernel support vector machine', ['1804.11326']],
    // The Case for Learned Index…
    ['learned index B-tree', ['1712.01208']],
    // Learned Cardinalities
    ['cardinality estimation deep learning joins', ['1809.00677']],
    // Coverage-based Greybox Fuzzing as Markov…
    ['fuzzing Markov chain', ['1606.49511']],
    // Generative Language Modeling for Automated…
    ['language models theorem proving', ['2009.03393']],
    // Certified Adversarial Robustness via Randomized…
    ['certified robustness Gaussian noise', ['1902.02918']],
    // Billion-scale similarity search with GPUs
    ['GPU similarity search billion vectors', ['1702.08734']],
    // Rotation-invariant convolutional neural networks for…; CMU DeepLens: deep learning for…
    ['neural networks galaxy images', ['1503.07077', '1703.02642']],
    // Model-Agnostic Meta-Learning for Fast Adaptation…
    ['meta-learning reinforcement learning few-shot', ['1703.03400']],
    // ASAM: Adaptive Sharpness-Aware Minimization for…
    ['sharpness generalization scale invariant', ['2102.11600']],
    // Large Batch Optimization for Deep…
    ['large batch BERT layerwise learning rates', ['1904.00962']],
    // Surrogate Gradient Learning in Spiking…
    ['spiking neural networks neuromorphic gradients', ['1901.09948']],
  ],
  operators: [
    // Semi-Supervised Classification with Graph Convolutional…
    ['"graph convolutional"', ['1609.02907']],
    // Explaining and Harnessing Adversarial Examples; Towards Deep Learning Models Resistant…; Towards Evaluating the Robustness of…
    ['"adversarial examples" -rendering', ['1412.6572', '1706.06083', '1608.04644']],
    // On the importance of initialization…; Lookahead Optimizer; Backpropagation and the brain; +4 more
    [
      'author:Hinton -dropout',
      ['1307.4199', '1907.08610', '2001.56882', '0804.4433', '1503.02531', '1607.06450', '0705.9373'],
    ],
    // Sequence to Sequence Learning with…
    ['author:"Quoc Le"', ['1409.3215']],
    // Learning to Simulate Complex Physics…; A Unified Game-Theoretic Approach to…; Multi-agent Reinforcement Learning in Sequential…; +3 more
    [
      'org:deepmind -atari',
      ['2002.09405', '1711.00832', '1702.03037', '2001.56882', '1606.04080', '1509.02971'],
    ],
    // Trust Region Policy Optimization; Soft Actor-Critic
    ['upvotes:>50 reinforcement learning', ['1502.05477', '1801.01290']],
    // Adam: A Method for Stochastic…
    ['1412.6980', ['1412.6980']],
    // Attention Is All You Need
    ['https://arxiv.org/abs/1706.03762', ['1706.03762']],
    // NeRF: Representing Scenes as Neural…; Instant Neural Graphics Primitives with…; Mip-NeRF 360: Unbounded Anti-Aliased Neural…
    ['"neural radiance fields" -gaussian', ['2003.08934', '2201.05989', '2111.12077']],
    // Sharpness-Aware Minimization for Efficiently Improving…
    ['arxiv.org/abs/2010.01412v2', ['2010.01412']],
    // Neural Machine Translation by Jointly…
    ['author:"Yoshua Bengio" attention', ['1409.0473']],
    // Instant Neural Graphics Primitives with…
    ['org:nvidia -faces', ['2201.05989']],
    // Sharpness-Aware Minimization for Efficiently Improving…; ASAM: Adaptive Sharpness-Aware Minimization for…
    ['"sharpness-aware minimization"', ['2010.01412', '2102.11600']],
    // BBR: Congestion-Based Congestion Control
    ['upvotes:>200 -poker', ['1610.97040']],
    // Product Quantization for Nearest Neighbor…; The Faiss library
    ['author:"Hervé Jégou" -GPU', ['1106.2335', '2401.08281']],
    // Trust Region Policy Optimization
    ['"policy optimization" -proximal', ['1502.05477']],
    // A Fast and Accurate Dependency…; Deep Biaffine Attention for Neural…; Continual Learning Through Synaptic Intelligence
    ['org:stanford upvotes:>40', ['1403.4547', '1611.01734', '1703.04200']],
    // Efficient and robust approximate nearest…
    ['https://huggingface.co/papers/1603.09320', ['1603.09320']],
  ],
  offtopic: [
    // (no good answer)
    ['sourdough bread fermentation', []],
    // (no good answer)
    ['football transfer market', []],
    // (no good answer)
    ['knitting patterns for beginners', []],
    // (no good answer)
    ['autonomous driving lidar point clouds', []],
    // (no good answer)
    ['protein structure prediction', []],
    // (no good answer)
    ['speech emotion recognition', []],
    // (no good answer)
    ['recommender systems collaborative filtering', []],
    // (no good answer)
    ['music generation', []],
    // (no good answer)
    ['wine tasting notes', []],
    // (no good answer)
    ['stock market crash prediction', []],
    // (no good answer)
    ['medieval manuscripts', []],
    // (no good answer)
    ['sign language recognition', []],
    // (no good answer)
    ['crop yield forecasting', []],
    // (no good answer)
    ['wildlife camera traps', []],
    // (no good answer)
    ['jailbreaking chatbots with prompts', []],
    // (no good answer)
    ['tax evasion detection', []],
  ],
};

export const relevanceSetIndependent: IndependentQuery[] = independentCategories.flatMap((category) =>
  raw[category].map(([query, relevant], index) => ({ category, query, relevant, heldOut: index % 2 === 1 })),
);
