/** Discord's slice of the environment (documented in `.env.example`). */
import { z } from 'zod';
import { url } from '../../src/config/env.schema';

export const discordEnv = {
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
};

export type DiscordConfig = z.infer<z.ZodObject<typeof discordEnv>>;
