/** Builders for the gateway payloads the fake sends: guilds, users, members, interactions, reactions. */
import { PermissionFlagsBits } from 'discord.js';
import type { FakeChannel, FakeGuildSpec, FakeMessage, FakeUser, Json } from './fake-types';

let counter = 0n;
/** Snowflake-shaped ids, increasing, with a plausible timestamp part. */
export const snowflake = () => String(((BigInt(Date.now()) - 1420070400000n) << 22n) + (++counter % 4096n));

export const userPayload = (id: string, username: string, bot = false): FakeUser => ({
  id,
  username,
  global_name: username,
  discriminator: '0',
  avatar: null,
  ...(bot ? { bot: true } : {}),
});

/** An ordinary member may talk and use commands; an admin may also manage the channel. */
export const memberPermissions = (admin: boolean) =>
  PermissionFlagsBits.ViewChannel |
  PermissionFlagsBits.SendMessages |
  PermissionFlagsBits.ReadMessageHistory |
  PermissionFlagsBits.UseApplicationCommands |
  PermissionFlagsBits.AddReactions |
  (admin ? PermissionFlagsBits.ManageChannels : 0n);

export const memberPayload = (user: FakeUser, permissions: bigint) => ({
  user,
  roles: [],
  joined_at: '2025-01-01T00:00:00.000Z',
  deaf: false,
  mute: false,
  flags: 0,
  pending: false,
  nick: null,
  avatar: null,
  communication_disabled_until: null,
  permissions: String(permissions),
});

export const channelPayload = (
  guildId: string,
  spec: { id: string; name: string; type?: number },
  position = 0,
): FakeChannel => ({
  id: spec.id,
  type: spec.type ?? 0,
  guild_id: guildId,
  name: spec.name,
  position,
  permission_overwrites: [],
  nsfw: false,
  parent_id: null,
  topic: null,
  last_message_id: null,
  rate_limit_per_user: 0,
});

export function guildCreatePayload(spec: FakeGuildSpec, channels: FakeChannel[], ownerId: string): Json {
  return {
    id: spec.id,
    name: spec.name ?? `guild ${spec.id}`,
    icon: null,
    splash: null,
    discovery_splash: null,
    owner_id: ownerId,
    afk_channel_id: null,
    afk_timeout: 300,
    verification_level: 0,
    default_message_notifications: 0,
    explicit_content_filter: 0,
    roles: [
      {
        id: spec.id,
        name: '@everyone',
        permissions: String(memberPermissions(false)),
        position: 0,
        color: 0,
        hoist: false,
        managed: false,
        mentionable: false,
        flags: 0,
      },
    ],
    emojis: [],
    stickers: [],
    features: [],
    mfa_level: 0,
    application_id: null,
    system_channel_id: null,
    system_channel_flags: 0,
    rules_channel_id: null,
    joined_at: '2025-01-01T00:00:00.000Z',
    large: false,
    unavailable: false,
    member_count: 2,
    voice_states: [],
    members: [],
    channels,
    threads: [],
    presences: [],
    stage_instances: [],
    guild_scheduled_events: [],
    soundboard_sounds: [],
    preferred_locale: 'en-US',
    premium_tier: 0,
    premium_progress_bar_enabled: false,
    nsfw_level: 0,
    vanity_url_code: null,
    description: null,
    banner: null,
  };
}

export function messagePayload(
  fields: Partial<FakeMessage> & Pick<FakeMessage, 'id' | 'channel_id' | 'author'>,
): FakeMessage {
  return {
    type: 0,
    content: '',
    embeds: [],
    components: [],
    attachments: [],
    mentions: [],
    mention_roles: [],
    mention_everyone: false,
    pinned: false,
    tts: false,
    timestamp: new Date().toISOString(),
    edited_timestamp: null,
    flags: 0,
    ...fields,
  };
}

export interface InteractionBase {
  applicationId: string;
  guildId: string;
  channel: FakeChannel;
  user: FakeUser;
  admin?: boolean;
  /** Overrides the member's permissions in the channel (e.g. Administrator only). */
  permissions?: bigint;
}

function interactionEnvelope(base: InteractionBase, type: number, data: Json, extra: Json = {}): Json {
  const id = snowflake();
  return {
    id,
    application_id: base.applicationId,
    type,
    token: `itoken-${id}`,
    version: 1,
    guild_id: base.guildId,
    channel_id: base.channel.id,
    channel: base.channel,
    member: memberPayload(base.user, base.permissions ?? memberPermissions(base.admin === true)),
    locale: 'en-US',
    guild_locale: 'en-US',
    app_permissions: String(memberPermissions(true)),
    entitlements: [],
    authorizing_integration_owners: { '0': base.guildId },
    context: 0,
    attachment_size_limit: 10485760,
    data,
    ...extra,
  };
}

export interface SlashOption {
  name: string;
  type: number;
  value: string | number | boolean;
  focused?: boolean;
}

const commandData = (commandId: string, subcommand: string, options: SlashOption[]) => ({
  id: commandId,
  name: 'papers',
  type: 1,
  options: [{ type: 1, name: subcommand, options }],
});

export const slashInteraction = (
  base: InteractionBase,
  commandId: string,
  subcommand: string,
  options: SlashOption[],
) => interactionEnvelope(base, 2, commandData(commandId, subcommand, options));

export const autocompleteInteraction = (
  base: InteractionBase,
  commandId: string,
  subcommand: string,
  options: SlashOption[],
) => interactionEnvelope(base, 4, commandData(commandId, subcommand, options));

export const buttonInteraction = (base: InteractionBase, message: FakeMessage, customId: string) =>
  interactionEnvelope(base, 3, { custom_id: customId, component_type: 2 }, { message });

export function reactionPayload(input: {
  guildId: string;
  channelId: string;
  messageId: string;
  user: FakeUser;
  emoji: string | { id: string; name: string };
  action: 'added' | 'removed';
}): Json {
  const emoji = typeof input.emoji === 'string' ? { id: null, name: input.emoji } : input.emoji;
  return {
    user_id: input.user.id,
    channel_id: input.channelId,
    message_id: input.messageId,
    guild_id: input.guildId,
    emoji,
    type: 0,
    burst: false,
    ...(input.action === 'added' ? { member: memberPayload(input.user, memberPermissions(false)) } : {}),
  };
}
