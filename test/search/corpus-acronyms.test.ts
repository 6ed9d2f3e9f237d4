import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mineAcronyms } from '../../src/search/acronym-mining';
import { oct25Batch, variant } from '../support/fixtures';
import { startTestCore, type TestCore } from '../support/test-core';

const mined = (text: string) =>
  mineAcronyms(text).map((found) => `${found.acronym}=${found.words.join(' ')}`);

describe('acronyms mined from the papers (Schwartz–Hearst)', () => {
  it('finds "long form (SHORT)", plurals, mixed case, hyphens and inner letters', () => {
    expect(mined('We propose Low-Rank Adaptation (LoRA), which freezes the weights.')).toEqual([
      'lora=low rank adaptation',
    ]);
    expect(mined('Large language models (LLMs) are few-shot learners.')).toEqual([
      'llm=large language models',
    ]);
    expect(mined('We visualise with t-distributed stochastic neighbor embedding (t-SNE).')).toEqual([
      'tsne=t distributed stochastic neighbor embedding',
    ]);
    expect(
      mined('the Fourier neural operator (FNO) learns maps; a physics-informed neural network (PINN) too'),
    ).toEqual(['fno=fourier neural operator', 'pinn=physics informed neural network']);
  });

  it('prefers the long form whose words start with the letters over the shortest letter match', () => {
    expect(mined('We train with proximal policy optimization (PPO) on every task.')).toEqual([
      'ppo=proximal policy optimization',
    ]);
    expect(mined('A sparse mixture of experts (MoE) routes tokens.')).toEqual(['moe=mixture of experts']);
    // A letter that starts no word (the i of Bi): the letter-by-letter match reads it.
    expect(mined('a bidirectional long short-term memory (BiLSTM) tagger')).toEqual([
      'bilstm=bidirectional long short term memory',
    ]);
  });

  it('takes no parenthesis that is not a definition', () => {
    expect(mined('accuracy improves (Table 3) over the baseline (see Section 4)')).toEqual([]);
    expect(mined('results on ImageNet (IN) are strong')).toEqual([]);
    expect(mined('we use a model (GPT) for everything')).toEqual([]);
  });
});

describe('search with the acronyms the stored papers define', () => {
  let t: TestCore;
  beforeEach(async () => {
    t = await startTestCore({ now: '2024-10-29T09:00:00Z' });
  });
  afterEach(async () => await t.close());

  const base = () => {
    const item = oct25Batch()[0];
    if (!item) throw new Error('fixture missing');
    return item;
  };
  const ids = async (text: string) =>
    (await t.core.search.search({ text, limit: 5 })).hits.map((hit) => hit.paper.id);

  it('expands an acronym to the long forms the papers define at sync time, ranked by the other words', async () => {
    t.hf.setDay('2024-10-28', [
      variant(base(), {
        id: '2010.01412',
        title: 'Sharpness-Aware Minimization for Efficiently Improving Generalization',
        summary:
          'We introduce Sharpness-Aware Minimization (SAM), an optimizer that seeks parameters in flat neighbourhoods of the loss.',
      }),
      variant(base(), {
        id: '2304.02643',
        title: 'Segment Anything',
        summary:
          'The Segment Anything Model (SAM) segments any object in an image from a prompt, trained on a billion masks.',
        upvotes: 500,
      }),
      variant(base(), {
        id: '2006.11239',
        title: 'Denoising Diffusion Probabilistic Models',
        summary:
          'High quality image synthesis with diffusion probabilistic models, a class of latent variable models.',
      }),
      variant(base(), {
        id: '2105.05233',
        title: 'Diffusion Models Beat GANs on Image Synthesis',
        summary:
          'Denoising diffusion probabilistic models (DDPM) with classifier guidance beat generative adversarial networks on image synthesis.',
      }),
    ]);
    expect(await ids('ddpm')).toEqual([]);
    await t.core.sync.syncDay('2024-10-28');
    // The paper that never writes "DDPM" is found by the long form another paper defines.
    expect(await ids('ddpm')).toEqual(expect.arrayContaining(['2006.11239', '2105.05233']));
    expect((await ids('SAM optimizer'))[0]).toBe('2010.01412');
    expect((await ids('SAM image segmentation'))[0]).toBe('2304.02643');
    // A long form typed finds the papers writing only the acronym, and the acronym is never "corrected".
    const result = await t.core.search.search({ text: 'ddpms', limit: 5 });
    expect(result.replaced).toEqual([]);
  });
});
