/**
 * Renders the neutral digest models (header, paper card) as Block Kit messages with a plain `text`
 * fallback. Every paper string is escaped and cut well under Slack's limits (50 blocks, 3,000-char
 * sections, 150-char headers, 75-char button text), because Slack rejects some messages below them.
 */
import type { types } from '@slack/bolt';
import type { DigestHeader, PaperCard, SnippetPart } from '../../src/chat/replies';
import { compactNumber, escapeMrkdwn, fitEscaped, fitPlain, mrkdwnLink, safeUrl } from './slack-text';

export type Block = types.KnownBlock;

/** A message body ready for chat.postMessage or respond(). */
export interface SlackMessage {
  text: string;
  blocks: Block[];
}

/** Budgets, deliberately below Slack's hard limits. */
export const limits = {
  header: 140,
  title: 280,
  summary: 700,
  contextElement: 300,
  section: 2_900,
  altText: 150,
  fallback: 2_000,
} as const;

export const mrkdwn = (text: string): types.MrkdwnElement => ({ type: 'mrkdwn', text });
const plain = (text: string): types.PlainTextElement => ({ type: 'plain_text', text, emoji: true });

export function renderDigestHeader(header: DigestHeader): SlackMessage {
  const papers = header.count === 1 ? '1 paper' : `${header.count} papers`;
  const dayUrl = safeUrl(header.dayUrl);
  const blocks: Block[] = [
    { type: 'header', text: plain(fitPlain(header.title, limits.header)) },
    {
      type: 'context',
      elements: [
        mrkdwn(escapeMrkdwn(header.about ?? `Hugging Face Daily Papers · ${header.batchDay} · ${papers}`)),
      ],
    },
  ];
  if (dayUrl) {
    const label =
      header.linkLabel ??
      `All ${header.total} paper${header.total === 1 ? '' : 's'} of the day on Hugging Face`;
    blocks.push({
      type: 'actions',
      elements: [
        { type: 'button', action_id: 'paperboy_link_day', text: plain(fitPlain(label, 75)), url: dayUrl },
      ],
    });
  }
  return { text: fitEscaped(header.title, limits.fallback), blocks };
}

/** One line of facts: authors, organisation, upvotes, comments, who submitted it, its arXiv date. */
export function paperFacts(card: PaperCard): string {
  const facts = [fitEscaped(card.authorsLine || 'Unknown authors', limits.contextElement)];
  if (card.organization) facts.push(fitEscaped(card.organization, 100));
  if (card.onHuggingFace) {
    facts.push(`▲ ${compactNumber(card.upvotes)} upvotes`);
    facts.push(
      card.comments === null ? '💬 comments unknown' : `💬 ${compactNumber(card.comments)} comments`,
    );
  }
  if (card.categories) facts.push(fitEscaped(card.categories, 100));
  if (card.submittedBy) facts.push(`submitted by ${fitEscaped(card.submittedBy, 80)}`);
  if (card.arxivDate) facts.push(`arXiv ${escapeMrkdwn(card.arxivDate)}`);
  return facts.join(' · ');
}

/** Snippet text with the matched words in bold; `*` is dropped from matches so bold cannot break. */
export function renderSnippet(parts: SnippetPart[], max: number): string {
  let out = '';
  for (const part of parts) {
    const room = max - out.length;
    if (room <= 4) break;
    const text = part.text.replace(/\s+/g, ' ');
    if (part.match) {
      const clean = text.replace(/\*/g, '').trim();
      // Bold needs a word boundary on both sides in mrkdwn.
      const sep = out.length > 0 && !/\s$/.test(out) ? ' ' : '';
      const bold = `${sep}*${escapeMrkdwn(clean)}*`;
      out += clean.length > 0 && bold.length <= room ? bold : fitEscaped(clean, room);
      continue;
    }
    const sep = /\*$/.test(out) && /^\w/.test(text) ? ' ' : '';
    const escaped = `${sep}${escapeMrkdwn(text)}`;
    out += escaped.length <= room ? escaped : `${sep}${fitEscaped(text, room - sep.length)}`;
  }
  return out.trim();
}

/** Hugging Face, arXiv, PDF, Code and the project page, whichever exist, as [id, label, safe URL]. */
function paperLinks(card: PaperCard): Array<[id: string, label: string, url: string]> {
  const code = card.githubStars === null ? 'Code' : `Code ★ ${compactNumber(card.githubStars)}`;
  const links: Array<[string, string, string | null]> = [
    ['hf', 'Hugging Face', card.hfUrl],
    ['arxiv', 'arXiv', card.arxivUrl],
    ['pdf', 'PDF', card.pdfUrl],
    ['code', code, card.githubUrl],
    ['project', 'Project page', card.projectPage],
    ['video', 'Video', card.media?.kind === 'video' ? card.media.url : null],
    ['discussion', 'Discussion', card.discussionUrl],
  ];
  return links.flatMap(([id, label, url]) => {
    const safe = safeUrl(url);
    return safe ? [[id, label, safe] as [string, string, string]] : [];
  });
}

/** Link buttons, for digest messages. */
export const linkButtons = (card: PaperCard): types.Button[] =>
  paperLinks(card).map(([id, label, url]) => ({
    type: 'button',
    action_id: `paperboy_link_${id}`,
    text: plain(label),
    url,
  }));

/** Inline links, for compact lists where buttons are kept for paging. */
const inlineLinks = (card: PaperCard): string =>
  paperLinks(card)
    .map(([, label, url]) => `<${escapeMrkdwn(url)}|${escapeMrkdwn(label)}>`)
    .join(' · ');

/**
 * A paper as blocks: linked title (with the thumbnail in a digest), facts, summary or search snippet,
 * then links — buttons in a digest, inline in a list.
 */
export function paperBlocks(card: PaperCard, options: { compact: boolean }): Block[] {
  const title: types.SectionBlock = {
    type: 'section',
    text: mrkdwn(`*${mrkdwnLink(card.hfUrl, card.title, limits.title)}*`),
  };
  const thumbnail = safeUrl(card.thumbnailUrl);
  if (!options.compact && thumbnail) {
    title.accessory = { type: 'image', image_url: thumbnail, alt_text: fitPlain(card.title, limits.altText) };
  }
  const body =
    card.snippet && card.snippet.length > 0
      ? renderSnippet(card.snippet, limits.summary)
      : fitEscaped(card.summary, limits.summary);
  const facts = [
    paperFacts(card),
    options.compact ? inlineLinks(card) : '',
    fitEscaped(card.note ?? '', limits.contextElement),
  ];
  const avatar = safeUrl(card.organizationAvatarUrl);
  const context: types.ContextBlock['elements'] = facts.filter(Boolean).map(mrkdwn);
  if (avatar && card.organization) {
    context.unshift({
      type: 'image',
      image_url: avatar,
      alt_text: fitPlain(card.organization, limits.altText),
    });
  }
  const blocks: Block[] = [title, { type: 'context', elements: context }];
  if (body.length > 0) blocks.push({ type: 'section', text: mrkdwn(body) });
  const figure = card.media?.kind === 'image' ? safeUrl(card.media.url) : null;
  if (!options.compact && figure) {
    blocks.push({
      type: 'image',
      image_url: figure,
      alt_text: fitPlain(`Figure: ${card.title}`, limits.altText),
    });
  }
  const buttons = options.compact ? [] : linkButtons(card);
  if (buttons.length > 0) blocks.push({ type: 'actions', elements: buttons });
  return blocks;
}

/** Plain fallback for notifications and clients without Block Kit. */
export function paperFallback(card: PaperCard): string {
  const parts = [fitEscaped(card.title, limits.title), fitEscaped(card.summary, limits.summary)];
  const hf = safeUrl(card.hfUrl);
  if (hf) parts.push(escapeMrkdwn(hf));
  return parts.filter((part) => part.length > 0).join(' — ');
}

export function renderPaper(card: PaperCard): SlackMessage {
  return { text: paperFallback(card), blocks: paperBlocks(card, { compact: false }) };
}

/** Splits long plain text into escaped section-sized chunks (at most `maxBlocks`). */
export function textSections(text: string, maxBlocks = 10): Block[] {
  const escaped = escapeMrkdwn(text);
  const blocks: Block[] = [];
  let rest = escaped;
  while (rest.length > 0 && blocks.length < maxBlocks) {
    if (rest.length <= limits.section) {
      blocks.push({ type: 'section', text: mrkdwn(rest) });
      break;
    }
    // Cut at a line or word break, and never inside an `&amp;`-style entity.
    let cut = Math.max(rest.lastIndexOf('\n', limits.section), rest.lastIndexOf(' ', limits.section));
    if (cut < limits.section / 2) cut = limits.section;
    const amp = rest.lastIndexOf('&', cut);
    if (amp > cut - 5 && !rest.slice(amp, cut).includes(';')) cut = amp;
    const last = blocks.length === maxBlocks - 1;
    blocks.push({ type: 'section', text: mrkdwn(last ? `${rest.slice(0, cut)}…` : rest.slice(0, cut)) });
    rest = rest.slice(cut).trimStart();
  }
  return blocks;
}
