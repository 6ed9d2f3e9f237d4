/**
 * The console's input side: each line is a `/papers …` command (the `/papers` is optional); `next`,
 * `prev` and `share` press the buttons of the last list; `react`/`unreact` stand in for reactions.
 * Ends on `exit`, `quit` or end of input.
 */
import { clearLine, createInterface, cursorTo } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import type { CommandContext } from '../../commands/command-context';
import type { CommandService } from '../../commands/command-service';
import type { Reply } from '../../src/chat/replies';
import type { LogLines } from '../../src/logging/log-lines';
import { closestWord } from '../../src/text/edit-distance';
import { consoleChannel } from './console-adapter';
import { type ConsoleMessages, consoleUser, createConsoleReactions } from './console-reactions';
import { renderReply, type Style } from './console-render';
import { buttonFor, consoleHelp, consoleWordList, type ListButton } from './console-words';

export interface ConsolePromptOptions {
  input: Readable;
  output: Writable;
  commands: CommandService;
  style: Style;
  terminal: boolean;
  messages: ConsoleMessages;
  signal?: AbortSignal;
  /** The channel's current flag emoji, the default for `react`. */
  flagEmoji: () => Promise<string>;
  /** The log's lines: while the prompt is shown, each goes on a line of its own and the prompt follows it. */
  logLines?: LogLines;
}

export const consoleContext: CommandContext = {
  channel: consoleChannel,
  userId: consoleUser.id,
  canManageChannel: true,
  manageChannelRequirement: 'members with access to this terminal',
  commandPrefix: '/papers',
  platformHelp: consoleHelp,
};

/** Resolves when the user leaves the prompt. */
export async function runConsolePrompt(options: ConsolePromptOptions): Promise<void> {
  const lines = createInterface({
    input: options.input,
    output: options.output,
    terminal: options.terminal,
    prompt: 'papers> ',
    ...(options.signal ? { signal: options.signal } : {}),
  });
  // `waiting`: `papers> ` is shown and no line typed yet. `lineOpen`: the terminal's current line has the
  // prompt on it and nothing ended it (input that is not a terminal is not echoed, so a typed line does not).
  let waiting = false;
  let lineOpen = false;
  const print = (text: string) => {
    options.output.write(`${text}\n`);
    lineOpen = false;
  };
  const showPrompt = () => {
    lines.prompt();
    waiting = true;
    lineOpen = true;
  };
  const releaseLog = options.logLines?.hold({
    before: () => {
      if (waiting && options.terminal) {
        clearLine(options.output, 0);
        cursorTo(options.output, 0);
      } else if (lineOpen) options.output.write('\n');
      lineOpen = false;
    },
    after: () => {
      if (!waiting) return;
      if (options.terminal) lines.prompt(true);
      else options.output.write('papers> ');
      lineOpen = true;
    },
  });
  const shown: { list: Reply | null } = { list: null };
  const reactions = createConsoleReactions({
    channel: consoleChannel,
    flagEmoji: options.flagEmoji,
    messages: options.messages,
    commands: options.commands,
    lastList: () => (shown.list?.kind === 'paper-list' ? shown.list : null),
  });
  showPrompt();
  for await (const raw of lines) {
    waiting = false;
    if (options.terminal) lineOpen = false;
    const line = raw.trim();
    if (line === 'exit' || line === 'quit' || line === '.exit') break;
    if (line) {
      const reacted = await reactions.handle(line).catch(failedReaction);
      const button = buttonFor(line);
      let reply: Reply;
      if (reacted !== null) {
        reply = { kind: 'text', tone: 'info', text: reacted, visibility: 'private' };
      } else if (button) {
        const list = shown.list;
        const token = list?.kind === 'paper-list' ? list[button] : undefined;
        reply = token
          ? await options.commands.resume(token, consoleContext)
          : { kind: 'text', tone: 'error', text: noPageText(button, list), visibility: 'private' };
      } else {
        reply =
          (await unknownWord(line, options.commands)) ??
          (await options.commands.executeText(line, consoleContext));
      }
      if (reply.kind === 'paper-list') shown.list = reply;
      print(renderReply(reply, options.style));
    }
    showPrompt();
  }
  waiting = false;
  if (lineOpen) options.output.write('\n');
  releaseLog?.();
  lines.close();
  release(options.input);
}

/** A reaction the store could not record (locked, disk full) is one ✖ line, not a stack at the prompt. */
function failedReaction(error: unknown): string {
  const reason = error instanceof Error ? error.message : String(error);
  return `✖ The reaction was not recorded: ${reason}`;
}

/** A first word that is no subcommand but close to a word of the terminal's own (`nxt`): say which. */
async function unknownWord(line: string, commands: CommandService): Promise<Reply | null> {
  const first =
    line
      .replace(/^\/?papers\b\s*/i, '')
      .split(/\s+/)[0]
      ?.toLowerCase() ?? '';
  if (!first || commands.specs.some((spec) => spec.name === first) || consoleWordList.includes(first))
    return null;
  const closest = closestWord(first, [...commands.specs.map((spec) => spec.name), ...consoleWordList]);
  if (!closest || !consoleWordList.includes(closest)) return null;
  return {
    kind: 'text',
    tone: 'error',
    text: `Unknown word "${first}" (did you mean ${closest}?). \`/papers help\` lists what works here.`,
    visibility: 'private',
  };
}

/** Why `next`, `prev` or `share` cannot act on what is shown. */
function noPageText(button: ListButton, list: Reply | null): string {
  if (list?.kind !== 'paper-list') {
    return 'There is no list to page through yet: next, prev, share and hf act on the last list shown (search, today, queue, history).';
  }
  if (button === 'nextToken') return 'That was the last page.';
  if (button === 'previousToken') return 'That was the first page.';
  if (button === 'moreOnHfToken')
    return '`hf` looks a search up on Hugging Face: search for something first.';
  return 'There is nothing in that list to share.';
}

/** Stops reading the terminal: an open stdin would otherwise keep the process alive after `exit`. */
function release(input: Readable): void {
  input.pause();
  if ('unref' in input && typeof input.unref === 'function') input.unref();
}
