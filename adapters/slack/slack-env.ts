/** Slack's slice of the environment (documented in `.env.example`). */
import { z } from 'zod';
import { port, url } from '../../src/config/env.schema';

export const slackEnv = {
  SLACK_BOT_TOKEN: z.string().startsWith('xoxb-', 'SLACK_BOT_TOKEN starts with xoxb-').optional(),
  SLACK_APP_TOKEN: z.string().startsWith('xapp-', 'SLACK_APP_TOKEN starts with xapp-').optional(),
  SLACK_SIGNING_SECRET: z.string().optional(),
  SLACK_PORT: port.default(3000),
  /** Always ends with a slash: Bolt's WebClient appends method names to it. */
  SLACK_API_URL: url('SLACK_API_URL')
    .transform((value) => `${value}/`)
    .default('https://slack.com/api/'),
};

export type SlackConfig = z.infer<z.ZodObject<typeof slackEnv>>;
