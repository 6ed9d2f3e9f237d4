import { PermissionFlagsBits, ApplicationCommandOptionType as T } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENERIC_FAILURE, GUILD_ONLY } from '../../adapters/discord/discord-interactions';
import { type SlashOption, slashInteraction } from '../fakes/discord/fake-payloads';
import type { Json, RecordedRequest } from '../fakes/discord/fake-types';
import { ALICE, BOB, buttonLabels, channelRef, GUILD_ID, Harness, PAPERS_CHANNEL } from './discord-harness';

const EPHEMERAL = 64;
const opt = (name: string, type: T, value: string | number | boolean): SlashOption => ({ name, type, value });
const isEphemeral = (flags: number | undefined) => ((flags ?? 0) & EPHEMERAL) !== 0;
const answersOf = (harness: Harness, interactionId: string) =>
  harness.fake.requests.entries.filter((request) => request.path.includes(interactionId));
const bodyOf = (request?: RecordedRequest) => (request?.body ?? {}) as Json;

describe('Discord /papers subcommands', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await Harness.start();
  });
  afterAll(async () => await harness.close());

  const roundTrips: {
    sub: string;
    options: SlashOption[];
    admin: boolean;
    expected: Json;
    ephemeral: boolean;
    shows: RegExp;
  }[] = [
    {
      sub: 'search',
      options: [
        opt('query', T.String, 'diffusion transformers'),
        opt('days', T.Integer, 7),
        opt('min_upvotes', T.Integer, 10),
      ],
      admin: false,
      expected: { query: 'diffusion transformers', days: 7, min_upvotes: 10 },
      ephemeral: true,
      shows: /Search: diffusion transformers/,
    },
    {
      sub: 'today',
      options: [],
      admin: false,
      expected: {},
      ephemeral: true,
      shows: /Daily Papers — Thu 27 Nov/,
    },
    {
      sub: 'paper',
      options: [opt('id', T.String, '2410.17243')],
      admin: false,
      expected: { id: '2410.17243' },
      ephemeral: true,
      shows: /Paper 2410\.17243/,
    },
    {
      sub: 'subscribe',
      options: [
        opt('time', T.String, '08:30'),
        opt('timezone', T.String, 'Europe/Paris'),
        opt('top', T.Integer, 5),
        opt('include', T.String, 'diffusion, llm'),
        opt('post_empty', T.Boolean, true),
      ],
      admin: true,
      expected: {
        time: '08:30',
        timezone: 'Europe/Paris',
        top: 5,
        include: 'diffusion, llm',
        post_empty: true,
      },
      ephemeral: false,
      shows: /now gets the Hugging Face Daily Papers/,
    },
    { sub: 'unsubscribe', options: [], admin: true, expected: {}, ephemeral: false, shows: /no longer gets/ },
    {
      sub: 'settings',
      options: [],
      admin: false,
      expected: {},
      ephemeral: true,
      shows: /Posts daily at 09:00/,
    },
    {
      sub: 'help',
      options: [],
      admin: false,
      expected: {},
      ephemeral: true,
      shows: /`\/papers search <words>`/,
    },
  ];

  it.each(roundTrips)(
    '/papers $sub reaches the core with typed options and comes back rendered',
    async (trip) => {
      const { record, answer } = await harness.slash(trip.sub, trip.options, { admin: trip.admin });
      const call = harness.commands.calls.entries.at(-1);
      expect(call).toMatchObject({ kind: 'execute', name: trip.sub, options: trip.expected });
      expect(call?.context).toEqual({
        channel: channelRef(),
        userId: ALICE.id,
        canManageChannel: trip.admin,
        manageChannelRequirement: 'members with the Manage Channels permission',
        commandPrefix: '/papers',
      });
      expect(answer).toMatchObject({ kind: 'callback', callbackType: 4 });
      expect(isEphemeral(answer.message?.flags)).toBe(trip.ephemeral);
      const text = [
        answer.message?.content,
        ...(answer.message?.embeds ?? []).flatMap((embed) => [embed.title]),
      ].join('\n');
      expect(text).toMatch(trip.shows);
      const callback = answersOf(harness, record.id).find((request) => request.path.endsWith('/callback'));
      expect(bodyOf(callback).data).toMatchObject({ allowed_mentions: { parse: [] } });
    },
  );

  it('shows search results as one embed list with paging and share buttons', async () => {
    const { answer } = await harness.slash('search', [opt('query', T.String, 'llm')]);
    const [embed] = answer.message?.embeds ?? [];
    expect(embed?.title).toBe('Search: llm');
    expect(embed?.fields).toHaveLength(5);
    expect(embed?.fields?.[0]).toEqual({
      name: '1. Paper number 1: scaling diffusion transformers',
      value:
        'A one-line summary of paper 1.\n👍 41 · 2025-11-27 · [Hugging Face](https://huggingface.co/papers/2411.00001)',
    });
    expect(embed?.footer?.text).toBe('Page 1 of 3');
    expect(buttonLabels(answer.message)).toEqual(['Next', 'Share in channel']);
  });

  it('shows a single paper as its full card with link buttons and a share button', async () => {
    const { answer } = await harness.slash('paper', [opt('id', T.String, '2411.00001')]);
    expect(answer.message?.embeds[0]).toMatchObject({
      title: 'Paper number 1: scaling diffusion transformers',
      url: 'https://huggingface.co/papers/2411.00001',
    });
    expect(buttonLabels(answer.message)).toEqual(['Hugging Face', 'arXiv', 'PDF', 'Share in channel']);
  });

  it('tells a member without Manage Channels, privately, which permission subscribing needs', async () => {
    for (const sub of ['subscribe', 'unsubscribe']) {
      const { answer } = await harness.slash(sub, [], { user: BOB, admin: false });
      expect(harness.commands.calls.entries.at(-1)?.context.canManageChannel).toBe(false);
      expect(isEphemeral(answer.message?.flags)).toBe(true);
      expect(answer.message?.content).toBe(
        `⚠️ Only members with the Manage Channels permission can ${sub} this channel.`,
      );
    }
  });

  it('counts Administrator as able to manage the channel', async () => {
    await harness.slash('subscribe', [], {
      permissions: PermissionFlagsBits.Administrator | PermissionFlagsBits.ViewChannel,
    });
    expect(harness.commands.calls.entries.at(-1)?.context.canManageChannel).toBe(true);
  });

  it('defers a slow command privately, then edits the answer in', async () => {
    const hold = harness.commands.hold('search');
    const record = harness.inject('search', [opt('query', T.String, 'slow')]);
    const deferred = await harness.fake.outputs.waitFor(
      (o) => o.interactionId === record.id && o.callbackType === 5,
      'a defer',
    );
    expect(isEphemeral(deferred.message?.flags)).toBe(true);
    hold.release();
    const answer = await harness.fake.waitForAnswer(record.id);
    expect(answer.kind).toBe('edit');
    expect(answer.message?.embeds[0]?.title).toBe('Search: slow');
    expect(isEphemeral(answer.message?.flags)).toBe(true);
  });

  it('replaces the private placeholder with a channel message when a slow answer is for the channel', async () => {
    const hold = harness.commands.hold('subscribe');
    const record = harness.inject('subscribe', [], { admin: true });
    await harness.fake.outputs.waitFor(
      (o) => o.interactionId === record.id && o.callbackType === 5,
      'a defer',
    );
    hold.release();
    const answer = await harness.fake.waitForAnswer(record.id);
    expect(answer.kind).toBe('followup');
    expect(isEphemeral(answer.message?.flags)).toBe(false);
    expect(record.outputs.map((output) => output.kind)).toEqual(['callback', 'delete', 'followup']);
    const history = harness.fake.store.channelHistory(PAPERS_CHANNEL);
    expect(history.at(-1)?.content).toMatch(/now gets the Hugging Face Daily Papers/);
  });

  it('answers a failure in the core with one generic private line, logging the error and no stack in chat', async () => {
    harness.commands.overrides.set('settings', () => {
      throw new Error('database exploded at /srv/secret/path.ts:42');
    });
    try {
      const { answer } = await harness.slash('settings');
      expect(answer.message?.content).toBe(GENERIC_FAILURE);
      expect(isEphemeral(answer.message?.flags)).toBe(true);
      const logged = await harness.waitForLog('interaction failed');
      expect(logged).toMatchObject({
        platform: 'discord',
        err: { message: 'database exploded at /srv/secret/path.ts:42' },
      });
    } finally {
      harness.commands.overrides.delete('settings');
    }
  });

  it('edits the generic failure line into a deferred reply', async () => {
    const hold = harness.commands.hold('today');
    harness.commands.overrides.set('today', () => Promise.reject(new Error('late failure')));
    try {
      const record = harness.inject('today');
      await harness.fake.outputs.waitFor(
        (o) => o.interactionId === record.id && o.callbackType === 5,
        'a defer',
      );
      hold.release();
      const answer = await harness.fake.waitForAnswer(record.id);
      expect(answer).toMatchObject({ kind: 'edit', message: { content: GENERIC_FAILURE } });
    } finally {
      harness.commands.overrides.delete('today');
    }
  });

  it('logs an answer that came after the 3-second window instead of retrying it', async () => {
    harness.commands.overrides.set('help', (invocation, context) => {
      harness.fake.advanceClock(4000);
      return {
        kind: 'text',
        tone: 'info',
        text: `late ${invocation.name} for ${context.userId}`,
        visibility: 'private',
      };
    });
    try {
      const record = harness.inject('help');
      const refused = await harness.fake.waitForRequest(
        (request) => request.path.startsWith(`/interactions/${record.id}/`),
        'the late callback',
      );
      expect(refused).toMatchObject({ status: 404, response: { code: 10062 } });
      const logged = await harness.waitForLog('interaction expired before the answer');
      expect(logged.level).toBe(40);
      const webhookCalls = harness.fake.requests.entries.filter(
        (request) => request.path.includes(`/${record.token}`) && request.path.startsWith('/webhooks/'),
      );
      expect(webhookCalls).toHaveLength(0);
    } finally {
      harness.commands.overrides.delete('help');
    }
  });

  it('explains that /papers works in server channels when used in a DM', async () => {
    const payload = slashInteraction(harness.base(), harness.commandId, 'help', []);
    const dm = { id: '910000000000000001', type: 1, recipients: [ALICE], last_message_id: null, flags: 0 };
    const { guild_id: _guild, member: _member, ...rest } = payload;
    const record = harness.fake.injectInteraction({
      ...rest,
      user: ALICE,
      member: { user: ALICE },
      channel: dm,
      channel_id: dm.id,
      context: 1,
    });
    const answer = await harness.fake.waitForAnswer(record.id);
    expect(answer.message?.content).toBe(GUILD_ONLY);
    expect(isEphemeral(answer.message?.flags)).toBe(true);
    expect(harness.commands.calls.entries.some((call) => call.context.channel.workspaceId !== GUILD_ID)).toBe(
      false,
    );
  });
});
