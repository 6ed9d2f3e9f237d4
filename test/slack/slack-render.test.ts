import { afterEach, describe, expect, it } from 'vitest';
import { renderPaper, renderSnippet } from '../../adapters/slack/slack-render';
import { renderReply } from '../../adapters/slack/slack-reply-render';
import { cutText, escapeMrkdwn, fitEscaped } from '../../adapters/slack/slack-text';
import type { PaperListReply } from '../../src/chat/replies';
import { checkMessage, slackLimits } from '../fakes/slack/fake-slack-limits';
import { blockTexts } from './block-text';
import type { FakeCommandService } from './fake-command-service';
import { sampleCard } from './sample-cards';
import { channelId, type Harness, startHarness } from './slack-harness';

/** The strings Slack parses as mrkdwn: the `text` fallback and every mrkdwn text object. */
function mrkdwnStrings(node: unknown, found: string[] = []): string[] {
  if (Array.isArray(node)) for (const item of node) mrkdwnStrings(item, found);
  else if (typeof node === 'object' && node !== null) {
    const record = node as Record<string, unknown>;
    if (record.type === 'mrkdwn' && typeof record.text === 'string') found.push(record.text);
    for (const value of Object.values(record)) mrkdwnStrings(value, found);
  }
  return found;
}

/** Every `<` Slack would parse must open one of our own links. */
function expectNoMentions(message: { text: unknown; blocks: unknown }) {
  const parsed = [String(message.text), ...mrkdwnStrings(message.blocks)];
  expect(parsed.length).toBeGreaterThan(3);
  for (const text of parsed) {
    expect(text).not.toMatch(/<!|<@|<#/);
    for (const match of text.matchAll(/</g))
      expect(text.slice(match.index, match.index + 9)).toBe('<https://');
  }
}

const longWords = (count: number) =>
  Array.from({ length: count }, (_, i) => `word${i}`)
    .join(' ')
    .slice(0, count);

describe('Slack rendering', () => {
  let h: Harness<FakeCommandService>;
  afterEach(async () => {
    await h?.close();
  });

  it('escapes only &, < and >', () => {
    expect(escapeMrkdwn('a & b <!channel> <@U123> <https://evil|click> 5 > 3 *bold*')).toBe(
      'a &amp; b &lt;!channel&gt; &lt;@U123&gt; &lt;https://evil|click&gt; 5 &gt; 3 *bold*',
    );
  });

  it('cuts at a word boundary with an ellipsis and keeps escaped text inside the budget', () => {
    expect(cutText('one two three four', 12)).toBe('one two…');
    expect(cutText('short', 12)).toBe('short');
    const escaped = fitEscaped('<<<<<<<<<< & >>>>>>>>>>', 20);
    expect(escaped.length).toBeLessThanOrEqual(20);
    expect(escaped).not.toMatch(/&(?!amp;|lt;|gt;)/);
  });

  it('posts a paper titled `<!channel>` and `@here` without pinging anyone', async () => {
    h = await startHarness({ mode: 'socket' });
    const card = sampleCard({
      title: '<!channel> @here <@U_ADMIN> Attention <https://evil.example|Is All You Need>',
      authorsLine: '<!here> Mallory & Eve',
      organization: '<!everyone>',
      summary: 'We ping <!subteam^S123> and @channel & friends.',
    });
    await h.adapter.port.postPaper(h.channel(), card, 'pb:1:ping');
    const call = h.fake.callsTo('chat.postMessage')[0];
    expect(call?.status).toBe(200);
    expect(call?.args.link_names).toBeUndefined();
    expectNoMentions({ text: call?.args.text, blocks: call?.args.blocks });
    const message = h.fake.workspace.channelMessages(channelId)[0];
    expect(blockTexts(message?.blocks).join('\n')).toContain(
      '&lt;!channel&gt; @here &lt;@U_ADMIN&gt; Attention &lt;https://evil.example|Is All You Need&gt;',
    );
  });

  it('keeps a paper with a 10,000-character abstract, title and author list inside every Block Kit limit', async () => {
    h = await startHarness({ mode: 'socket' });
    const card = sampleCard({
      title: longWords(10_000),
      summary: `${'&<>'.repeat(1_000)} ${longWords(10_000)}`,
      authorsLine: longWords(10_000),
      organization: longWords(5_000),
    });
    await h.adapter.port.postPaper(h.channel(), card, 'pb:1:long');
    await h.adapter.port.postDigestHeader(
      h.channel(),
      {
        title: longWords(10_000),
        batchDay: '2024-10-25',
        count: 1,
        total: 1,
        dayUrl: 'https://huggingface.co/papers/date/2024-10-25',
      },
      'pb:run:1',
    );
    const calls = h.fake.callsTo('chat.postMessage');
    expect(calls.map((call) => call.status)).toEqual([200, 200]);
    expect(calls.map((call) => call.response)).toMatchObject([{ ok: true }, { ok: true }]);
    const [paper, head] = h.fake.workspace.channelMessages(channelId);
    const texts = blockTexts(paper?.blocks);
    expect(Math.max(...texts.map((text) => text.length))).toBeLessThanOrEqual(2_000);
    expect(texts.some((text) => text.endsWith('…'))).toBe(true);
    expect(paper?.text.length).toBeLessThanOrEqual(2_000);
    const headerText = blockTexts(head?.blocks)[0] ?? '';
    expect(headerText.length).toBeLessThanOrEqual(slackLimits.headerText);
    expect(headerText.endsWith('…')).toBe(true);
    // Cut between words, not inside one.
    expect(headerText).toMatch(/word\d+…$/);
  });

  it('renders the matched words of a search snippet in bold', () => {
    const text = renderSnippet(
      [
        { text: 'we train a ', match: false },
        { text: 'diffusion', match: true },
        { text: ' model on <images>', match: false },
      ],
      200,
    );
    expect(text).toBe('we train a *diffusion* model on &lt;images&gt;');
  });

  it("shows a card's note, escaped, beside its facts", () => {
    const message = renderPaper(sampleCard({ note: '2 flags: <@U1>, Bob & Eve' }));
    expect(blockTexts(message.blocks)).toContain('2 flags: &lt;@U1&gt;, Bob &amp; Eve');
  });

  it('leaves out a thumbnail or link that is not an http(s) URL', () => {
    const message = renderPaper(sampleCard({ thumbnailUrl: 'javascript:alert(1)', githubUrl: 'ftp://x' }));
    expect(JSON.stringify(message)).not.toContain('javascript:');
    expect(JSON.stringify(message)).not.toContain('ftp://');
  });

  it('fits a long list reply in 50 blocks with its buttons still there', () => {
    const cards = Array.from({ length: 30 }, (_, i) =>
      sampleCard({ id: `2410.${i}`, title: longWords(1_000), summary: longWords(10_000) }),
    );
    const reply: PaperListReply = {
      kind: 'paper-list',
      heading: 'Search: everything',
      cards,
      emptyText: 'Nothing.',
      visibility: 'private',
      page: 1,
      pageCount: 9,
      hasMore: true,
      nextToken: 'next-token',
      shareToken: 'share-token',
    };
    const message = renderReply(reply);
    expect(checkMessage({ ...message })).toBeNull();
    expect(message.blocks.length).toBeLessThanOrEqual(50);
    expect(message.blocks.at(-1)).toMatchObject({ type: 'actions' });
  });

  it('splits a long text reply into sections under 3,000 characters each', () => {
    const message = renderReply({
      kind: 'text',
      tone: 'info',
      text: longWords(9_000),
      visibility: 'private',
    });
    expect(checkMessage({ ...message })).toBeNull();
    expect(message.blocks.length).toBeGreaterThan(3);
    expect(blockTexts(message.blocks).join(' ').replace(/\s+/g, ' ')).toBe(
      longWords(9_000).replace(/\s+/g, ' '),
    );
  });
});
