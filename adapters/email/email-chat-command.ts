/**
 * `/papers email you@lab.org` in a chat channel (channel managers only): mails the address a confirmation
 * link for a digest with this channel's settings (the defaults when the channel has none). Nothing is sent
 * to the address until its owner clicks, so a manager cannot subscribe someone else either.
 */

import { z } from 'zod';
import { defineCommand } from '../../commands/command';
import { textReply } from '../../src/chat/replies';
import { describeSchedule } from '../../src/digest/schedule';
import { DeliveryError, PaperboyError } from '../../src/errors';
import { type DigestSettings, defaultDigestSettings } from '../../src/records/subscription';
import type { PlatformChatCommand } from '../platform-module';
import { normalAddress } from './email-address';
import { sendConfirmation } from './email-confirmation';
import { type EmailConfig, emailSettings } from './email-env';

const dayNames = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

/** The settings as `subscribe` options, so the confirm link subscribes the address to exactly these. */
export function settingsAsOptions(settings: DigestSettings): string {
  const quoted = (words: string[]) => `"${words.join(', ')}"`;
  return [
    settings.time,
    settings.timezone,
    `top=${settings.topN}`,
    `min_upvotes=${settings.minUpvotes}`,
    `weekdays=${settings.weekdays.map((day) => dayNames[day]).join(',')}`,
    `source=${settings.source}`,
    ...(settings.source === 'arxiv' ? [`categories=${(settings.categories ?? []).join(',')}`] : []),
    `post_empty=${settings.postWhenEmpty ? 'on' : 'off'}`,
    ...(settings.include.length ? [`include=${quoted(settings.include)}`] : []),
    ...(settings.exclude.length ? [`exclude=${quoted(settings.exclude)}`] : []),
  ].join(' ');
}

export const emailChatCommand: PlatformChatCommand<EmailConfig> = {
  command: (config, { clock, log }) =>
    defineCommand({
      spec: {
        name: 'email',
        description: "Mail this channel's digest to an address too (its owner confirms by mail)",
        usage: 'email <address>',
        options: [
          {
            name: 'address',
            type: 'string',
            description: 'The address, e.g. you@lab.org',
            required: true,
            positional: true,
          },
        ],
      },
      schema: z.object({
        address: z.string().max(254, 'an email address is at most 254 characters').default(''),
      }),
      managerAction: "mail this channel's digest to an address",
      async run({ address: raw }, _invocation, context, deps) {
        const address = normalAddress(raw);
        if (!address)
          throw new PaperboyError(
            'invalid_input',
            `"${raw}" is not an email address: expected one such as you@lab.org.`,
          );
        const settings = emailSettings(config);
        if (!settings)
          throw new PaperboyError('config_invalid', 'Email digests are not set up on this paperboy.');
        const channelSettings =
          (await deps.store.subscriptions.get(context.channel)) ?? defaultDigestSettings;
        const description = `Mails ${describeSchedule(channelSettings)}: the top ${channelSettings.topN} ${channelSettings.source === 'trending' ? 'trending papers' : channelSettings.source === 'arxiv' ? `arXiv papers in ${(channelSettings.categories ?? []).join(', ')}` : 'papers'}, with this channel's settings.`;
        try {
          await sendConfirmation(settings, clock, {
            address,
            settingsText: settingsAsOptions(channelSettings),
            description,
          });
        } catch (error) {
          log.warn({ err: error }, 'confirmation mail not sent');
          const reason = error instanceof DeliveryError ? error.message : 'the mail server did not answer';
          return textReply(`No confirmation mail could be sent: ${reason}.`, 'error', 'private');
        }
        return textReply(
          `A confirmation mail went to ${address}. The digest is mailed there once its owner clicks the link (it works for 7 days).\n${description}`,
          'success',
          'private',
        );
      },
    }),
};
