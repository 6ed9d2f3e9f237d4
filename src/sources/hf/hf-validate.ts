/**
 * The edge where Hugging Face items are checked before anything else sees them: the id must be an arXiv
 * id (new style `2410.17243` or old style `cs/0112017`, optionally versioned), the title must not be empty,
 * and the schema's required fields must be there. Every other part of paperboy builds links from the
 * canonical id this returns, never from what the source sent. A rejected item says why, in words `/papers
 * why` can repeat.
 */
import type { z } from 'zod';
import { canonicalArxivId } from '../../papers/arxiv-id';
import type { Paper } from '../../records/paper';
import type { RejectedItem } from '../../records/rejected-item';
import { normalizeHfDailyItem } from './hf-normalize';
import { hfDailyItemSchema } from './hf-schemas';

export type ItemCheck = { ok: true; paper: Paper } | { ok: false; rejected: RejectedItem };

const shown = (text: string) => JSON.stringify(text.length > 60 ? `${text.slice(0, 60)}…` : text);

const rawIdOf = (raw: unknown): unknown =>
  typeof raw === 'object' && raw !== null && 'paper' in raw
    ? (raw.paper as { id?: unknown } | null)?.id
    : undefined;

/** The first schema problem in words: "it has no title", "its upvotes are not a number"… */
function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'it is not a paper item';
  const field = issue.path.filter((part) => part !== 'paper').join('.') || 'item';
  if (issue.code === 'invalid_type' && /received undefined|received null/.test(issue.message)) {
    return `it has no ${field}`;
  }
  if (issue.code === 'too_small' && field === 'title') return 'it has no title';
  return `its ${field} is not valid (${issue.message})`;
}

export function checkDailyItem(raw: unknown, baseUrl: string, day: string | null): ItemCheck {
  const rawId = rawIdOf(raw);
  const sourceId = typeof rawId === 'string' ? rawId : null;
  const paperId = sourceId === null ? null : canonicalArxivId(sourceId);
  const reject = (reason: string): ItemCheck => ({ ok: false, rejected: { sourceId, paperId, reason } });
  if (sourceId === null) return reject('it has no id');
  if (paperId === null) {
    return reject(`its id ${shown(sourceId)} is not an arXiv id (such as 2410.17243 or cs/0112017)`);
  }
  const parsed = hfDailyItemSchema.safeParse(raw);
  if (!parsed.success) return reject(describeIssue(parsed.error));
  const paper = normalizeHfDailyItem(parsed.data, baseUrl, day);
  if (!paper.title) return reject('it has no title');
  return { ok: true, paper: { ...paper, id: paperId } };
}
