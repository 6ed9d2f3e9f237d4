/**
 * Reactions arrive as Unicode on Discord (`🔖`) and as names on Slack (`bookmark`, `+1::skin-tone-2`).
 * A channel's flag emoji may be set either way; these helpers compare them.
 */
const namesByEmoji: Record<string, string[]> = {
  '🔖': ['bookmark'],
  '📌': ['pushpin'],
  '📍': ['round_pushpin'],
  '👀': ['eyes'],
  '🔥': ['fire'],
  '⭐': ['star'],
  '📚': ['books'],
  '📖': ['book', 'open_book'],
  '🧠': ['brain'],
  '👍': ['+1', 'thumbsup'],
  '👎': ['-1', 'thumbsdown'],
  '❤️': ['heart'],
  '🤔': ['thinking_face', 'thinking'],
  '💡': ['bulb'],
  '🚀': ['rocket'],
  '✅': ['white_check_mark'],
};

const bareName = (value: string) =>
  value
    .trim()
    .replace(/^:|:$/g, '')
    .replace(/::skin-tone-\d$/, '')
    .toLowerCase();

/** Every spelling of one emoji: its Unicode form (without variation selectors) and its names. */
export function emojiAliases(value: string): Set<string> {
  const trimmed = value.trim().replace(/\uFE0F/g, '');
  const name = bareName(value);
  const aliases = new Set([trimmed, name]);
  for (const [emoji, names] of Object.entries(namesByEmoji)) {
    const plain = emoji.replace(/\uFE0F/g, '');
    if (plain === trimmed || names.includes(name)) {
      aliases.add(plain);
      for (const alias of names) aliases.add(alias);
    }
  }
  return aliases;
}

export function sameEmoji(a: string, b: string): boolean {
  const left = emojiAliases(a);
  return [...emojiAliases(b)].some((alias) => left.has(alias));
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
  return clusters.length === 1 && /^\p{Extended_Pictographic}|^\p{Regional_Indicator}{2}$/u.test(trimmed);
}
