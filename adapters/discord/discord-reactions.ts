/**
 * Turns reaction add/remove gateway events on guild messages into the core's neutral `ReactionEvent`.
 * Messages, reactions and users may be partial (not cached, e.g. after a restart): only their ids are
 * read, so nothing is fetched. The bot's own reactions are ignored.
 */
import {
  type Client,
  Events,
  type MessageReaction,
  type PartialMessageReaction,
  type PartialUser,
  type User,
} from 'discord.js';
import type { CommandService } from '../../commands/command-service';
import type { ReactionEvent } from '../../src/chat/chat-port';
import type { Logger } from '../../src/logging/logger';
import { ownsEvent, ownsGuild } from './discord-shard-status';

/** Unicode emoji as themselves; custom emoji as `custom:<id>`, stable across renames. */
export const emojiKey = (emoji: { id: string | null; name: string | null }) =>
  emoji.id ? `custom:${emoji.id}` : (emoji.name ?? 'unknown');

/**
 * The member's name in this guild (nickname first). A removal by someone not in the cache comes with a
 * partial user: it is fetched once, and the id stands in if even that fails.
 */
async function displayNameOf(reaction: MessageReaction | PartialMessageReaction, user: User | PartialUser) {
  const member = reaction.message.guild?.members.cache.get(user.id);
  if (member) return member.displayName;
  if (!user.partial) return user.globalName ?? user.username;
  try {
    const full = await user.fetch();
    return full.globalName ?? full.username;
  } catch {
    return user.id;
  }
}

export async function reactionEventOf(
  reaction: MessageReaction | PartialMessageReaction,
  user: User | PartialUser,
  action: ReactionEvent['action'],
): Promise<ReactionEvent | null> {
  const { message } = reaction;
  if (!message.guildId) return null;
  return {
    channel: { platform: 'discord', workspaceId: message.guildId, channelId: message.channelId },
    messageId: message.id,
    userId: user.id,
    userName: await displayNameOf(reaction, user),
    emoji: emojiKey(reaction.emoji),
    action,
  };
}

/**
 * `track` is told about each event's handling, so that stopping can wait for it. Reactions in guilds on
 * another instance's shards are left to it, and logged from the raw packet: discord.js drops those of
 * guilds it has not cached (never, on a shard it does not run) before any reaction listener hears of them.
 */
export function listenForReactions(
  client: Client,
  commands: CommandService,
  log: Logger,
  track: (work: Promise<void>) => void,
): void {
  const forward =
    (action: ReactionEvent['action']) =>
    async (reaction: MessageReaction | PartialMessageReaction, user: User | PartialUser) => {
      if (user.id === client.user?.id) return;
      if (!ownsGuild(client, reaction.message.guildId)) return;
      try {
        const event = await reactionEventOf(reaction, user, action);
        if (event) await commands.react(event);
      } catch (error) {
        log.error({ err: error, messageId: reaction.message.id, action }, 'reaction handling failed');
      }
    };
  const added = forward('added');
  const removed = forward('removed');
  client.on(Events.Raw, (packet: { t?: string; d?: { guild_id?: string; message_id?: string } }) => {
    if (packet.t === 'MESSAGE_REACTION_ADD' || packet.t === 'MESSAGE_REACTION_REMOVE')
      ownsEvent(client, log, packet.d?.guild_id ?? null, { messageId: packet.d?.message_id });
  });
  client.on(Events.MessageReactionAdd, (reaction, user) => track(added(reaction, user)));
  client.on(Events.MessageReactionRemove, (reaction, user) => track(removed(reaction, user)));
}
