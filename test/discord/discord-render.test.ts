import { DiscordAPIError, HTTPError } from 'discord.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deliveryFailureOf } from '../../adapters/discord/discord-errors';
import { embedsLength, fitEmbeds } from '../../adapters/discord/discord-limits';
import { renderDigestHeader, renderPaper } from '../../adapters/discord/discord-render-paper';
import { renderReply, renderSnippet } from '../../adapters/discord/discord-render-reply';
import { escapeKeepingCode, escapeMarkdown, truncate } from '../../adapters/discord/discord-text';
import type { PaperCard, PaperListReply } from '../../src/chat/replies';
import type { Json } from '../fakes/discord/fake-types';
import { messageProblems } from '../fakes/discord/fake-validate';
import { sampleCard } from './fake-command-service';

const accepted = (body: object) => messageProblems(body as Json, { create: true });
const nasty = fc.string({
  unit: fc.constantFrom(
    'a',
    ' ',
    '*',
    '_',
    '`',
    '\\',
    '<',
    '@',
    '#',
    '-',
    '\n',
    '😀',
    'é',
    '[',
    ']',
    '|',
    '~',
  ),
  maxLength: 12_000,
});

const cardArb: fc.Arbitrary<PaperCard> = fc
  .record({
    title: nasty,
    summary: nasty,
    authorsLine: nasty,
    organization: fc.option(nasty, { nil: null }),
    n: fc.nat(9),
  })
  .map(({ n, ...text }) => sampleCard(n, text));

describe('Discord text and rendering', () => {
  it('cuts text at a word boundary with an ellipsis', () => {
    expect(truncate('the quick brown fox jumps', 16)).toBe('the quick brown…');
    expect(truncate('short', 16)).toBe('short');
    expect(truncate('x'.repeat(40), 10)).toBe(`${'x'.repeat(9)}…`);
  });

  it('never splits an emoji or leaves an escape hanging when cutting', () => {
    fc.assert(
      fc.property(nasty, fc.integer({ min: 2, max: 300 }), (text, max) => {
        const cut = truncate(escapeMarkdown(text), max);
        expect(cut.length).toBeLessThanOrEqual(max);
        expect(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/.test(cut)).toBe(false);
        if (cut.endsWith('…')) expect(/(^|[^\\])(\\\\)*\\…$/.test(cut)).toBe(false);
      }),
    );
  });

  it('escapes markdown, mentions and line-start syntax but keeps code spans in replies', () => {
    expect(escapeMarkdown('**bold** _it_ <@&1> [x](y)')).toBe(
      '\\*\\*bold\\*\\* \\_it\\_ \\<@&1\\> \\[x\\](y)',
    );
    expect(escapeMarkdown('# Heading\n- item\n1. first')).toBe('\\# Heading\n\\- item\n1\\. first');
    expect(escapeKeepingCode('run `/papers help` *now*')).toBe('run `/papers help` \\*now\\*');
  });

  it('marks snippet matches in bold without leaving a marker open when cut', () => {
    const parts = [
      { text: 'We scale ', match: false },
      { text: 'diffusion', match: true },
      { text: ' transformers to a billion parameters', match: false },
    ];
    expect(renderSnippet(parts, 200)).toBe('We scale **diffusion** transformers to a billion parameters');
    const cut = renderSnippet(parts, 16);
    expect((cut.match(/\*\*/g) ?? []).length % 2).toBe(0);
    expect(cut.endsWith('…')).toBe(true);
  });

  it('renders any paper, however long or strange its text, as a message Discord accepts', () => {
    fc.assert(
      fc.property(cardArb, (card) => {
        expect(accepted(renderPaper(card, 'pb:1:2411.00001'))).toEqual([]);
      }),
      { numRuns: 60 },
    );
  });

  it('renders any list of up to 25 papers and any text reply as messages Discord accepts', () => {
    fc.assert(
      fc.property(fc.array(cardArb, { minLength: 0, maxLength: 25 }), nasty, (cards, heading) => {
        const list: PaperListReply = {
          kind: 'paper-list',
          heading,
          cards,
          emptyText: heading,
          visibility: 'private',
          page: 1,
          pageCount: 2,
          hasMore: true,
          nextToken: 'n',
          shareToken: 's',
        };
        expect(accepted(renderReply(list).body)).toEqual([]);
        expect(
          accepted(
            renderReply({ kind: 'text', tone: 'error', text: heading || 'x', visibility: 'channel' }).body,
          ),
        ).toEqual([]);
      }),
      { numRuns: 40 },
    );
  });

  it("shows a card's note (who flagged it, the thread link) with names escaped and the link kept, alone or in a list", () => {
    const note = '2 flags: *Ada*, <@&1> · discuss: https://discord.com/channels/900/1234';
    const shown = '2 flags: \\*Ada\\*, \\<@&1\\> · discuss: https://discord.com/channels/900/1234';
    const list = (cards: PaperCard[]): PaperListReply => ({
      kind: 'paper-list',
      heading: 'Discussion queue',
      cards,
      emptyText: '',
      visibility: 'private',
      page: 1,
      pageCount: 1,
      hasMore: false,
    });
    const alone = renderReply(list([sampleCard(1, { note })])).body;
    expect(alone.embeds[0]?.description).toBe(`${sampleCard(1).summary}\n\n${shown}`);
    const many = renderReply(list([sampleCard(1, { note }), sampleCard(2)])).body;
    expect(many.embeds[0]?.fields?.[0]?.value.endsWith(`\n${shown}`)).toBe(true);
    expect(many.embeds[0]?.fields?.[1]?.value).not.toContain('flags');
  });

  it('renders the digest header as one short line that carries its delivery key in small print', () => {
    const body = renderDigestHeader(
      {
        title: 'Daily Papers — Thu 27 Nov · top 10 of 29',
        batchDay: '2025-11-27',
        count: 10,
        total: 10,
        dayUrl: 'https://huggingface.co/papers/date/2024-10-25',
      },
      'pb:run:4',
    );
    expect(body.content).toBe('**Daily Papers — Thu 27 Nov · top 10 of 29**\n-# ref pb:run:4');
  });

  it('shrinks embeds to the 6,000-character total', () => {
    const big = {
      title: 't'.repeat(256),
      description: 'word '.repeat(800),
      fields: Array.from({ length: 25 }, () => ({ name: 'n'.repeat(200), value: 'v '.repeat(500) })),
    };
    const fitted = fitEmbeds([big]);
    expect(embedsLength(fitted)).toBeLessThanOrEqual(6000);
    expect(fitted[0]?.fields?.every((field) => field.value.length > 0 && field.name.length > 0)).toBe(true);
  });

  it('maps Discord failures to delivery failures', () => {
    const api = (status: number, code: number) =>
      new DiscordAPIError({ code, message: 'x' }, code, status, 'POST', '/x', {});
    expect(deliveryFailureOf(api(400, 50035))).toBe('rejected');
    expect(deliveryFailureOf(api(401, 0))).toBe('unauthorized');
    expect(deliveryFailureOf(api(403, 50001))).toBe('channel_unavailable');
    expect(deliveryFailureOf(api(403, 50013))).toBe('channel_unavailable');
    expect(deliveryFailureOf(api(404, 10003))).toBe('channel_unavailable');
    expect(deliveryFailureOf(api(400, 160005))).toBe('channel_unavailable');
    expect(deliveryFailureOf(new HTTPError(503, 'Service Unavailable', 'POST', '/x', {}))).toBe('transient');
    expect(deliveryFailureOf(Object.assign(new Error('aborted'), { name: 'AbortError' }))).toBe('transient');
    expect(
      deliveryFailureOf(new Error('Expected token to be set for this request, but none was present')),
    ).toBe('unauthorized');
  });
});
