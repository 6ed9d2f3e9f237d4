/**
 * The sentence of an abstract that says what the paper does. Abstracts usually open with context ("Segmenting
 * an object in a video presents significant challenges."); the contribution comes with "we propose",
 * "we introduce", "we show" or "this paper presents". A small cue list is enough here: the sentence is a
 * fallback for papers without Hugging Face's AI summary, and a wrong pick still shows a real sentence.
 */
import { truncateAtWord } from './truncate';

const contribution =
  /\b(?:we|this (?:paper|work|study)|our (?:method|approach|framework|model|work))\s+(?:\w+ly\s+)?(?:propose|introduce|present|develop|show|demonstrate|find|design|release|establish|provide|describe|report|argue|study|investigate|explore|analy[sz]e|offer|build|construct|achieve)s?d?\b/i;
const named = /\b(?:called|named|dubbed|termed)\b|\b[A-Z][A-Za-z]*[A-Z][A-Za-z0-9-]*\b/;
const result =
  /\b(?:outperform|state-of-the-art|surpass|improv|reduc|speed|faster|\d+(?:\.\d+)?\s?(?:%|x|×))/i;

/** Splits at `.`, `!` or `?` followed by a space and a capital, keeping "e.g. x" and "Fig. 2" together. */
export function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+(?=[A-Z(])/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence.length > 0);
}

function score(sentence: string): number {
  let points = 0;
  if (contribution.test(sentence)) points += 4;
  if (named.test(sentence)) points += 1;
  if (result.test(sentence)) points += 1;
  if (sentence.length < 40) points -= 3;
  return points;
}

/** The most informative sentence of `abstract` (the first one on a tie), cut at a word boundary to `max`. */
export function informativeSentence(abstract: string, max: number): string {
  const all = sentences(abstract);
  let best = all[0] ?? abstract;
  let bestScore = all.length > 0 ? score(best) : 0;
  for (const sentence of all.slice(1)) {
    const points = score(sentence);
    if (points > bestScore) {
      best = sentence;
      bestScore = points;
    }
  }
  return truncateAtWord(best.length >= 40 ? best : abstract, max);
}
