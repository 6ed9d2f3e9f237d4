/**
 * The `paperboy` command line: `start` (the default), `fetch`, `search`, `digest`, `trending`,
 * `register-commands`.
 */
import { createCore } from './app/create-core';
import { runBot } from './app/run-bot';
import { type CliArgs, parseCliArgs, usage } from './cli/cli-args';
import { type CliIo, digestCli, fetchCli, searchCli, trendingCli } from './cli/cli-commands';
import { registerCommandsCli } from './cli/register-commands-cli';
import { systemClock } from './clock';
import { type Config, loadConfig } from './config/config';
import { isPaperboyError, PaperboyError } from './errors';
import { createLogger } from './logging/logger';

const secretsOf = (config: Config) =>
  [
    config.HF_TOKEN,
    config.DISCORD_TOKEN,
    config.SLACK_BOT_TOKEN,
    config.SLACK_APP_TOKEN,
    config.SLACK_SIGNING_SECRET,
  ].filter((secret): secret is string => Boolean(secret));

async function main(argv: string[], io: CliIo): Promise<number> {
  const args: CliArgs = parseCliArgs(argv);
  if (args.command === 'help') {
    io.stdout.write(`${usage}\n`);
    return 0;
  }
  const config = loadConfig();
  // One-shot commands keep the terminal for their output: only warnings and errors are logged.
  const quiet = args.command !== 'start' && !args.verbose;
  const log = createLogger({
    level: config.LOG_LEVEL ?? (quiet ? 'warn' : 'info'),
    format: config.LOG_FORMAT,
    secrets: secretsOf(config),
  });
  if (args.command === 'start') {
    return runBot({ config, log, demo: args.demo, stdin: process.stdin, stdout: process.stdout });
  }
  const core = createCore({ config, clock: systemClock, log });
  try {
    switch (args.command) {
      case 'fetch':
        await fetchCli(core, args, io);
        return 0;
      case 'search':
        searchCli(core, args, io);
        return 0;
      case 'digest':
        await digestCli(core, args, io);
        return 0;
      case 'trending':
        await trendingCli(core, args, io);
        return 0;
      case 'register-commands':
        await registerCommandsCli(config, args, io, log);
        return 0;
      default:
        throw new PaperboyError('invalid_input', `Unknown command "${args.command}".\n\n${usage}`);
    }
  } finally {
    core.close();
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
