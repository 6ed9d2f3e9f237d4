/** The `paperboy` command line: `start` (the default), `fetch`, `search`, `digest`, `trending`, `backup`, `restore`, and the platform modules' own. */
import { type Config, loadConfig } from './app/config';
import { type Core, createCore } from './app/create-core';
import { anyModules, chatCommandsFor, secretKeys } from './app/platform-modules';
import { runBot } from './app/run-bot';
import { backupCli, restoreCli } from './cli/backup-commands';
import { type CliArgs, parseCliArgs, usageWith } from './cli/cli-args';
import { type CliIo, digestCli, fetchCli, searchCli, trendingCli } from './cli/cli-commands';
import { systemClock } from './clock';
import { isPaperboyError, PaperboyError } from './errors';
import { LogLines } from './logging/log-lines';
import { createLogger } from './logging/logger';
import { didYouMean } from './text/edit-distance';

const secretsOf = (config: Config) =>
  secretKeys
    .map((key) => (config as Record<string, unknown>)[key])
    .filter((secret): secret is string => typeof secret === 'string' && secret.length > 0);

const moduleCommands = anyModules.flatMap((module) => module.cliCommands ?? []);
const usage = usageWith(
  anyModules
    .filter((module) => !module.ownsTerminal)
    .map((module) => module.name)
    .join(', '),
  moduleCommands.map((command) => command.usage),
);

async function main(argv: string[], io: CliIo): Promise<number> {
  const moduleCommand = moduleCommands.find((command) => command.name === argv[0]);
  const args: CliArgs = moduleCommand
    ? {
        command: argv[0] ?? '',
        positionals: [],
        demo: false,
        json: false,
        verbose: argv.includes('--verbose'),
      }
    : parseCliArgs(argv);
  if (args.command === 'help') {
    io.stdout.write(`${usage}\n`);
    return 0;
  }
  const known = ['start', 'fetch', 'search', 'digest', 'trending', 'backup', 'restore', 'help'];
  if (!moduleCommand && !known.includes(args.command)) {
    const names = [...known, ...moduleCommands.map((command) => command.name)];
    throw new PaperboyError(
      'invalid_input',
      `Unknown command "${args.command}"${didYouMean(args.command, names)}. paperboy help lists the commands.`,
    );
  }
  const config = loadConfig();
  // One-shot commands keep the terminal for their output: only warnings and errors are logged.
  const quiet = args.command !== 'start' && !args.verbose;
  const logLines = new LogLines();
  const log = createLogger({
    level: config.LOG_LEVEL ?? (quiet ? 'warn' : 'info'),
    format: config.LOG_FORMAT,
    secrets: secretsOf(config),
    secretKeys,
    // The bot may share the terminal with the console's prompt, which keeps log lines off its line.
    ...(args.command === 'start' ? { lines: logLines } : {}),
  });
  if (moduleCommand) {
    const opened: Core[] = [];
    const openCore = async (where: 'database' | 'scratch' = 'database') => {
      const core = await createCore({
        config: where === 'scratch' ? { ...config, DATABASE_URL: ':memory:' } : config,
        clock: systemClock,
        log,
      });
      opened.push(core);
      return {
        commands: core.commands,
        subscriptions: (platform: string) => core.store.subscriptions.listSubscribed(platform),
      };
    };
    try {
      await moduleCommand.run({
        config,
        argv: argv.slice(1),
        stdout: io.stdout,
        log,
        specs: chatCommandsFor(config, { log, clock: systemClock }).map((command) => command.spec),
        openCore,
      });
    } finally {
      for (const core of opened) await core.close();
    }
    return 0;
  }
  if (args.command === 'backup' || args.command === 'restore') {
    if (args.command === 'backup') backupCli(config, args, io);
    else restoreCli(config, args, io, systemClock);
    return 0;
  }
  if (args.command === 'start') {
    return runBot({ config, log, demo: args.demo, stdin: process.stdin, stdout: process.stdout, logLines });
  }
  const core = await createCore({ config, clock: systemClock, log });
  try {
    switch (args.command) {
      case 'fetch':
        await fetchCli(core, args, io);
        return 0;
      case 'search':
        await searchCli(core, args, io);
        return 0;
      case 'digest':
        await digestCli(core, args, io);
        return 0;
      case 'trending':
        await trendingCli(core, args, io);
        return 0;
      default:
        throw new PaperboyError('invalid_input', `Unknown command "${args.command}".\n\n${usage}`);
    }
  } finally {
    await core.close();
  }
}

// `paperboy digest | head -1`: once the reader has gone, there is nobody left to tell anything.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
}

main(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr }).then(
  (code) => {
    process.exitCode = code;
    // Everything is closed by now; a library handle left open must not keep a stopped bot alive.
    setTimeout(() => process.exit(code), 1_000).unref();
  },
  (error: unknown) => {
    process.stderr.write(
      `paperboy: ${isPaperboyError(error) ? error.message : String((error as Error)?.stack ?? error)}\n`,
    );
    process.exitCode = 1;
  },
);
