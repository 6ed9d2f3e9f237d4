/** Reads a Discord message back as a person sees it: the visible text and the button labels. */
import type { FakeMessage } from '../fakes/discord/fake-types';

/**
 * Discord markdown as rendered: masked links show their label, bold markers and `-#` subtext markers
 * disappear, and backslash escapes show the character itself.
 */
export function asSeen(markdown: string): string {
  return markdown
    .replace(/(?<!\\)\[((?:\\.|[^\]\\])*)\]\((https?:[^)\s]+)\)/g, '$1')
    .replace(/(?<!\\)\*\*/g, '')
    .replace(/^-# /gm, '')
    .replace(/\\([^0-9A-Za-z\s])/g, '$1');
}

export const buttonsOf = (message: Pick<FakeMessage, 'components'>) =>
  message.components
    .flatMap((row) => row.components)
    .map((button) => ('label' in button ? (button.label ?? '') : ''));

/** Link buttons (they open a page instead of reaching the bot), with their address. */
export const linksOf = (message: Pick<FakeMessage, 'components'>) =>
  message.components
    .flatMap((row) => row.components)
    .flatMap((button) =>
      'url' in button && typeof button.url === 'string'
        ? [{ label: button.label ?? '', url: button.url }]
        : [],
    );

/** Every image the message shows: embed images, thumbnails and author icons. */
export const imagesOf = (message: Pick<FakeMessage, 'embeds'>) =>
  message.embeds.flatMap((embed) =>
    [embed.image?.url, embed.thumbnail?.url, embed.author?.icon_url].filter(
      (url): url is string => typeof url === 'string',
    ),
  );

/** Content, then every embed's author, title, description, fields and footer, then the button labels. */
export function visibleText(message: Pick<FakeMessage, 'content' | 'embeds' | 'components'>): string {
  const parts = [message.content];
  for (const embed of message.embeds) {
    parts.push(embed.author?.name ?? '', embed.title ?? '', embed.description ?? '');
    for (const field of embed.fields ?? []) parts.push(field.name, field.value);
    parts.push(embed.footer?.text ?? '');
  }
  parts.push(...buttonsOf(message));
  return asSeen(parts.filter((part) => part.length > 0).join('\n'));
}
