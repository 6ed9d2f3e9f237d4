/**
 * The terminal as a platform module: on when no other module is, so the whole bot runs with no chat
 * account. Its adapter posts into the terminal and, in the foreground, runs the prompt until `exit`.
 */
import { definePlatform } from '../platform-module';
import { consoleChannel, createConsoleAdapter } from './console-adapter';
import { ansiStyle, plainStyle } from './console-render';
import { runConsoleSession } from './console-session';

export const consoleModule = definePlatform({
  id: 'console',
  name: 'Console',
  env: {},
  secrets: [],
  ownsTerminal: true,
  plan: (_config, earlier = []) =>
    earlier.some((plan) => plan.on && !plan.deliveryOnly)
      ? { on: false, reason: 'chat adapters are running' }
      : { on: true, reason: 'no chat adapter configured' },
  halfConfigured: () => [],
  createAdapter(_config, deps) {
    const { stdin, stdout, logLines } = deps.terminal;
    const style = stdout.isTTY ? ansiStyle : plainStyle;
    const adapter = createConsoleAdapter({
      output: stdout,
      style,
      nextMessageNumber: () => deps.store.deliveries.nextMessageNumber(consoleChannel),
    });
    return {
      ...adapter,
      session: (signal) =>
        runConsoleSession({
          port: adapter.port,
          store: deps.store,
          sync: deps.sync,
          ranking: deps.ranking,
          commands: deps.commands,
          now: () => deps.clock.now(),
          stdin,
          stdout,
          style,
          signal,
          sourceUrl: deps.source.location,
          waitMs: deps.source.replyWaitMs,
          ...(logLines ? { logLines } : {}),
        }),
    };
  },
});
