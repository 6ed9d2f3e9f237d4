/**
 * The console's input side: each line is a `/papers …` command (the `/papers` is optional); `next`,
 * `prev` and `share` press the buttons of the last list; `react`/`unreact` stand in for reactions.
 * Ends on `exit`, `quit` or end of input.
 */
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import type { CommandContext } from '../../commands/command-context';
import type { CommandService } from '../../commands/command-service';
import type { Reply } from '../../src/chat/replies';
import { consoleChannel } from './console-adapter';
import { type ConsoleMessages, consoleUser, createConsoleReactions } from './console-reactions';
import { renderReply, type Style } from './console-render';

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
}

export const consoleContext: CommandContext = {
  channel: consoleChannel,
  userId: consoleUser.id,
  canManageChannel: true,
  manageChannelRequirement: 'members with access to this terminal',
  commandPrefix: '/papers',
};

type Button = 'previousToken' | 'nextToken' | 'shareToken' | 'moreOnHfToken';

const buttons: Record<string, Button> = {
  next: 'nextToken',
  more: 'nextToken',
  prev: 'previousToken',
  previous: 'previousToken',
  share: 'shareToken',
  hf: 'moreOnHfToken',
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
  const print = (text: string) => options.output.write(`${text}\n`);
  const shown: { list: Reply | null } = { list: null };
  const reactions = createConsoleReactions({
    channel: consoleChannel,
    flagEmoji: options.flagEmoji,
    messages: options.messages,
    commands: options.commands,
    lastList: () => (shown.list?.kind === 'paper-list' ? shown.list : null),
  });
  lines.prompt();
  for await (const raw of lines) {
    const line = raw.trim();
    if (line === 'exit' || line === 'quit' || line === '.exit') break;
    if (line) {
      const reacted = await reactions.handle(line).catch(failedReaction);
      const button = buttons[line.toLowerCase()];
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
        reply = await options.commands.executeText(line, consoleContext);
      }
      if (reply.kind === 'paper-list') shown.list = reply;
      print(renderReply(reply, options.style));
    }
    lines.prompt();
  }
  lines.close();
  release(options.input);
}

/** A reaction the store could not record (locked, disk full) is one ✖ line, not a stack at the prompt. */
function failedReaction(error: unknown): string {
  const reason = error instanceof Error ? error.message : String(error);
  return `✖ The reaction was not recorded: ${reason}`;
}

/** Why `next`, `prev` or `share` cannot act on what is shown. */
function noPageText(button: Button, list: Reply | null): string {
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
