import { z } from 'zod';

const url = (name: string) =>
  z
    .string()
    .url(`${name} must be a URL such as https://example.com`)
    // paperboy speaks HTTP only: an ftp:// or file:// URL would only fail later, after a long retry budget.
    .refine((value) => /^https?:\/\//i.test(value), {
      message: `${name} must be an http:// or https:// URL such as https://example.com`,
    })
    .transform((value) => value.replace(/\/+$/, ''));

/** `LOG_LEVEL=DEBUG` means debug: enum variables are matched without regard to case. */
const lowerCased = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' ? value.trim().toLowerCase() : value), schema);

const port = z.coerce
  .number({ error: 'expected a port number from 0 to 65535' })
  .int('expected a port number from 0 to 65535')
  .min(0, 'expected a port number from 0 to 65535')
  .max(65_535, 'expected a port number from 0 to 65535');
const positiveInt = z.coerce
  .number({ error: 'expected a whole number greater than 0' })
  .int('expected a whole number greater than 0')
  .positive('expected a whole number greater than 0');

/** Every environment variable paperboy reads, with its default. `.env.example` documents the same list. */
export const envSchema = z.object({
  HF_BASE_URL: url('HF_BASE_URL').default('https://huggingface.co'),
  HF_TOKEN: z.string().optional(),
  HF_TIMEOUT_MS: positiveInt.default(15_000),
  HF_RETRY_BUDGET_MS: positiveInt.default(30_000),
  DATABASE_URL: z
    .string()
    .default('./data/paperboy.db')
    .refine((value) => !/^[a-z]+:\/\//i.test(value) || value.startsWith('file://'), {
      message: 'only SQLite is supported for now: use a file path such as ./data/paperboy.db',
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
  DISCORD_TOKEN: z.string().optional(),
  DISCORD_APPLICATION_ID: z
    .string()
    .regex(/^\d+$/, 'DISCORD_APPLICATION_ID is a numeric snowflake')
    .optional(),
  DISCORD_API_BASE: url('DISCORD_API_BASE').default('https://discord.com/api'),
  /** Privileged intent (switch it on in the developer portal too): lets 🔖 on any message linking a paper work. */
  DISCORD_MESSAGE_CONTENT: z
    .enum(['true', 'false', '1', '0'], { error: 'DISCORD_MESSAGE_CONTENT is true or false' })
    .default('false')
    .transform((value) => value === 'true' || value === '1'),
  DISCORD_GUILD_ID: z.string().regex(/^\d+$/, 'DISCORD_GUILD_ID is a numeric snowflake').optional(),
  SLACK_BOT_TOKEN: z.string().startsWith('xoxb-', 'SLACK_BOT_TOKEN starts with xoxb-').optional(),
  SLACK_APP_TOKEN: z.string().startsWith('xapp-', 'SLACK_APP_TOKEN starts with xapp-').optional(),
  SLACK_SIGNING_SECRET: z.string().optional(),
  SLACK_PORT: port.default(3000),
  /** Always ends with a slash: Bolt's WebClient appends method names to it. */
  SLACK_API_URL: url('SLACK_API_URL')
    .transform((value) => `${value}/`)
    .default('https://slack.com/api/'),
});

export type Env = z.infer<typeof envSchema>;
