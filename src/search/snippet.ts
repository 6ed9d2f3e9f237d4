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

/** Where a text's words are, and which of them (by index) are query words, with their stems. */
interface Scan {
  starts: number[];
  ends: number[];
  matches: Array<{ index: number; key: string }>;
}

function scan(text: string, stems: ReadonlySet<string>, heads: ReadonlySet<string>): Scan {
  const result: Scan = { starts: [], ends: [], matches: [] };
  for (const match of text.matchAll(/[\p{L}\p{N}]+/gu)) {
    const raw = match[0];
    const index = result.starts.push(match.index) - 1;
    result.ends.push(match.index + raw.length);
    const word = /^[a-z0-9]+$/i.test(raw) ? raw.toLowerCase() : foldText(raw);
    // A stem keeps its word's first three letters (or is shorter): most words are ruled out unstemmed.
    if (!heads.has(word.slice(0, 3)) && !heads.has(word.slice(0, 2)) && !heads.has(word.slice(0, 1)))
      continue;
    const key = cachedStem(word);
    if (stems.has(key)) result.matches.push({ index, key });
  }
  return result;
}

/** The window with the most distinct query words (then the most matches), starting a little before one. */
function bestWindow({ matches }: Scan): { from: number; distinct: number; count: number } {
  let best = { from: 0, distinct: 0, count: 0 };
  for (const [position, { index }] of matches.entries()) {
    const from = Math.max(0, index - leadWords);
    const inside = matches.slice(position).filter((other) => other.index < from + windowWords);
    const distinct = new Set(inside.map((other) => other.key)).size;
    if (distinct > best.distinct || (distinct === best.distinct && inside.length > best.count)) {
      best = { from, distinct, count: inside.length };
    }
  }
  return best;
}

function parts(text: string, words: Scan, from: number): SnippetPart[] {
  const to = Math.min(words.starts.length, from + windowWords) - 1;
  const result: SnippetPart[] = [];
  let cursor = words.starts[from] ?? 0;
  const plain = (piece: string) => {
    if (piece) result.push({ text: piece, match: false });
  };
  plain(from > 0 ? '…' : '');
  for (const { index } of words.matches) {
    if (index < from || index > to) continue;
    const start = words.starts[index] ?? cursor;
    plain(text.slice(cursor, start));
    cursor = words.ends[index] ?? start;
    result.push({ text: text.slice(start, cursor), match: true });
  }
  // To the end of the text (its last full stop) when the window reaches it; otherwise cut with an ellipsis.
  const last = words.ends[to] ?? cursor;
  plain(to === words.starts.length - 1 ? text.slice(cursor).trimEnd() : `${text.slice(cursor, last)}…`);
  return result;
}

/** The excerpt of `paper` that best shows why it matched; undefined when no query word is in its text. */
export function buildSnippet(paper: Paper, queryWords: Iterable<string>): SnippetPart[] | undefined {
  const stems = new Set([...queryWords].map((word) => stem(word)));
  const heads = new Set([...stems].map((key) => key.slice(0, 3)));
  let best: { text: string; words: Scan; from: number; distinct: number } | null = null;
  // The summary comes first and wins unless the abstract holds more of the query's words.
  for (const text of [paper.aiSummary, paper.abstract]) {
    if (!text) continue;
    const words = scan(text, stems, heads);
    const window = bestWindow(words);
    if (window.distinct > (best?.distinct ?? 0)) best = { text, words, ...window };
  }
  return best ? parts(best.text, best.words, best.from) : undefined;
}
