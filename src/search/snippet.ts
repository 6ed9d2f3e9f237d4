/**
 * Search snippets: the stretch of a paper's AI summary or abstract where the query's words cluster, with
 * those words marked. Words compare by Porter stem, as the index matched them, so `watermarking` marks
 * "watermarks". The parts are raw text: adapters escape them and render the marked ones bold.
 */
import type { SnippetPart } from '../chat/replies';
import type { Paper } from '../papers/paper';
import { stem } from './porter-stemmer';
import { foldText } from './search-text';

/** Words in a snippet, about 200 characters of abstract. */
const windowWords = 30;
/** Words of context kept before the first match. */
const leadWords = 4;

interface Token {
  start: number;
  end: number;
  key: string | null;
}

/** Stems of words seen in snippets: papers repeat their vocabulary, and stemming is the costly part. */
const stemCache = new Map<string, string>();
const maxCachedStems = 50_000;

function cachedStem(word: string): string {
  let stemmed = stemCache.get(word);
  if (stemmed === undefined) {
    if (stemCache.size >= maxCachedStems) stemCache.clear();
    stemmed = stem(word);
    stemCache.set(word, stemmed);
  }
  return stemmed;
}

/** Tokens of `text`, each keyed by its stem when that stem is a query word's. */
function tokens(text: string, stems: ReadonlySet<string>): Token[] {
  // A stem keeps its word's first three letters (or is shorter), so most tokens are ruled out unstemmed.
  const heads = new Set([...stems].map((key) => key.slice(0, 3)));
  const mayMatch = (word: string) =>
    heads.has(word.slice(0, 3)) || heads.has(word.slice(0, 2)) || heads.has(word.slice(0, 1));
  return [...text.matchAll(/[\p{L}\p{N}]+/gu)].map((match) => {
    const raw = match[0];
    const word = /^[a-z0-9]+$/i.test(raw) ? raw.toLowerCase() : foldText(raw);
    const key = mayMatch(word) ? cachedStem(word) : null;
    return {
      start: match.index,
      end: match.index + raw.length,
      key: key !== null && stems.has(key) ? key : null,
    };
  });
}

/** Distinct query words in the window count most; repeats break ties. */
function windowScore(window: Token[]): number {
  const keys = window.map((token) => token.key).filter((key): key is string => key !== null);
  return new Set(keys).size * 100 + keys.length;
}

function bestWindow(list: Token[]): { from: number; score: number } {
  let best = { from: 0, score: 0 };
  list.forEach((token, index) => {
    if (token.key === null) return;
    const from = Math.max(0, index - leadWords);
    const score = windowScore(list.slice(from, from + windowWords));
    if (score > best.score) best = { from, score };
  });
  return best;
}

function parts(text: string, list: Token[], from: number): SnippetPart[] {
  const window = list.slice(from, from + windowWords);
  const first = window[0];
  const last = window.at(-1);
  if (!first || !last) return [];
  const result: SnippetPart[] = [];
  let cursor = first.start;
  const plain = (upTo: number, prefix = '') => {
    const piece = prefix + text.slice(cursor, upTo);
    if (piece) result.push({ text: piece, match: false });
  };
  plain(cursor, from > 0 ? '…' : '');
  for (const token of window) {
    if (token.key === null) continue;
    plain(token.start);
    result.push({ text: text.slice(token.start, token.end), match: true });
    cursor = token.end;
  }
  // To the end of the text (its last full stop) when the window reaches it; otherwise cut with an ellipsis.
  const tail =
    from + windowWords >= list.length ? text.slice(cursor).trimEnd() : `${text.slice(cursor, last.end)}…`;
  if (tail) result.push({ text: tail, match: false });
  return result;
}

/** The excerpt of `paper` that best shows why it matched; undefined when no query word is in its text. */
export function buildSnippet(paper: Paper, queryWords: Iterable<string>): SnippetPart[] | undefined {
  const stems = new Set([...queryWords].map((word) => stem(word)));
  let best: { text: string; list: Token[]; from: number; score: number } | null = null;
  for (const text of [paper.aiSummary, paper.abstract]) {
    if (!text) continue;
    const list = tokens(text, stems);
    const window = bestWindow(list);
    // The summary comes first and wins unless the abstract holds more of the query's words.
    const distinct = Math.floor(window.score / 100);
    if (window.score > 0 && distinct > Math.floor((best?.score ?? 0) / 100)) best = { text, list, ...window };
  }
  return best ? parts(best.text, best.list, best.from) : undefined;
}
