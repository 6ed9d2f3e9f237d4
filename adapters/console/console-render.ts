/**
 * Renders the core's neutral replies and digests as terminal text. Paper text is printed as is: a terminal
 * has no mentions to neutralise, but control characters are stripped so a title cannot move the cursor.
 */
import {
  type DigestHeader,
  type PaperCard,
  type PaperListReply,
  pageLabel,
  type Reply,
  type SnippetPart,
} from '../../src/chat/replies';

export interface Style {
  bold(text: string): string;
  dim(text: string): string;
}

export const plainStyle: Style = { bold: (text) => text, dim: (text) => text };
export const ansiStyle: Style = {
  bold: (text) => `\u001b[1m${text}\u001b[22m`,
  dim: (text) => `\u001b[2m${text}\u001b[22m`,
};

// biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
const controlCharacters = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;
const clean = (text: string) => text.replace(controlCharacters, '');

const snippetText = (parts: SnippetPart[], style: Style) =>
  parts.map((part) => (part.match ? style.bold(clean(part.text)) : clean(part.text))).join('');

export function renderCard(card: PaperCard, style: Style, index?: number): string {
  const number = index === undefined ? '' : `${index + 1}. `;
  const meta = [
    card.authorsLine,
    card.organization,
    card.onHuggingFace && `▲ ${card.upvotes}`,
    card.onHuggingFace && (card.comments === null ? '💬 unknown' : `💬 ${card.comments}`),
    card.categories,
    card.batchDay,
    card.arxivDate && `arXiv ${card.arxivDate}`,
    card.submittedBy && `submitted by ${card.submittedBy}`,
  ].filter((part): part is string => Boolean(part));
  const links = [`HF ${card.hfUrl}`, `arXiv ${card.arxivUrl}`, `PDF ${card.pdfUrl}`];
  if (card.githubUrl)
    links.push(`Code ${card.githubUrl}${card.githubStars ? ` (★ ${card.githubStars})` : ''}`);
  if (card.projectPage) links.push(`Project ${card.projectPage}`);
  if (card.media) links.push(`${card.media.kind === 'video' ? 'Video' : 'Figure'} ${card.media.url}`);
  if (card.discussionUrl) links.push(`Discussion ${card.discussionUrl}`);
  return [
    `${number}${style.bold(clean(card.title))}  [${card.id}]`,
    `   ${clean(meta.join(' · '))}`,
    `   ${card.snippet ? snippetText(card.snippet, style) : clean(card.summary)}`,
    ...(card.note ? [`   ${style.bold(clean(card.note))}`] : []),
    `   ${style.dim(links.join('  '))}`,
  ].join('\n');
}

export function renderHeader(header: DigestHeader, style: Style): string {
  const all = `${header.linkLabel ?? `all ${header.total} of the day`}: ${header.dayUrl}`;
  return `\n${style.bold(`📰 ${clean(header.title)}`)}\n${style.dim(clean(all))}\n`;
}

/** Cards per page of a list (the core's page size), for the numbers a later page goes on with. */
const pageSize = 5;

/**
 * The number of each card as a list shows it (and as `react 2` takes it): page 2 goes on from 6. A lone
 * card on a one-page list shows no number, and `react 1` means it.
 */
export function listItemNumbers(reply: PaperListReply): number[] {
  const offset = (reply.page - 1) * pageSize;
  return reply.cards.map((_, index) => offset + index + 1);
}

const numbered = (reply: PaperListReply) => reply.cards.length > 1 || reply.page > 1;

function renderList(reply: PaperListReply, style: Style): string {
  const lines = [style.bold(clean(reply.heading))];
  if (reply.cards.length === 0) lines.push(clean(reply.emptyText));
  const numbers = listItemNumbers(reply);
  for (const [index, card] of reply.cards.entries()) {
    const number = numbers[index];
    lines.push(renderCard(card, style, numbered(reply) && number !== undefined ? number - 1 : undefined));
  }
  const example = numbers[1] ?? numbers[0];
  const hints = [
    reply.previousToken ? '`prev`' : null,
    reply.nextToken ? '`next`' : null,
    reply.shareToken ? '`share`' : null,
    reply.moreOnHfToken ? '`hf` (more on Hugging Face)' : null,
  ].filter(Boolean);
  const label = [
    pageLabel(reply),
    hints.length ? `type ${hints.join(', ')}` : null,
    example === undefined || reply.shared
      ? null
      : numbered(reply)
        ? `\`react ${example}\` flags item ${example}`
        : '`react 1` flags it',
  ]
    .filter(Boolean)
    .join(' · ');
  if (label) lines.push(style.dim(label));
  return lines.join('\n');
}

export function renderReply(reply: Reply, style: Style): string {
  if (reply.kind === 'paper-list') return renderList(reply, style);
  const prefix = reply.tone === 'error' ? '✖ ' : reply.tone === 'success' ? '✔ ' : '';
  return `${prefix}${clean(reply.text)}`;
}
