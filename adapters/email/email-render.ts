/**
 * Renders the core's digest as a mail: HTML built from tables and inline styles (what Gmail, Outlook and
 * Apple Mail all render; no stylesheet, no script, no web fonts) and the same content as plain text.
 */
import type { DigestHeader, PaperCard } from '../../src/chat/replies';

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

const escapeHtml = (value: string) =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

const link = (href: string, label: string, color = '#1d4ed8') =>
  `<a href="${escapeHtml(href)}" style="color:${color};text-decoration:none;font-weight:600">${escapeHtml(label)}</a>`;

const font = "font-family:-apple-system,'Segoe UI',Helvetica,Arial,sans-serif";

const safe = (url: string | null | undefined) => (url && /^https?:\/\//i.test(url) ? url : null);

/** Organisation, upvotes, comments, who submitted it, its arXiv date: the facts the chat cards show. */
function facts(card: PaperCard): string[] {
  return [
    card.organization,
    card.onHuggingFace ? `▲ ${card.upvotes} upvotes` : null,
    card.onHuggingFace
      ? card.comments === null
        ? 'comments unknown'
        : `${card.comments} comment${card.comments === 1 ? '' : 's'}`
      : null,
    card.categories,
    card.submittedBy ? `submitted by ${card.submittedBy}` : null,
    card.arxivDate ? `arXiv ${card.arxivDate}` : null,
  ].filter((fact): fact is string => Boolean(fact));
}

/** Hugging Face, arXiv, PDF, code, project page, video and discussion, whichever exist, as [label, URL]. */
function paperLinks(card: PaperCard): [string, string][] {
  const code = card.githubStars === null ? 'Code' : `Code ★ ${card.githubStars}`;
  const candidates: [string, string | null][] = [
    ['Hugging Face', card.hfUrl],
    ['arXiv', card.arxivUrl],
    ['PDF', card.pdfUrl],
    [code, card.githubUrl],
    ['Project page', card.projectPage],
    ['Video', card.media?.kind === 'video' ? card.media.url : null],
    ['Discussion', card.discussionUrl],
  ];
  return candidates.flatMap(([label, url]): [string, string][] => {
    const checked = safe(url);
    return checked ? [[label, checked]] : [];
  });
}

function cardHtml(card: PaperCard, index: number): string {
  const avatar = safe(card.organizationAvatarUrl);
  const figure = card.media?.kind === 'image' ? safe(card.media.url) : null;
  const avatarImg = avatar
    ? `<img src="${escapeHtml(avatar)}" alt="" width="16" height="16" style="vertical-align:middle;border-radius:3px;margin-right:4px">`
    : '';
  // alt="": a blocked figure would otherwise show the title a second time under the title.
  const figureImg = figure
    ? `<img src="${escapeHtml(figure)}" alt="" width="540" style="display:block;width:100%;max-width:540px;height:auto;border-radius:4px;margin:0 0 8px">`
    : '';
  const links = paperLinks(card).map(([label, url]) => link(url, label));
  return `<tr><td style="padding:16px 24px;border-top:1px solid #e5e7eb">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0"><tr>
<td valign="top" style="${font};font-size:20px;font-weight:700;color:#9ca3af;width:36px">${index + 1}</td>
<td valign="top" style="${font}">
<div style="font-size:17px;font-weight:700;line-height:1.35;margin:0 0 4px">${link(card.hfUrl, card.title, '#111827')}</div>
<div style="font-size:13px;color:#6b7280;margin:0 0 8px">${escapeHtml(card.authorsLine)}</div>
${figureImg}<div style="font-size:14px;color:#374151;line-height:1.5;margin:0 0 8px">${escapeHtml(card.summary)}</div>
${card.note ? `<div style="font-size:13px;color:#7c3aed;margin:0 0 8px">${escapeHtml(card.note)}</div>` : ''}
<div style="font-size:13px;color:#6b7280">${avatarImg}${escapeHtml(facts(card).join(' · '))}</div>
<div style="font-size:13px;margin-top:6px">${links.join(' &nbsp;·&nbsp; ')}</div>
</td></tr></table></td></tr>`;
}

function cardText(card: PaperCard, index: number): string {
  return [
    `${index + 1}. ${card.title}`,
    `   ${card.authorsLine}`,
    `   ${card.summary}`,
    ...(card.note ? [`   ${card.note}`] : []),
    `   ${facts(card).join(' · ')}`,
    ...paperLinks(card).map(([label, url]) => `   ${label}: ${url}`),
  ].join('\n');
}

function page(title: string, body: string, footer: string): string {
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:#f3f4f6">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#f3f4f6"><tr><td align="center" style="padding:24px 8px">
<table role="presentation" width="640" cellpadding="0" cellspacing="0" border="0" style="max-width:640px;width:100%;background:#ffffff;border-radius:8px">
${body}
<tr><td style="padding:16px 24px;border-top:1px solid #e5e7eb;${font};font-size:12px;color:#6b7280">${footer}</td></tr>
</table></td></tr></table></body></html>`;
}

export function renderDigestMail(
  header: DigestHeader,
  cards: PaperCard[],
  links: { unsubscribe: string; address: string },
): RenderedMail {
  const about = header.about ?? `Hugging Face Daily Papers · ${header.batchDay} · ${header.count} papers`;
  const dayLabel = header.linkLabel ?? `All ${header.total} papers of the day on Hugging Face`;
  const top = `<tr><td style="padding:24px 24px 12px;${font}">
<div style="font-size:22px;font-weight:800;color:#111827">${escapeHtml(header.title)}</div>
<div style="font-size:14px;color:#6b7280;margin-top:4px">${escapeHtml(about)}</div>
<div style="font-size:14px;margin-top:8px">${link(header.dayUrl, dayLabel)}</div></td></tr>`;
  const footer = `Sent by paperboy to ${escapeHtml(links.address)} because this address subscribed and confirmed. ${link(links.unsubscribe, 'Unsubscribe', '#6b7280')} (one click).`;
  const text = [
    header.title,
    about,
    `${dayLabel}: ${header.dayUrl}`,
    '',
    ...cards.map(cardText).flatMap((block) => [block, '']),
    `Sent to ${links.address}. Unsubscribe: ${links.unsubscribe}`,
  ].join('\n');
  return {
    subject: header.title,
    html: page(header.title, top + cards.map(cardHtml).join('\n'), footer),
    text,
  };
}

export function renderTextMail(text: string, links: { unsubscribe: string; address: string }): RenderedMail {
  const [first = 'paperboy'] = text.split('\n');
  const body = `<tr><td style="padding:24px;${font};font-size:15px;color:#111827;white-space:pre-wrap">${escapeHtml(text)}</td></tr>`;
  const footer = `Sent to ${escapeHtml(links.address)}. ${link(links.unsubscribe, 'Unsubscribe', '#6b7280')}.`;
  return {
    subject: first,
    html: page(first, body, footer),
    text: `${text}\n\nUnsubscribe: ${links.unsubscribe}`,
  };
}

export function renderConfirmMail(address: string, settings: string, confirmUrl: string): RenderedMail {
  const subject = 'Confirm your paperboy digest subscription';
  const body = `<tr><td style="padding:24px;${font};font-size:15px;color:#111827;line-height:1.5">
<div style="font-size:20px;font-weight:800;margin-bottom:12px">Confirm your subscription</div>
Someone (we hope you) asked for the Hugging Face papers digest at <b>${escapeHtml(address)}</b>.
<div style="white-space:pre-wrap;color:#374151;margin:12px 0">${escapeHtml(settings)}</div>
<table role="presentation" cellpadding="0" cellspacing="0" border="0"><tr><td style="background:#1d4ed8;border-radius:6px;padding:10px 18px">${link(confirmUrl, 'Confirm the subscription', '#ffffff')}</td></tr></table>
<div style="margin-top:12px;color:#6b7280;font-size:13px">Nothing is sent until you confirm; the link works for 7 days. If this was not you, ignore this mail.</div>
</td></tr>`;
  const text = `Someone (we hope you) asked for the Hugging Face papers digest at ${address}.\n${settings}\n\nConfirm: ${confirmUrl}\n\nNothing is sent until you confirm; the link works for 7 days. If this was not you, ignore this mail.`;
  return { subject, html: page(subject, body, 'paperboy'), text };
}
