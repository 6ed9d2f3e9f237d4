/**
 * Slack names its emoji (`bookmark`, `:+1::skin-tone-2:`) where Discord and the console send Unicode. The
 * Slack module turns the names it knows into Unicode, so the core compares one spelling.
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

const emojiByName = new Map(
  Object.entries(namesByEmoji).flatMap(([emoji, names]) => names.map((name) => [name, emoji] as const)),
);

const bareName = (value: string) =>
  value
    .trim()
    .replace(/^:|:$/g, '')
    .replace(/::skin-tone-\d$/, '')
    .toLowerCase();

/** The Unicode emoji for a Slack name (with or without colons and skin tone); undefined for other names. */
export const slackEmojiToUnicode = (value: string): string | undefined => emojiByName.get(bareName(value));

/** Slack's name for a Unicode emoji, for rendering a reaction (`reactions.add`) or a test driver. */
export const slackNameOf = (emoji: string): string | undefined => {
  const plain = emoji.replace(/\uFE0F/g, '');
  const found = Object.entries(namesByEmoji).find(([unicode]) => unicode.replace(/\uFE0F/g, '') === plain);
  return found?.[1][0];
};
