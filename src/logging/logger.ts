import pino, { type DestinationStream, type Logger } from 'pino';

export type { Logger };

/** Paths pino blanks out wherever they appear in a log object. */
export const redactedPaths = [
  'token',
  '*.token',
  'authorization',
  '*.authorization',
  'headers.authorization',
  '*.headers.authorization',
  'config.HF_TOKEN',
  'config.DISCORD_TOKEN',
  'config.SLACK_BOT_TOKEN',
  'config.SLACK_APP_TOKEN',
  'config.SLACK_SIGNING_SECRET',
  '*.HF_TOKEN',
  '*.DISCORD_TOKEN',
  '*.SLACK_BOT_TOKEN',
  '*.SLACK_APP_TOKEN',
  '*.SLACK_SIGNING_SECRET',
];

export interface LoggerOptions {
  level: string;
  format: 'auto' | 'pretty' | 'json';
  /** Secret values to scrub from every line, whatever field they hide in (error messages, URLs). */
  secrets?: string[];
  destination?: DestinationStream;
}

/** One root logger; everything else uses `log.child({ platform, channel })`. */
export function createLogger(options: LoggerOptions): Logger {
  const secrets = (options.secrets ?? []).filter((secret) => secret.length >= 6);
  const pretty = options.format === 'pretty' || (options.format === 'auto' && process.stdout.isTTY === true);
  const scrub = secrets.length === 0 ? undefined : scrubber(secrets);
  const base = {
    level: options.level,
    redact: { paths: redactedPaths, censor: '[redacted]' },
    ...(scrub ? { hooks: { streamWrite: scrub } } : {}),
  };
  if (options.destination) return pino(base, options.destination);
  if (pretty) {
    return pino({
      ...base,
      transport: {
        target: 'pino-pretty',
        options: { colorize: true, ignore: 'pid,hostname', destination: 2 },
      },
    });
  }
  return pino(base, pino.destination(2));
}

const scrubber = (secrets: string[]) => (line: string) =>
  secrets.reduce((text, secret) => text.split(secret).join('[redacted]'), line);
