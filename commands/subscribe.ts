import { z } from 'zod';
import { textReply } from '../src/chat/replies';
import { describeNextDigest } from '../src/digest/schedule';
import { PaperboyError } from '../src/errors';
import { type DigestSettings, type DigestSource, defaultDigestSettings } from '../src/records/subscription';
import { defineCommand } from './command';
import {
  arxivCategories,
  digestSource,
  flag,
  keywordList,
  timeOfDay,
  timezone,
  weekdayList,
  wholeNumber,
} from './option-schemas';
import { describeSettings } from './shared/digest-settings';

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
  categories: arxivCategories.optional(),
});

/**
 * The categories the subscription follows: needed for source=arxiv (kept from before when not given), and
 * refused for the Hugging Face sources, which have none, rather than kept unused.
 */
function categoriesFor(source: DigestSource, given: string[] | undefined, before: string[]): string[] {
  if (source !== 'arxiv') {
    if (given)
      throw new PaperboyError(
        'invalid_input',
        `categories= is for source=arxiv (arXiv categories such as cs.RO); source=${source} posts Hugging Face papers, which have no categories. Add source=arxiv, or leave categories out.`,
      );
    return [];
  }
  const categories = given ?? before;
  if (categories.length === 0)
    throw new PaperboyError(
      'invalid_input',
      'source=arxiv needs the arXiv categories to follow, e.g. `subscribe source=arxiv categories=cs.RO` or categories=cs.LG,cs.RO',
    );
  return categories;
}

const describeSource = (source: DigestSource, categories: string[]) =>
  source === 'trending'
    ? "Hugging Face's trending papers"
    : source === 'arxiv'
      ? `arXiv's new papers in ${categories.join(', ')}`
      : 'the Hugging Face Daily Papers';

const digestName = { daily: 'Daily Papers', trending: 'trending papers', arxiv: 'arXiv digest' } as const;

export const subscribeCommand = defineCommand({
  spec: {
    name: 'subscribe',
    description: 'Post the daily digest in this channel (or change its settings)',
    usage:
      'subscribe [09:00] [Europe/Paris] [top=10] [min_upvotes=0] [include="diffusion, llm"] [exclude=…] [weekdays=mon-fri] [source=daily|trending|arxiv] [categories=cs.LG,cs.RO]',
    saves: true,
    options: [
      {
        name: 'time',
        type: 'string',
        description: 'Local time of day, HH:MM (default 09:00)',
        positional: true,
        shape: /^\d/,
        maxLength: 5,
      },
      {
        name: 'timezone',
        type: 'string',
        description: 'IANA time zone, e.g. Europe/Paris (default UTC)',
        positional: true,
        aliases: ['tz', 'zone'],
        autocomplete: true,
        maxLength: 64,
      },
      { name: 'top', type: 'integer', description: 'How many papers at most (default 10)' },
      {
        name: 'min_upvotes',
        type: 'integer',
        description: 'Leave out papers with fewer upvotes (default 0)',
      },
      {
        name: 'include',
        type: 'string',
        description: 'Only papers mentioning one of these, comma-separated',
        maxLength: 500,
      },
      {
        name: 'exclude',
        type: 'string',
        description: 'Leave out papers mentioning any of these, comma-separated',
        maxLength: 500,
      },
      {
        name: 'weekdays',
        type: 'string',
        description: 'Days to post: daily, mon-fri or e.g. mon,wed,fri',
        maxLength: 40,
      },
      { name: 'post_empty', type: 'boolean', description: 'Post a short line on days with nothing new' },
      {
        name: 'source',
        type: 'string',
        description:
          "daily: the day's batch (default); trending: Hugging Face's trending list, new papers only; arxiv: arXiv's mailing in categories=",
        maxLength: 20,
      },
      {
        name: 'categories',
        type: 'string',
        description: 'For source=arxiv: arXiv categories, comma-separated, e.g. cs.LG,cs.RO',
        maxLength: 200,
      },
    ],
  },
  schema: subscribeSchema,
  managerAction: 'subscribe this channel',
  async run(options, _invocation, context, deps) {
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
      categories: categoriesFor(source, options.categories, base.categories ?? []),
    };
    const subscription = await deps.store.subscriptions.upsert(
      context.channel,
      settings,
      deps.clock.now().toISOString(),
    );
    const what = describeSource(source, subscription.categories);
    const verb = existing?.active
      ? `Updated this channel's ${digestName[source]}`
      : existing
        ? `This channel gets ${what} again, with its previous settings (options change them)`
        : `This channel now gets ${what}`;
    const now = deps.clock.now();
    const next = await describeNextDigest(subscription, now, async (localDate) =>
      Boolean((await deps.store.deliveries.findRun(subscription.id, localDate))?.completedAt),
    );
    const first = existing?.active ? 'Next digest' : 'First digest';
    return textReply(`${verb}.\n${describeSettings(subscription)}\n${first}: ${next}`, 'success', 'channel');
  },
});
