/**
 * mrkdwn text helpers. Slack parses `<…>` as links and mentions (`<!channel>`, `<@U1>`) in every mrkdwn
 * string, including the `text` fallback, so every string from a paper or a user goes through `escapeMrkdwn`.
 */

/** Slack's own rule: only `&`, `<` and `>` are escaped; that neutralises mentions and fake links. */
export const escapeMrkdwn = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const ellipsis = '…';

/** Cuts `text` to at most `max` characters at a word boundary, ending with an ellipsis when cut. */
export function cutText(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  if (max <= ellipsis.length) return ellipsis.slice(0, max);
  let head = clean.slice(0, max - ellipsis.length);
  const lastSpace = head.lastIndexOf(' ');
  // Cut at a word boundary unless that throws away most of the text (one huge word).
  if (lastSpace > head.length * 0.6) head = head.slice(0, lastSpace);
  // Never leave half of a surrogate pair behind.
  if (/[\uD800-\uDBFF]$/.test(head)) head = head.slice(0, -1);
  return `${head.trimEnd()}${ellipsis}`;
}

/** Escapes and cuts so that the *escaped* result fits in `max` characters (escaping lengthens text). */
export function fitEscaped(text: string, max: number): string {
  let budget = max;
  for (;;) {
    const escaped = escapeMrkdwn(cutText(text, budget));
    if (escaped.length <= max || budget <= 1) return escaped.slice(0, max);
    budget = Math.max(1, Math.floor((budget * max) / escaped.length) - 1);
  }
}

/** Plain text (header blocks, button labels) is not parsed for mentions, but still must fit. */
export const fitPlain = (text: string, max: number): string => cutText(text, max);

/** An http(s) URL safe to put inside `<url|label>`, or null when the value is not one. */
export function safeUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
  const href = parsed.href.replace(/\|/g, '%7C');
  return href.length <= 2_000 ? href : null;
}

/** `<url|label>` with the label escaped; just the label when the URL is unusable. */
export function mrkdwnLink(url: string | null, label: string, maxLabel = 300): string {
  const safe = safeUrl(url);
  const text = fitEscaped(label, maxLabel);
  return safe ? `<${escapeMrkdwn(safe)}|${text}>` : text;
}

/** Compact counts for context lines: 950, 1.2k, 12k. */
export function compactNumber(value: number): string {
  if (value < 1_000) return String(value);
  if (value < 10_000) return `${(value / 1_000).toFixed(1).replace(/\.0$/, '')}k`;
  return `${Math.round(value / 1_000)}k`;
}
