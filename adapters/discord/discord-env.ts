/** Discord's slice of the environment (documented in `.env.example`). */
import { z } from 'zod';
import { envBoolean, url } from '../../src/config/env.schema';
import { shardCountSchema, shardIdsSchema } from './discord-shards';

export const discordEnv = {
  DISCORD_TOKEN: z.string().optional(),
  DISCORD_APPLICATION_ID: z
    .string()
    .regex(/^\d+$/, 'DISCORD_APPLICATION_ID is a numeric snowflake')
    .optional(),
  DISCORD_API_BASE: url('DISCORD_API_BASE').default('https://discord.com/api'),
  /** Privileged intent (switch it on in the developer portal too): lets 🔖 on any message linking a paper work. */
  DISCORD_MESSAGE_CONTENT: envBoolean('DISCORD_MESSAGE_CONTENT', false),
  DISCORD_GUILD_ID: z.string().regex(/^\d+$/, 'DISCORD_GUILD_ID is a numeric snowflake').optional(),
  /** Total gateway shards across all instances, or `auto` (Discord's recommended count, all in this process). Unset: 1. */
  DISCORD_SHARD_COUNT: shardCountSchema.optional(),
  /** The shards this instance runs (`0,1`, `0-3`); needs a numeric DISCORD_SHARD_COUNT. Unset: all of them. */
  DISCORD_SHARD_IDS: shardIdsSchema.optional(),
};

export type DiscordConfig = z.infer<z.ZodObject<typeof discordEnv>>;
