import type { Logger } from 'pino';
import { z } from 'zod';
import { PaperboyError } from '../../errors';
import type { Paper } from '../../papers/paper';
import { fetchJson } from '../http/fetch-json';
import type { DayBatch, PaperSource } from '../paper-source';
import { normalizeHfDailyItem, normalizeHfPaper } from './hf-normalize';
import { hfDailyItemSchema, hfPaperSchema } from './hf-schemas';

export interface HfSourceOptions {
  baseUrl: string;
  token?: string | undefined;
  timeoutMs: number;
  retryBudgetMs: number;
  log: Logger;
  sleep?: (ms: number) => Promise<void>;
  pageSize?: number;
  /** Safety stop for a misbehaving server that never returns a short page. */
  maxPages?: number;
}

/** The Hugging Face Daily Papers API as a PaperSource. */
export function createHfSource(options: HfSourceOptions): PaperSource {
  const log = options.log.child({ source: 'huggingface' });
  const pageSize = options.pageSize ?? 100;
  const maxPages = options.maxPages ?? 50;
  const request = (path: string) =>
    fetchJson(`${options.baseUrl}${path}`, {
      timeoutMs: options.timeoutMs,
      retryBudgetMs: options.retryBudgetMs,
      headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
      log,
      settingName: 'HF_BASE_URL',
      ...(options.sleep ? { sleep: options.sleep } : {}),
    });

  async function fetchDay(day: string): Promise<DayBatch> {
    const papers = new Map<string, Paper>();
    let skipped = 0;
    for (let page = 0; page < maxPages; page++) {
      const result = await request(`/api/daily_papers?date=${day}&limit=${pageSize}&p=${page}`);
      if (result.status === 'not_found') break;
      if (!Array.isArray(result.body)) {
        throw new PaperboyError('source_bad_response', `daily_papers for ${day} did not return a list`);
      }
      result.body.forEach((raw, index) => {
        const parsed = hfDailyItemSchema.safeParse(raw);
        if (!parsed.success) {
          skipped++;
          log.warn(
            { day, page, position: index, issues: z.prettifyError(parsed.error) },
            'skipped an invalid item',
          );
          return;
        }
        const paper = normalizeHfDailyItem(parsed.data, options.baseUrl, day);
        papers.set(paper.id, paper);
      });
      if (result.body.length < pageSize) break;
    }
    return { day, papers: [...papers.values()], skipped };
  }

  async function fetchPaper(id: string): Promise<Paper | null> {
    const result = await request(`/api/papers/${encodeURIComponent(id)}`);
    if (result.status === 'not_found') return null;
    const parsed = hfPaperSchema.safeParse(result.body);
    if (!parsed.success) {
      throw new PaperboyError('source_bad_response', `papers/${id} returned an unexpected shape`);
    }
    return normalizeHfPaper(parsed.data, options.baseUrl);
  }

  return { name: 'huggingface', fetchDay, fetchPaper };
}
