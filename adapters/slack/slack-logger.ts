/** Hands Bolt and the Web API client our pino logger, so their lines land in the same structured log. */
import { LogLevel, type Logger as SlackLogger } from '@slack/bolt';
import type { Logger } from '../../src/logging/logger';

/** The Web API client logs request bodies as JSON text: an OAuth exchange's `code` (or a `state`) is blanked. */
const oauthFields = /("(?:code|state)"\s*:\s*")[^"]*"/g;

const format = (parts: unknown[]): string =>
  parts
    .map((part) => (typeof part === 'string' ? part : part instanceof Error ? part.message : String(part)))
    .join(' ')
    .replace(oauthFields, '$1[redacted]"');

export function boltLogger(log: Logger): SlackLogger {
  const child = log.child({ component: 'bolt' });
  return {
    debug: (...msg: unknown[]) => child.debug(format(msg)),
    info: (...msg: unknown[]) => child.info(format(msg)),
    warn: (...msg: unknown[]) => child.warn(format(msg)),
    error: (...msg: unknown[]) => child.error(format(msg)),
    // pino's level decides; Bolt only asks so it can skip building debug strings.
    setLevel: () => undefined,
    getLevel: () => (child.isLevelEnabled('debug') ? LogLevel.DEBUG : LogLevel.INFO),
    setName: () => undefined,
  };
}
