import type { Paper } from '../records/paper';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A case-insensitive whole-word (or whole-phrase) matcher: `llm` matches "LLM" and "LLM-based" but not
 * "LLMs". Spaces and hyphens in a phrase match any run of either (`in-context` = `in context`).
 */
export function wholeWordMatcher(keyword: string): RegExp {
  const body = keyword
    .trim()
    .split(/[\s-]+/)
    .map(escapeRegExp)
    .join('[\\s-]+');
  return new RegExp(`(?<![\\p{L}\\p{N}])${body}(?![\\p{L}\\p{N}])`, 'iu');
}

/** The text a keyword filter looks at: title, abstract and the AI keywords. */
export const filterableText = (paper: Paper) =>
  [paper.title, paper.abstract, paper.aiKeywords.join(' ; ')].join('\n');

/** The first keyword that matches the paper, or null. */
export function firstMatchingKeyword(paper: Paper, keywords: string[]): string | null {
  const text = filterableText(paper);
  return keywords.find((keyword) => wholeWordMatcher(keyword).test(text)) ?? null;
}
