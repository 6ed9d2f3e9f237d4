/**
 * Renders command replies: text replies as plain content, paper lists as one embed with a field per paper
 * (a single paper as its full card) plus Previous / Next / Share in channel buttons carrying the core's tokens.
 */
import type { APIButtonComponent, APIEmbed, APIEmbedField } from 'discord.js';
import {
  type PaperCard,
  type PaperListReply,
  pageLabel,
  type Reply,
  type SnippetPart,
  type TextReply,
} from '../../src/chat/replies';
import { actionButton, buttonRows, type DiscordMessageBody } from './discord-body';
import { fitEmbeds, LIMITS } from './discord-limits';
import { paperEmbed, paperLinkButtons, renderNote } from './discord-render-paper';
import { escapeKeepingCode, escapeMarkdown, oneLine, safeUrl, truncate } from './discord-text';

export interface RenderedReply {
  body: DiscordMessageBody;
  ephemeral: boolean;
}

const RESUME_PREFIX = 'papers:resume:';
export const resumeCustomId = (token: string) => `${RESUME_PREFIX}${token}`;
export const tokenFromCustomId = (customId: string): string | null =>
  customId.startsWith(RESUME_PREFIX) ? customId.slice(RESUME_PREFIX.length) || null : null;

const TONE_PREFIX: Record<TextReply['tone'], string> = { info: '', success: '✅ ', error: '⚠️ ' };

/** Cuts content to Discord's 2,000 and closes a code span the cut left open. */
export function fitContent(text: string, max: number = LIMITS.content): string {
  const cut = truncate(text, max - 1);
  const openTicks = (cut.match(/(?<!\\)`/g) ?? []).length;
  return openTicks % 2 === 1 ? `${cut}\`` : cut;
}

function renderText(reply: TextReply): DiscordMessageBody {
  return {
    content: fitContent(TONE_PREFIX[reply.tone] + escapeKeepingCode(reply.text)),
    embeds: [],
    components: [],
  };
}

/** Snippet text with the matched words in bold, cut to `budget` without leaving a bold marker open. */
export function renderSnippet(parts: SnippetPart[], budget: number): string {
  let out = '';
  for (const part of parts) {
    const text = escapeMarkdown(part.text.replace(/\s+/g, ' '));
    const piece = part.match && text.trim() ? `**${text}**` : text;
    if (out.length + piece.length <= budget) {
      out += piece;
      continue;
    }
    const room = budget - out.length;
    if (!part.match && room > 1) out += truncate(text, room);
    else out = `${out.trimEnd()}…`;
    break;
  }
  return out.trim();
}

function listField(card: PaperCard, index: number, nameBudget: number, perCard: number): APIEmbedField {
  const name = truncate(`${index}. ${escapeMarkdown(oneLine(card.title))}`, nameBudget);
  const url = safeUrl(card.hfUrl);
  const facts = [`👍 ${card.upvotes}`, card.batchDay, url && `[Hugging Face](${url})`]
    .filter(Boolean)
    .join(' · ');
  const meta = card.note ? `${facts}\n${renderNote(card.note)}` : facts;
  const budget = Math.min(300, perCard - name.length - meta.length - 1);
  const line =
    budget < 20
      ? ''
      : card.snippet?.length
        ? renderSnippet(card.snippet, budget)
        : truncate(escapeMarkdown(oneLine(card.summary)), budget);
  return { name, value: truncate(line ? `${line}\n${meta}` : meta, LIMITS.fieldValue) };
}

function listEmbed(reply: PaperListReply): APIEmbed {
  const cards = reply.cards.slice(0, LIMITS.fields);
  const title = truncate(escapeMarkdown(oneLine(reply.heading)), LIMITS.title);
  const footer = pageLabel(reply) ?? '';
  const perCard = Math.floor(
    (LIMITS.embedTotal - title.length - footer.length - 100) / Math.max(1, cards.length),
  );
  const nameBudget = Math.min(LIMITS.fieldName, Math.max(40, Math.floor(perCard * 0.35)));
  const embed: APIEmbed = {
    title,
    fields: cards.map((card, i) => listField(card, i + 1, nameBudget, perCard)),
  };
  if (footer) embed.footer = { text: footer };
  return embed;
}

function navigationButtons(reply: PaperListReply): APIButtonComponent[] {
  const candidates: [string, string | undefined][] = [
    ['Previous', reply.previousToken],
    ['Next', reply.nextToken],
    ['Share in channel', reply.shareToken],
    ['More on Hugging Face', reply.moreOnHfToken],
  ];
  const seen = new Set<string>();
  return candidates.flatMap(([label, token]) => {
    if (!token) return [];
    const customId = resumeCustomId(token);
    if (customId.length > LIMITS.customId || seen.has(customId)) return [];
    seen.add(customId);
    return [actionButton(label, customId)];
  });
}

function renderList(reply: PaperListReply): DiscordMessageBody {
  const navigation = buttonRows(navigationButtons(reply));
  const heading = `**${truncate(escapeMarkdown(oneLine(reply.heading)), 300)}**`;
  const [only] = reply.cards;
  if (!only) {
    return {
      content: fitContent(`${heading}\n${escapeKeepingCode(reply.emptyText)}`),
      embeds: [],
      components: navigation,
    };
  }
  if (reply.cards.length === 1 && pageLabel(reply) === null) {
    const links = buttonRows(paperLinkButtons(only));
    return { content: heading, embeds: fitEmbeds([paperEmbed(only)]), components: [...links, ...navigation] };
  }
  return { embeds: fitEmbeds([listEmbed(reply)]), components: navigation };
}

export function renderReply(reply: Reply): RenderedReply {
  const body = reply.kind === 'text' ? renderText(reply) : renderList(reply);
  return { body, ephemeral: reply.visibility === 'private' };
}
