/**
 * Text helpers for Discord markdown: escaping paper and user text, and cutting it to a limit at a word
 * boundary with an ellipsis. Lengths are UTF-16 code units (what Discord's validators and discord.js count).
 */

const ELLIPSIS = '…';

/** Characters that start markdown anywhere in a line; `<` also starts mentions, channels and timestamps. */
const INLINE = /[\\*_~`|[\]<>]/g;
/** Markdown that only matters at the start of a line: headings, subtext, lists and quotes. */
const LINE_START = /^(\s*)(?:([#-])|(\d+)\.)/gm;

/** Makes raw text render literally: no bold, links, mentions, headings or code from a paper title. */
export function escapeMarkdown(text: string): string {
  return text
    .replace(INLINE, '\\$&')
    .replace(LINE_START, (_, space: string, mark?: string, digits?: string) =>
      mark ? `${space}\\${mark}` : `${space}${digits}\\.`,
    );
}

/** Like `escapeMarkdown`, but keeps `backtick` code spans, which reply texts use on purpose. */
export function escapeKeepingCode(text: string): string {
  return text
    .split(/(`[^`\n]+`)/)
    .map((piece, index) => (index % 2 === 1 ? piece : escapeMarkdown(piece)))
    .join('');
}

/**
 * Cuts `text` to at most `max` characters. Prefers the last word boundary in the final 40% of the budget,
 * never leaves half a surrogate pair or a dangling escape backslash, and ends with an ellipsis.
 */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  if (max <= 0) return '';
  if (max === 1) return ELLIPSIS;
  let cut = text.slice(0, max - 1);
  const endsAtWord = /\s/.test(text.charAt(max - 1));
  const boundary = cut.search(/\s\S*$/);
  if (!endsAtWord && boundary >= Math.floor(cut.length * 0.6)) cut = cut.slice(0, boundary);
  cut = cut.replace(/[\s,;:]+$/, '');
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  const trailingSlashes = /\\+$/.exec(cut)?.[0].length ?? 0;
  if (trailingSlashes % 2 === 1) cut = cut.slice(0, -1);
  return `${cut}${ELLIPSIS}`;
}

/** Collapses runs of whitespace (summaries arrive with newlines from abstracts). */
export const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** An http(s) URL Discord will accept in a link button or embed, or null. */
export function safeUrl(value: string | null | undefined, max = 512): string | null {
  if (!value || value.length > max) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? value : null;
  } catch {
    return null;
  }
}
