import { z } from 'zod';
import { textReply } from '../src/chat/replies';
import { digestSourceOf } from '../src/digest/sources/registry';
import { looksLikeEmoji, sameEmoji } from '../src/discussion/emoji';
import { PaperboyError } from '../src/errors';
import type { ChannelSettings } from '../src/records/discussion';
import { localMoment } from '../src/time/zoned-time';
import { defineCommand } from './command';
import { agendaSlot, flag } from './option-schemas';
import { describeSettings, requireManager } from './shared/digest-settings';
import { describeRanking, dislikeEmojiOption, rankingOption } from './shared/ranking-settings';

const settingsSchema = z.object({
  flag_emoji: z
    .string()
    .trim()
    .refine(looksLikeEmoji, 'flag_emoji must be one emoji, e.g. 🔖 or :bookmark:')
    .optional(),
  threads: flag('threads').optional(),
  agenda: agendaSlot.optional(),
  ranking: rankingOption.optional(),
  dislike_emoji: dislikeEmojiOption.optional(),
});

const dayNames = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

function describeDiscussion(settings: ChannelSettings, prefix: string): string {
  const agenda = settings.agenda
    ? `Weekly agenda: ${dayNames[settings.agenda.weekday]} ${settings.agenda.time} ${settings.agenda.timezone}`
    : `Weekly agenda: off (\`${prefix} settings agenda:"fri 15:00"\` turns it on)`;
  const threads = settings.threads ? 'the first flag opens a thread' : 'no threads are opened';
  return `Flag a paper for discussion with ${settings.flagEmoji}; ${threads}\n${agenda}`;
}

/** Shows the channel's settings; with options, changes the discussion settings first (managers only). */
export const settingsCommand = defineCommand({
  spec: {
    name: 'settings',
    description: "Show this channel's settings, or change its discussion settings",
    usage:
      'settings [flag_emoji=🔖] [threads=on] [agenda="fri 15:00"] [ranking=team|upvotes] [dislike_emoji=👎]',
    saves: true,
    options: [
      {
        name: 'flag_emoji',
        type: 'string',
        description: 'The reaction that flags a paper for discussion (default 🔖)',
        maxLength: 64,
      },
      {
        name: 'threads',
        type: 'boolean',
        description: 'Open a discussion thread on the first flag (default on)',
      },
      {
        name: 'agenda',
        type: 'string',
        description: 'Weekly agenda post, e.g. "fri 15:00" or off',
        maxLength: 60,
      },
      {
        name: 'ranking',
        type: 'string',
        description: "Digest order: team (learns from this channel's flags; the default) or upvotes",
        maxLength: 10,
      },
      {
        name: 'dislike_emoji',
        type: 'string',
        description:
          'The reaction that tells the ranking a paper is not for this channel (default 👎), or off',
        maxLength: 64,
      },
    ],
  },
  schema: settingsSchema,
  async run(changes, _invocation, context, deps) {
    const now = deps.clock.now();
    const subscription = await deps.store.subscriptions.get(context.channel);
    let discussion = await deps.store.discussion.getSettings(context.channel);
    const changing = Object.values(changes).some((value) => value !== undefined);
    if (changing) {
      requireManager(context, 'change the settings of');
      const agenda =
        changes.agenda === undefined
          ? discussion.agenda
          : changes.agenda && {
              weekday: changes.agenda.weekday,
              time: changes.agenda.time,
              timezone:
                changes.agenda.timezone ?? discussion.agenda?.timezone ?? subscription?.timezone ?? 'UTC',
            };
      discussion = {
        flagEmoji: changes.flag_emoji ?? discussion.flagEmoji,
        threads: changes.threads ?? discussion.threads,
        agenda,
        ranking: changes.ranking ?? discussion.ranking,
        dislikeEmoji: changes.dislike_emoji === undefined ? discussion.dislikeEmoji : changes.dislike_emoji,
      };
      if (
        discussion.dislikeEmoji &&
        sameEmoji(discussion.flagEmoji, discussion.dislikeEmoji, deps.toUnicode)
      ) {
        const which = changes.flag_emoji !== undefined ? 'flag_emoji' : 'dislike_emoji';
        throw new PaperboyError(
          'invalid_input',
          `${which}=${which === 'flag_emoji' ? discussion.flagEmoji : discussion.dislikeEmoji} is the same reaction as ${which === 'flag_emoji' ? 'dislike_emoji' : 'flag_emoji'}: one reaction cannot both flag a paper for discussion and tell the ranking it is not for this channel. Choose another emoji (nothing was changed).`,
        );
      }
      await deps.store.discussion.saveSettings(context.channel, discussion, now.toISOString());
      if (agenda && changes.agenda) {
        // A slot that already passed today starts next week, not right now.
        const local = localMoment(now, agenda.timezone);
        if (local.weekday === agenda.weekday && local.time >= agenda.time) {
          await deps.store.discussion.recordAgenda(context.channel, local.date, now.toISOString());
        }
      }
    }
    const paused = subscription?.pausedReason
      ? `\nPaused: ${subscription.pausedReason}. Subscribe again once the bot can post here.`
      : '';
    const digest = subscription?.active
      ? `${describeSettings(subscription)}${paused}`
      : `Not subscribed to the daily digest (\`${context.commandPrefix} subscribe\` starts it).`;
    const ranking = describeRanking(
      await deps.ranking.status(context.channel, now),
      discussion,
      context.commandPrefix,
      digestSourceOf(subscription?.source ?? 'daily').order,
    );
    const text = `${digest}\n${describeDiscussion(discussion, context.commandPrefix)}\n${ranking}`;
    return changing ? textReply(`Settings updated.\n${text}`, 'success') : textReply(text);
  },
});
