/** Renders the daily digest for Discord: a short header line, then one embed message per paper. */
import type { APIButtonComponent, APIEmbed, APIEmbedField } from 'discord.js';
import type { DigestHeader, PaperCard } from '../../src/chat/replies';
import { buttonRows, type DiscordMessageBody, linkButton } from './discord-body';
import { FOOTER_SEPARATOR, refText } from './discord-delivery-ref';
import { fitEmbeds, LIMITS } from './discord-limits';
import { escapeMarkdown, oneLine, safeUrl, truncate } from './discord-text';

/** A summary is one line in intent; long ones are cut well before Discord's 4,096 so a digest stays readable. */
const SUMMARY_BUDGET = 700;

export function renderDigestHeader(header: DigestHeader, deliveryKey?: string): DiscordMessageBody {
  const title = `**${truncate(escapeMarkdown(oneLine(header.title)), 300)}**`;
  const content = deliveryKey ? `${title}\n-# ${refText(deliveryKey)}` : title;
  const dayUrl = safeUrl(header.dayUrl);
  const label =
    header.linkLabel ??
    `All ${header.total} paper${header.total === 1 ? '' : 's'} of the day on Hugging Face`;
  return {
    content: truncate(content, LIMITS.content),
    embeds: [],
    components: dayUrl ? buttonRows([linkButton(label, dayUrl)]) : [],
  };
}

const compact = (value: number) =>
  new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 }).format(value);

function paperFields(card: PaperCard): APIEmbedField[] {
  const fields: APIEmbedField[] = [];
  const authors = oneLine(card.authorsLine);
  if (authors) fields.push({ name: 'Authors', value: truncate(escapeMarkdown(authors), LIMITS.fieldValue) });
  if (card.onHuggingFace) {
    fields.push({ name: 'Upvotes', value: `👍 ${card.upvotes}`, inline: true });
    fields.push({
      name: 'Comments',
      value: card.comments === null ? '💬 unknown' : `💬 ${card.comments}`,
      inline: true,
    });
  }
  if (card.categories) {
    fields.push({
      name: 'arXiv',
      value: truncate(escapeMarkdown(card.categories), LIMITS.fieldValue),
      inline: true,
    });
  }
  if (card.githubStars !== null && safeUrl(card.githubUrl)) {
    fields.push({ name: 'GitHub', value: `⭐ ${compact(card.githubStars)}`, inline: true });
  }
  const submitter = card.submittedBy ? oneLine(card.submittedBy) : '';
  if (submitter) {
    fields.push({ name: 'Submitted by', value: truncate(escapeMarkdown(submitter), 100), inline: true });
  }
  return fields;
}

function paperFooter(card: PaperCard, deliveryKey?: string): string {
  const parts = [card.arxivDate ? `arXiv ${card.id} (${card.arxivDate})` : `arXiv ${card.id}`];
  if (card.batchDay) parts.push(`Daily Papers ${card.batchDay}`);
  if (deliveryKey) parts.push(refText(deliveryKey));
  return parts.map(oneLine).join(FOOTER_SEPARATOR);
}

/** Addresses kept clickable inside a note; no `<`, `>`, `|`, brackets or backticks, so no markdown hides in them. */
const NOTE_LINK = /(https?:\/\/[A-Za-z0-9._~:/?#@!$&'()*+,;=%-]+)/;
const NOTE_BUDGET = 300;

/**
 * A card's note (`2 flags: Ada, Bob · discuss: <thread url>` on the queue) as one line: the names in it are
 * people's text and are escaped; its links stay links.
 */
export function renderNote(note: string): string {
  const pieces = oneLine(note).split(NOTE_LINK);
  const text = pieces
    .map((piece, index) => (index % 2 === 1 && safeUrl(piece) ? piece : escapeMarkdown(piece)))
    .join('');
  return truncate(text, NOTE_BUDGET);
}

/** One embed for one paper. `deliveryKey` (digest posts only) is written into the footer for `findPosted`. */
export function paperEmbed(card: PaperCard, deliveryKey?: string): APIEmbed {
  const embed: APIEmbed = {
    title: truncate(escapeMarkdown(oneLine(card.title)), LIMITS.title),
    description: [
      truncate(escapeMarkdown(oneLine(card.summary)), SUMMARY_BUDGET),
      card.note && renderNote(card.note),
    ]
      .filter(Boolean)
      .join('\n\n'),
    fields: paperFields(card),
    footer: { text: truncate(paperFooter(card, deliveryKey), LIMITS.footer) },
  };
  const url = safeUrl(card.hfUrl, 2048);
  if (url) embed.url = url;
  const organization = card.organization ? oneLine(card.organization) : '';
  const avatar = safeUrl(card.organizationAvatarUrl, 2048);
  if (organization) {
    embed.author = {
      name: truncate(organization, LIMITS.authorName),
      ...(avatar ? { icon_url: avatar } : {}),
    };
  }
  const thumbnail = safeUrl(card.thumbnailUrl, 2048);
  // An embed shows one large image: the paper's own figure, with the social thumbnail beside it.
  const figure = card.media?.kind === 'image' ? safeUrl(card.media.url, 2048) : null;
  if (figure) embed.image = { url: figure };
  if (thumbnail) embed.thumbnail = { url: thumbnail };
  if (!embed.description) delete embed.description;
  return embed;
}

/** Hugging Face, arXiv, PDF, and whichever of code, project page, video and discussion exist, as link buttons. */
export function paperLinkButtons(card: PaperCard): APIButtonComponent[] {
  const links: [string, string | null][] = [
    ['Hugging Face', card.hfUrl],
    ['arXiv', card.arxivUrl],
    ['PDF', card.pdfUrl],
    ['Code', card.githubUrl],
    ['Project page', card.projectPage],
    ['Video', card.media?.kind === 'video' ? card.media.url : null],
    ['Discussion', card.discussionUrl],
  ];
  return links.flatMap(([label, url]) => {
    const safe = safeUrl(url);
    return safe ? [linkButton(label, safe)] : [];
  });
}

export function renderPaper(card: PaperCard, deliveryKey?: string): DiscordMessageBody {
  return {
    embeds: fitEmbeds([paperEmbed(card, deliveryKey)]),
    components: buttonRows(paperLinkButtons(card)),
  };
}
