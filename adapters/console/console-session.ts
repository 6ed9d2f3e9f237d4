/**
 * Console mode from the user's side: the latest digest first (posted through the console port, so each
 * paper gets a message id to react to), then the prompt until `exit` or end of input. A Hugging Face that
 * is slow or hangs never keeps the prompt away: after `waitMs` the prompt comes up, answering from what is
 * stored, and the digest (or its ✖ line) is printed when the fetch ends.
 */
import type { Readable, Writable } from 'node:stream';
import type { CommandService } from '../../commands/command-service';
import { previewForChannel } from '../../src/digest/digest-preview';
import type { BatchSync } from '../../src/ingest/batch-sync';
import type { LogLines } from '../../src/logging/log-lines';
import type { TeamRanking } from '../../src/ranking/team-ranking';
import type { Store } from '../../src/store/store';
import { settleWithin } from '../../src/time/settle-within';
import { type ConsolePort, consoleChannel } from './console-adapter';
import { runConsolePrompt } from './console-prompt';
import type { Style } from './console-render';

export interface ConsoleSessionOptions {
  port: ConsolePort;
  store: Store;
  sync: BatchSync;
  /** The console channel's order, as `today` gives it. */
  ranking: TeamRanking;
  commands: CommandService;
  now: () => Date;
  stdin: Readable & { isTTY?: boolean };
  stdout: Writable;
  style: Style;
  signal: AbortSignal;
  /** Where the papers come from (HF_BASE_URL), named in the "fetching" line. */
  sourceUrl: string;
  /** How long the prompt waits for the start-up digest before it comes up anyway. */
  waitMs: number;
  /** The log's lines, kept off the prompt's line. */
  logLines?: LogLines;
}

export async function runConsoleSession(options: ConsoleSessionOptions): Promise<void> {
  const say = (text: string) => options.stdout.write(`${text}\n`);
  // A signal during the start-up fetch ends the session at once: the fetch may still be waiting on the
  // network when the database closes, and what it then says is of no interest to anyone.
  const stopped = new Promise<'stopped'>((resolve) => {
    if (options.signal.aborted) resolve('stopped');
    options.signal.addEventListener('abort', () => resolve('stopped'), { once: true });
  });
  let open = true;
  say(`Fetching the newest Daily Papers from ${options.sourceUrl}…`);
  const shown = showLatestDigest(options, () => open).then(
    () => null,
    (error: unknown) => error as Error,
  );
  const first = await Promise.race([settleWithin(shown, options.waitMs), stopped]);
  if (first === 'stopped' || options.signal.aborted) return;
  if (first.status === 'late') {
    say(
      'Hugging Face has not answered yet; the digest is printed here when it comes. Meanwhile commands answer from what is stored (`today` shows the newest stored batch).',
    );
    void shown.then((error) => {
      if (error && open) say(`\n✖ ${error.message}`);
    });
  } else if (first.status === 'done' && first.value) say(`✖ ${first.value.message}`);
  say('Type a command: `/papers help` lists them, `react m3` flags a paper, `exit` quits.');
  await runConsolePrompt({
    input: options.stdin,
    output: options.stdout,
    commands: options.commands,
    style: options.style,
    terminal: options.stdin.isTTY === true,
    messages: options.port,
    signal: options.signal,
    ...(options.logLines ? { logLines: options.logLines } : {}),
    flagEmoji: async () => (await options.store.discussion.getSettings(consoleChannel)).flagEmoji,
  }).finally(() => {
    open = false;
  });
}

/**
 * The console channel's digest as `today` shows it: its filters, top N and order. `open()`: whether the
 * session still runs (a digest that comes after `exit` is not printed).
 */
async function showLatestDigest(options: ConsoleSessionOptions, open: () => boolean): Promise<void> {
  const preview = await previewForChannel(options, consoleChannel, options.now());
  if (!open()) return;
  if (!preview.header) {
    options.stdout.write('No Daily Papers batch in the last week.\n');
    return;
  }
  await options.port.postDigestHeader(consoleChannel, preview.header, `preview:${preview.header.batchDay}`);
  for (const card of preview.cards) await options.port.postPaper(consoleChannel, card, `preview:${card.id}`);
}
