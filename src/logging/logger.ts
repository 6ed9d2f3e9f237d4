import pino, { type DestinationStream, type Logger } from 'pino';
import pinoPretty from 'pino-pretty';
import type { LogLines } from './log-lines';

export type { Logger };

/**
 * Paths pino blanks out wherever they appear in a log object: tokens and authorization headers, OAuth
 * states and the codes of a query, and each secret configuration key (the composition root passes every
 * platform module's).
 */
export const redactedPaths = (secretKeys: readonly string[]) => [
  'token',
  '*.token',
  'authorization',
  '*.authorization',
  'headers.authorization',
  '*.headers.authorization',
  'state',
  '*.state',
  'query.code',
  '*.query.code',
  'query.state',
  '*.query.state',
  ...secretKeys.flatMap((key) => [`config.${key}`, `*.${key}`]),
];

export interface LoggerOptions {
  level: string;
  format: 'auto' | 'pretty' | 'json';
  /** Secret values to scrub from every line, whatever field they hide in (error messages, URLs). */
  secrets?: string[];
  /** Configuration keys whose values are secret, blanked wherever a log object carries them. */
  secretKeys?: readonly string[];
  destination?: DestinationStream;
  /** Standard error shared with a prompt (the console): lines are written in-process, through its guard. */
  lines?: LogLines;
}

/** One root logger; everything else uses `log.child({ platform, channel })`. */
export function createLogger(options: LoggerOptions): Logger {
  const secrets = (options.secrets ?? []).flatMap(withUrlPasswords).filter((secret) => secret.length >= 6);
  const pretty = options.format === 'pretty' || (options.format === 'auto' && process.stdout.isTTY === true);
  const scrub = scrubber(secrets);
  const base = {
    level: options.level,
    redact: { paths: redactedPaths(options.secretKeys ?? ['HF_TOKEN']), censor: '[redacted]' },
    hooks: { streamWrite: scrub },
  };
  if (options.destination) return pino(base, options.destination);
  if (options.lines && pretty)
    return pino(base, pinoPretty({ colorize: true, ignore: 'pid,hostname', destination: options.lines }));
  if (options.lines) return pino(base, options.lines);
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

/**
 * A secret that is a URL with a password (`smtp://user:pass@host`, `postgres://…`) hides the password on
 * its own too: a library's error message may quote it without the rest of the URL.
 */
function withUrlPasswords(secret: string): string[] {
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(secret)) return [secret];
  try {
    const { password } = new URL(secret);
    return password ? [secret, password, decodeURIComponent(password)] : [secret];
  } catch {
    return [secret];
  }
}

/**
 * An OAuth authorization code or state in a URL's query (`?code=…&state=…`), wherever a line quotes one:
 * each is a one-time credential until it is spent.
 */
const oauthQuery = /([?&](?:code|state)=)[^&\s"\\#]+/g;

const scrubber = (secrets: string[]) => (line: string) =>
  secrets
    .reduce((text, secret) => text.split(secret).join('[redacted]'), line)
    .replace(oauthQuery, '$1[redacted]');
