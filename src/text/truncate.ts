/** Cuts `text` to at most `max` characters at a word boundary, ending with an ellipsis when cut. */
export function truncateAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  if (max <= 1) return '…'.slice(0, max);
  const room = text.slice(0, max - 1);
  const lastSpace = room.search(/\s\S*$/);
  // A single enormous word is cut mid-word rather than dropped.
  const cut = lastSpace > max / 2 ? room.slice(0, lastSpace) : room;
  return `${cut.replace(/[\s,;:.-]+$/, '')}…`;
}

/** The first sentence of `text`, or its start cut at a word boundary. */
export function firstSentence(text: string, max: number): string {
  const sentence = /^.+?[.!?](?=\s|$)/.exec(text)?.[0];
  return truncateAtWord(sentence && sentence.length >= 40 ? sentence : text, max);
}
