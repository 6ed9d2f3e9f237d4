import { z } from 'zod';
import { textReply } from '../../src/chat/replies';
import { describeNextDigest, describeSchedule } from '../../src/digest/schedule';
import { PaperboyError } from '../../src/errors';
import { type DigestSettings, defaultDigestSettings } from '../../src/records/subscription';
import type { CommandContext } from '../command-context';
import type { CommandDeps } from '../command-deps';
import type { CommandInvocation } from '../command-spec';
import {
  digestSource,
  flag,
  keywordList,
  timeOfDay,
  timezone,
  weekdayList,
  wholeNumber,
} from '../option-schemas';
import { validateOptions } from '../validate';

const subscribeSchema = z.object({
  time: timeOfDay.optional(),
  timezone: timezone.optional(),
  top: wholeNumber('top', 1, 50).optional(),
  min_upvotes: wholeNumber('min_upvotes', 0, 100_000).optional(),
  include: keywordList('include').optional(),
  exclude: keywordList('exclude').optional(),
  weekdays: weekdayList.optional(),
  post_empty: flag('post_empty').optional(),
  source: digestSource.optional(),
});

export function requireManager(context: CommandContext, action: string) {
  if (!context.canManageChannel) {
    throw new PaperboyError(
      'forbidden',
      `Only ${context.manageChannelRequirement} can ${action} this channel.`,
    );
  }
}

const sourceLines = {
  daily: "Source: the day's Daily Papers batch (source=trending posts Hugging Face's trending list instead)",
  trending:
    "Source: Hugging Face's trending list, papers not posted here before (source=daily posts the day's batch instead)",
} as const;

export function describeSettings(settings: DigestSettings): string {
  const papers = settings.source === 'trending' ? 'trending papers' : 'papers';
  const lines = [
    `Posts ${describeSchedule(settings)}: the top ${settings.topN} ${papers}` +
      (settings.minUpvotes > 0 ? ` with at least ${settings.minUpvotes} upvotes` : ''),
    sourceLines[settings.source],
    settings.include.length ? `Only papers mentioning: ${settings.include.join(', ')}` : 'Keywords: any',
  ];
  if (settings.exclude.length) lines.push(`Leaves out papers mentioning: ${settings.exclude.join(', ')}`);
  lines.push(
    settings.postWhenEmpty ? 'On days with nothing new: a short note' : 'On days with nothing new: silence',
  );
  return lines.join('\n');
}

export async function subscribeCommand(
  invocation: CommandInvocation,
  context: CommandContext,
  deps: CommandDeps,
) {
  requireManager(context, 'subscribe');
  const options = validateOptions(subscribeSchema, invocation.options);
  const existing = await deps.store.subscriptions.get(context.channel);
  // A channel that unsubscribed and comes back gets its own settings back, not the defaults.
  const base: DigestSettings = existing ?? defaultDigestSettings;
  const source = options.source ?? base.source;
  // The trending list is always there, so "nothing new" is news: a channel switching to it hears so,
  // unless it says post_empty=off.
  const switchedToTrending = source === 'trending' && base.source !== 'trending';
  const settings: DigestSettings = {
    source,
    time: options.time ?? base.time,
    timezone: options.timezone ?? base.timezone,
    weekdays: options.weekdays ?? base.weekdays,
    topN: options.top ?? base.topN,
    minUpvotes: options.min_upvotes ?? base.minUpvotes,
    include: options.include ?? base.include,
    exclude: options.exclude ?? base.exclude,
    postWhenEmpty: options.post_empty ?? (switchedToTrending ? true : base.postWhenEmpty),
  };
  const subscription = await deps.store.subscriptions.upsert(
    context.channel,
    settings,
    deps.clock.now().toISOString(),
  );
  const what = source === 'trending' ? "Hugging Face's trending papers" : 'the Hugging Face Daily Papers';
  const verb = existing?.active
    ? `Updated this channel's ${source === 'trending' ? 'trending papers' : 'Daily Papers'}`
    : existing
      ? `This channel gets ${what} again, with its previous settings (options change them)`
      : `This channel now gets ${what}`;
  const now = deps.clock.now();
  const next = await describeNextDigest(subscription, now, async (localDate) =>
    Boolean((await deps.store.deliveries.findRun(subscription.id, localDate))?.completedAt),
  );
  const first = existing?.active ? 'Next digest' : 'First digest';
  return textReply(`${verb}.\n${describeSettings(subscription)}\n${first}: ${next}`, 'success', 'channel');
}

export async function unsubscribeCommand(
  _invocation: CommandInvocation,
  context: CommandContext,
  deps: CommandDeps,
) {
  requireManager(context, 'unsubscribe');
  const stopped = await deps.store.subscriptions.deactivate(context.channel, deps.clock.now().toISOString());
  return stopped
    ? textReply(
        'This channel will no longer get the Daily Papers. Subscribe again at any time.',
        'success',
        'channel',
      )
    : textReply(`This channel is not subscribed. Use \`${context.commandPrefix} subscribe\` to start.`);
}
