/** Slack's slice of the environment (documented in `.env.example`). */
import { z } from 'zod';
import { envBoolean, port, url } from '../../src/config/env.schema';
import { parseKey } from '../../src/secrets/secret-box';

const keyMessage = (name: string) =>
  `${name} must be 32 random bytes written as base64 (44 characters) or hex (64 characters): make one with \`openssl rand -base64 32\``;

const encryptionKey = (name: string) =>
  z
    .string()
    .refine((value) => parseKey(value) !== null, { message: keyMessage(name) })
    .optional();

export const slackEnv = {
  SLACK_BOT_TOKEN: z.string().startsWith('xoxb-', 'SLACK_BOT_TOKEN starts with xoxb-').optional(),
  SLACK_APP_TOKEN: z.string().startsWith('xapp-', 'SLACK_APP_TOKEN starts with xapp-').optional(),
  SLACK_SIGNING_SECRET: z.string().optional(),
  SLACK_PORT: port.default(3000),
  /** HTTP mode: the address the listener binds (127.0.0.1 behind a reverse proxy); every address when unset. */
  SLACK_HOST: z.string().min(1, 'SLACK_HOST is a host name or address such as 127.0.0.1').optional(),
  /** Always ends with a slash: Bolt's WebClient appends method names to it. */
  SLACK_API_URL: url('SLACK_API_URL')
    .transform((value) => `${value}/`)
    .default('https://slack.com/api/'),
  /**
   * HTTP mode: answer Slack only once the listener ran (Bolt's option for FaaS hosts that freeze the
   * process after the response; also what makes tests deterministic). Default false: ack at once.
   */
  SLACK_PROCESS_BEFORE_RESPONSE: envBoolean('SLACK_PROCESS_BEFORE_RESPONSE', false),
  /** Many workspaces (the OAuth install flow) instead of one bot token. */
  SLACK_CLIENT_ID: z.string().optional(),
  SLACK_CLIENT_SECRET: z.string().optional(),
  /** Signs the OAuth `state`, so any instance can finish an install another one began. */
  SLACK_STATE_SECRET: z.string().min(16, 'SLACK_STATE_SECRET must be at least 16 characters').optional(),
  /** Encrypts each workspace's bot token in the database (AES-256-GCM). */
  SLACK_TOKEN_ENCRYPTION_KEY: encryptionKey('SLACK_TOKEN_ENCRYPTION_KEY'),
  /** The key before the current one, while rotating: tokens it sealed still open, and are sealed again. */
  SLACK_TOKEN_ENCRYPTION_KEY_PREVIOUS: encryptionKey('SLACK_TOKEN_ENCRYPTION_KEY_PREVIOUS'),
  /** The OAuth redirect URL, when the app lists several: https://<host>/slack/oauth_redirect. */
  SLACK_REDIRECT_URL: url('SLACK_REDIRECT_URL')
    .refine((value) => value.endsWith('/slack/oauth_redirect'), {
      message:
        'SLACK_REDIRECT_URL must end with /slack/oauth_redirect, e.g. https://paperboy.example.org/slack/oauth_redirect',
    })
    .optional(),
};

export type SlackConfig = z.infer<z.ZodObject<typeof slackEnv>>;
