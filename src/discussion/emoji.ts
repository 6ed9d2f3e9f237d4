/**
 * Reactions and the flag-emoji setting are compared as Unicode: each platform module turns its own
 * spellings (Slack's `:bookmark:`) into Unicode (`PlatformModule.unicodeEmoji`), and the composition root
 * hands the core the combination as an `EmojiNormaliser`. What no module knows (a custom emoji) is compared
 * by its bare name.
 */
export type EmojiNormaliser = (value: string) => string | undefined;

/** The one spelling two emoji are compared by: Unicode without variation selectors, or the bare name. */
export function canonicalEmoji(value: string, toUnicode: EmojiNormaliser): string {
  const unicode = toUnicode(value) ?? value.trim().replace(/^:|:$/g, '');
  return unicode.replace(/\uFE0F/g, '');
}

export function sameEmoji(a: string, b: string, toUnicode: EmojiNormaliser): boolean {
  return canonicalEmoji(a, toUnicode) === canonicalEmoji(b, toUnicode);
}

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/**
 * Whether a settings value is exactly one emoji (Unicode, `:name:` or a custom `<:name:id>`). Grapheme
 * clusters keep 👍🏽, ❤️ and 👩‍🔬 whole while 🔖🔖 counts as two.
 */
export function looksLikeEmoji(value: string): boolean {
  const trimmed = value.trim();
  if (/^:[a-z0-9_+-]+(::skin-tone-\d)?:$/i.test(trimmed) || /^<a?:\w+:\d+>$/.test(trimmed)) return true;
  const clusters = [...graphemes.segment(trimmed)];
  // A keycap (1️⃣, #️⃣) is a digit, # or * with the keycap mark: one cluster, but not pictographic itself.
  return (
    clusters.length === 1 &&
    /^\p{Extended_Pictographic}|^\p{Regional_Indicator}{2}$|^[0-9#*]\uFE0F?\u20E3$/u.test(trimmed)
  );
}
