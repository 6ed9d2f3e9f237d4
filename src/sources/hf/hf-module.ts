/** Hugging Face Daily Papers as a source module: its variables, what it can do, and its health. */
import { z } from 'zod';
import { positiveInt, url } from '../../config/env.schema';
import type { SourceModule } from '../source-module';
import { createHfSource } from './hf-source';

const hfEnv = {
  HF_BASE_URL: url('HF_BASE_URL').default('https://huggingface.co'),
  HF_TOKEN: z.string().optional(),
  HF_TIMEOUT_MS: positiveInt.default(15_000),
  HF_RETRY_BUDGET_MS: positiveInt.default(30_000),
};

type HfConfig = z.infer<z.ZodObject<typeof hfEnv>>;

export const hfModule = {
  id: 'huggingface',
  label: 'Hugging Face',
  env: hfEnv,
  secrets: ['HF_TOKEN'],
  capabilities: { days: true, onePaper: true, search: true, trending: true },
  health: {
    check: 'huggingface',
    lastFetchedAt: async (store) => await store.batches.lastFetchedAt(),
    needed: async () => true,
  },
  create(config, { log, metrics, sleep }) {
    const hf = config as HfConfig;
    return createHfSource({
      baseUrl: hf.HF_BASE_URL,
      token: hf.HF_TOKEN,
      timeoutMs: hf.HF_TIMEOUT_MS,
      retryBudgetMs: hf.HF_RETRY_BUDGET_MS,
      log,
      metrics,
      ...(sleep ? { sleep } : {}),
    });
  },
} satisfies SourceModule<typeof hfEnv>;
