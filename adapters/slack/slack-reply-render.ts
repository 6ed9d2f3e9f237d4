/**
 * Renders command replies (text and paper lists) as Block Kit for `respond()`. Paper lists carry
 * Previous / Next / "Share in channel" buttons whose value is the core's opaque token.
 */
import type { types } from '@slack/bolt';
import {
  type PaperCard,
  type PaperListReply,
  pageLabel,
  type Reply,
  type TextReply,
} from '../../src/chat/replies';
import { type Block, limits, mrkdwn, paperBlocks, type SlackMessage, textSections } from './slack-render';
import { fitEscaped, fitPlain } from './slack-text';

/** action_ids of the reply buttons; the adapter listens for exactly these. */
export const replyActions = {
  previous: 'paperboy_page_previous',
  next: 'paperboy_page_next',
  share: 'paperboy_share',
  hf: 'paperboy_more_on_hf',
} as const;

export const buttonLabels = {
  previous: 'Previous',
  next: 'Next',
  share: 'Share in channel',
  hf: 'More on Hugging Face',
} as const;

/** Slack refuses button values over 2,000 characters. */
const maxButtonValue = 2_000;
/** Slack's limit is 50 blocks per message; stay under it. */
const maxBlocks = 45;

const toneIcon: Record<TextReply['tone'], string> = {
  info: '',
  success: ':white_check_mark: ',
  error: ':warning: ',
};

export function renderReply(reply: Reply): SlackMessage {
  return reply.kind === 'text' ? renderTextReply(reply) : renderPaperList(reply);
}

function renderTextReply(reply: TextReply): SlackMessage {
  const blocks = textSections(reply.text);
  const first = blocks[0];
  if (first?.type === 'section' && first.text && toneIcon[reply.tone]) {
    first.text = mrkdwn(`${toneIcon[reply.tone]}${first.text.text}`);
  }
  return { text: fitEscaped(reply.text, limits.fallback), blocks };
}

function renderPaperList(reply: PaperListReply): SlackMessage {
  const blocks: Block[] = [{ type: 'section', text: mrkdwn(`*${fitEscaped(reply.heading, limits.title)}*`) }];
  if (reply.cards.length === 0) {
    blocks.push({ type: 'section', text: mrkdwn(fitEscaped(reply.emptyText, limits.section)) });
  }
  const shown: PaperCard[] = [];
  for (const card of reply.cards) {
    // Lists stay compact: no thumbnails, links inline so the only buttons are Previous / Next / Share.
    const cardBlocks = paperBlocks(card, { compact: true });
    const divider = shown.length > 0 ? 1 : 0;
    // Room is kept for the page footer and the buttons.
    if (blocks.length + divider + cardBlocks.length + 2 > maxBlocks) break;
    if (divider) blocks.push({ type: 'divider' });
    blocks.push(...cardBlocks);
    shown.push(card);
  }
  const label = pageLabel(reply);
  if (label) blocks.push({ type: 'context', elements: [mrkdwn(label)] });
  const buttons = pagingButtons(reply);
  if (buttons.length > 0) blocks.push({ type: 'actions', elements: buttons });
  const titles = shown.map((card, index) => `${index + 1}. ${fitEscaped(card.title, 120)}`);
  const fallback = [fitEscaped(reply.heading, limits.title), ...titles].join('\n');
  return { text: reply.cards.length === 0 ? fitEscaped(reply.emptyText, limits.fallback) : fallback, blocks };
}

function pagingButtons(reply: PaperListReply): types.Button[] {
  const wanted: Array<[keyof typeof replyActions, string | undefined]> = [
    ['previous', reply.previousToken],
    ['next', reply.nextToken],
    ['share', reply.shareToken],
    ['hf', reply.moreOnHfToken],
  ];
  const buttons: types.Button[] = [];
  for (const [kind, token] of wanted) {
    if (!token || token.length > maxButtonValue) continue;
    const button: types.Button = {
      type: 'button',
      action_id: replyActions[kind],
      text: { type: 'plain_text', text: fitPlain(buttonLabels[kind], 70) },
      value: token,
    };
    if (kind === 'share') button.style = 'primary';
    buttons.push(button);
  }
  return buttons;
}
