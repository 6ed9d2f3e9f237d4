/**
 * The composition root: the one place that knows both the core and the adapters. It starts the adapters
 * the configuration enables, the scheduler, and — when no chat platform is configured — the console.
 */
import type { Readable, Writable } from 'node:stream';
import { createConsoleAdapter } from '../../adapters/console/console-adapter';
import { runConsolePrompt } from '../../adapters/console/console-prompt';
import { ansiStyle, plainStyle, renderCard, renderHeader } from '../../adapters/console/console-render';
import type { ChatAdapter } from '../chat/chat-adapter';
import { type Clock, systemClock } from '../clock';
import type { Config } from '../config/config';
import { demoClock, startDemoServer } from '../demo/demo-server';
import { previewDigest } from '../digest/digest-preview';
import type { Logger } from '../logging/logger';
import { defaultDigestSettings } from '../subscriptions/subscription';
import { bannerLines, planAdapters } from './adapter-plan';
import { createChatAdapters } from './chat-adapters';
import { createCore } from './create-core';
import { startScheduler } from './scheduler';

export interface RunBotOptions {
  config: Config;
  log: Logger;
  demo: boolean;
  stdin: Readable & { isTTY?: boolean };
  stdout: Writable & { isTTY?: boolean };
  clock?: Clock;
}

/** Runs until SIGINT/SIGTERM (or, in console mode, the end of the prompt). Resolves with the exit code. */
export async function runBot(options: RunBotOptions): Promise<number> {
  const demo = options.demo ? await startDemoServer() : null;
  const config = demo
    ? { ...options.config, HF_BASE_URL: demo.url, DATABASE_URL: ':memory:' }
    : options.config;
  const clock = demo ? demoClock(options.clock ?? systemClock) : (options.clock ?? systemClock);
  const { log, stdout } = options;
  const statuses = planAdapters(config);
  const consoleMode = !statuses.some((status) => status.on);
  const style = stdout.isTTY ? ansiStyle : plainStyle;
  const say = (text: string) => stdout.write(`${text}\n`);
  // The terminal is the product in console mode: routine info lines would bury the prompt.
  if (consoleMode && log.level === 'info') log.level = 'warn';

  say(`paperboy${demo ? ' (demo: a real batch from 2024-10-25, served locally)' : ''}`);
  for (const line of bannerLines(statuses, consoleMode)) say(`  ${line}`);

  const core = createCore({ config, clock, log });
  const adapters: ChatAdapter[] = consoleMode
    ? [createConsoleAdapter({ output: stdout, style })]
    : await createChatAdapters(config, statuses, core);
  for (const adapter of adapters) core.ports.register(adapter.port);
  await Promise.all(adapters.map((adapter) => adapter.start()));

  await core.digests.reconcileInFlight(clock.now());
  // A digest whose time passed while the bot was down goes out now, if it is still that local day.
  const catchUp = core.digests
    .runDueDigests(clock.now())
    .catch((error) => log.error({ err: error }, 'catch-up failed'));
  const scheduler = startScheduler(core);

  let markStopped: (code: number) => void = () => {};
  const stopped = new Promise<number>((resolve) => {
    markStopped = resolve;
  });
  let stopping: Promise<number> | null = null;
  const shutdown = (signal: string) => {
    stopping ??= (async () => {
      log.info({ signal }, 'shutting down');
      await scheduler.stop();
      await Promise.all(
        adapters.map((adapter) =>
          adapter.stop().catch((error) => log.warn({ err: error }, 'adapter stop failed')),
        ),
      );
      await catchUp;
      core.close();
      await demo?.close();
      markStopped(0);
      return 0;
    })();
    return stopping;
  };
  const onSignal = (signal: NodeJS.Signals) => void shutdown(signal);
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  if (!consoleMode) return stopped;

  try {
    const preview = await previewDigest(core, clock.now(), defaultDigestSettings);
    if (preview.header) {
      say(renderHeader(preview.header, style));
      for (const [index, card] of preview.cards.entries()) say(`${renderCard(card, style, index)}\n`);
    } else {
      say('No Daily Papers batch in the last week.');
    }
  } catch (error) {
    say(`✖ ${(error as Error).message}`);
  }
  say(`Type a command (\`/papers help\` lists them, \`exit\` quits).`);
  await runConsolePrompt({
    input: options.stdin,
    output: stdout,
    commands: core.commands,
    style,
    terminal: options.stdin.isTTY === true,
  });
  return shutdown('end of input');
}
