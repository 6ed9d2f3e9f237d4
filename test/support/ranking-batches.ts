/**
 * The team-ranking scenario shared by the contract and composition-root tests: a channel flags seven papers
 * of the real 2024-10-25 batch about language models; Monday's batch (made from the real fixture) has two
 * low-voted papers on that interest and three popular ones on others.
 */
import { oct25Batch, variant } from './fixtures';

export const flaggedOct25 = [
  '2410.16251',
  '2410.18533',
  '2410.18693',
  '2410.18745',
  '2410.18451',
  '2410.15999',
  '2410.18860',
];

export const MONDAY = {
  editing: {
    id: '2410.99001',
    title: 'Locate and Edit: Knowledge Editing for Large Language Models without Hallucinations',
  },
  decoding: {
    id: '2410.99002',
    title: 'Contrastive Decoding Mitigates Hallucinations in Large Language Models',
  },
  video: { id: '2410.99003', title: 'WorldReel: Scalable Video Diffusion for Open Game Worlds' },
  robots: { id: '2410.99004', title: 'Humanoid Locomotion Policies Learned from Internet Video' },
  splats: { id: '2410.99005', title: 'Real-Time Gaussian Splatting on Mobile Phones' },
};

export function mondayBatch() {
  const [base] = oct25Batch();
  if (!base) throw new Error('fixture missing');
  const make = (paper: { id: string; title: string }, upvotes: number, summary: string) =>
    variant(base, { ...paper, upvotes, summary });
  return [
    make(
      MONDAY.editing,
      3,
      'Knowledge editing promises to correct hallucinations of large language models. We locate the factual knowledge in LLMs and edit it, and evaluate whether edited language models really stop hallucinating on a benchmark of real-world hallucinations.',
    ),
    make(
      MONDAY.decoding,
      2,
      'Large language models hallucinate. We contrast retrieval heads during decoding to mitigate hallucinations, improving factuality of LLMs on long-context question answering and knowledge-intensive tasks.',
    ),
    make(
      MONDAY.video,
      80,
      'We scale video diffusion transformers to generate interactive open game worlds with consistent characters and camera control.',
    ),
    make(
      MONDAY.robots,
      60,
      'Humanoid robots learn locomotion policies from internet video with a motion retargeting pipeline and sim-to-real transfer.',
    ),
    make(
      MONDAY.splats,
      50,
      'We render 3D Gaussian splatting scenes in real time on mobile phones by pruning and quantising the Gaussians.',
    ),
  ];
}
