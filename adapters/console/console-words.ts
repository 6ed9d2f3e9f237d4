/**
 * The words only the terminal has, where a chat platform has buttons and reactions: the prompt dispatches
 * on this table and `help` prints it, so a word cannot work without being listed, or be listed and not work.
 */
export type ListButton = 'previousToken' | 'nextToken' | 'shareToken' | 'moreOnHfToken';

export interface ConsoleWord {
  /** The word and its other spellings (`next`, `more`). */
  words: readonly string[];
  /** How help writes it, when that is more than the word: `react m3`. */
  shown?: string;
  does: string;
  /** The button of the last list it presses. */
  button?: ListButton;
}

export const consoleWords: readonly ConsoleWord[] = [
  { words: ['next', 'more'], does: 'the next page of the last list', button: 'nextToken' },
  { words: ['prev', 'previous'], does: 'the page before', button: 'previousToken' },
  { words: ['share'], does: 'posts the last list for everyone', button: 'shareToken' },
  {
    words: ['hf'],
    does: "looks the last search up on Hugging Face's own search (More on Hugging Face)",
    button: 'moreOnHfToken',
  },
  {
    words: ['react'],
    shown: 'react m3',
    does: 'flags a paper for discussion (`react 2`: item 2 of the last list; `react 2410.17243`; add `as <name>` to act as a teammate)',
  },
  { words: ['unreact'], shown: 'unreact m3', does: 'withdraws that flag' },
  { words: ['exit', 'quit'], does: 'leaves' },
];

/** Every word the prompt takes itself, for "did you mean". */
export const consoleWordList: readonly string[] = consoleWords.flatMap((word) => word.words);

/** The button a typed word presses, if it is one. */
export function buttonFor(word: string): ListButton | undefined {
  return consoleWords.find((entry) => entry.words.includes(word.toLowerCase()))?.button;
}

const shownAs = (word: ConsoleWord) => {
  const [main, ...others] = word.words;
  const name = `\`${word.shown ?? main}\``;
  return others.length ? `${name} (or ${others.map((other) => `\`${other}\``).join(', ')})` : name;
};

/** The table as help prints it. */
export const consoleHelp: readonly string[] = [
  'In the terminal:',
  ...consoleWords.map((word) => `• ${shownAs(word)}: ${word.does}`),
];
