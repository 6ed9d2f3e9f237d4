import { homedir } from 'node:os';
import { z } from 'zod';
import { defaultDatabasePath, resolveDatabaseUrl } from './database-location';
import { projectFolder } from './project-folder';

export const url = (name: string) =>
  z
    .string()
    .url({ message: `${name} must be a URL such as https://example.com`, abort: true })
    // paperboy speaks HTTP only: an ftp:// or file:// URL would only fail later, after a long retry budget.
    .refine((value) => /^https?:\/\//i.test(value), {
      message: `${name} must be an http:// or https:// URL such as https://example.com`,
    })
    .transform((value) => value.replace(/\/+$/, ''));

/** `LOG_LEVEL=DEBUG` means debug: enum variables are matched without regard to case. */
export const lowerCased = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' ? value.trim().toLowerCase() : value), schema);

/** An on/off variable: true/false, yes/no, on/off or 1/0, in any case. */
export const envBoolean = (name: string, fallback: boolean) =>
  z
    .string()
    .default(fallback ? 'true' : 'false')
    .transform((value, ctx) => {
      const word = value.trim().toLowerCase();
      if (['true', 'yes', 'on', '1', 'y', 'enable', 'enabled'].includes(word)) return true;
      if (['false', 'no', 'off', '0', 'n', 'disable', 'disabled'].includes(word)) return false;
      ctx.addIssue({ code: 'custom', message: `${name} is true or false (yes/no, on/off and 1/0 work too)` });
      return z.NEVER;
    });

export const port = z.coerce
  .number({ error: 'expected a port number from 0 to 65535' })
  .int('expected a port number from 0 to 65535')
  .min(0, 'expected a port number from 0 to 65535')
  .max(65_535, 'expected a port number from 0 to 65535');
export const positiveInt = z.coerce
  .number({ error: 'expected a whole number greater than 0' })
  .int('expected a whole number greater than 0')
  .positive('expected a whole number greater than 0');

const divisorOfTheMinute =
  'expected a number of seconds that divides the minute: 1, 2, 3, 4, 5, 6, 10, 12, 15, 20, 30 or 60';

/**
 * The core's environment variables, with their defaults. Each platform and paper source module adds its
 * own slice (a source's, such as HF_BASE_URL, in its folder under src/sources/); the
 * composition root merges them (src/app/config.ts), and `.env.example` documents the whole list.
 */
export const coreEnvShape = {
  /** Resolved once here (src/config/database-location.ts): the rest of paperboy sees an absolute path. */
  DATABASE_URL: z
    .string()
    .default(defaultDatabasePath)
    .transform((value, ctx) => {
      const resolved = resolveDatabaseUrl(value, { project: projectFolder(), home: homedir() });
      if ('url' in resolved) return resolved.url;
      ctx.addIssue({ code: 'custom', message: resolved.problem });
      return z.NEVER;
    }),
  /** Unset means: info for the bot, warn for one-shot CLI commands, error in console mode (the terminal is the UI). */
  LOG_LEVEL: lowerCased(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])).optional(),
  LOG_FORMAT: lowerCased(z.enum(['auto', 'pretty', 'json'])).default('auto'),
  REFRESH_INTERVAL_MINUTES: positiveInt.default(60),
  /** Opt-in: /healthz, /readyz and /metrics on this port (0 picks a free one). Unset: no listener. */
  METRICS_PORT: port.optional(),
  /** Where the metrics port listens; 0.0.0.0 for a scraper or probe outside this host or container. */
  METRICS_HOST: z
    .string()
    .min(1, 'METRICS_HOST is a host name or address such as 0.0.0.0')
    .default('127.0.0.1'),
  /** A Daily Papers day keeps filling until about 02:30 UTC the next day; it counts as complete after this hour. */
  BATCH_SETTLE_HOUR_UTC: z.coerce
    .number({ error: 'expected an hour from 0 to 23' })
    .int('expected an hour from 0 to 23')
    .min(0, 'expected an hour from 0 to 23')
    .max(23, 'expected an hour from 0 to 23')
    .default(3),
  /**
   * How long a scheduled job's lease lasts without renewal (renewed every 10 s, or a third of the lease
   * when shorter, while the job runs): how soon another instance on the same PostgreSQL database takes
   * over the job of one that died.
   */
  JOB_LEASE_SECONDS: positiveInt.default(30),
  /** The scheduler's tick period; each job runs at most once per tick across all instances. */
  TICK_SECONDS: z.coerce
    .number({ error: divisorOfTheMinute })
    .int(divisorOfTheMinute)
    .refine((value) => value > 0 && value <= 60 && 60 % value === 0, { message: divisorOfTheMinute })
    .default(60),
};

export const coreEnvSchema = z.object(coreEnvShape);
export type CoreConfig = z.infer<typeof coreEnvSchema>;
