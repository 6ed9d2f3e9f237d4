/** The message shape every renderer produces: plain API JSON, usable with raw REST and with discord.js. */
import {
  type APIActionRowComponent,
  type APIButtonComponent,
  type APIComponentInMessageActionRow,
  type APIEmbed,
  ButtonStyle,
  ComponentType,
} from 'discord.js';
import { LIMITS } from './discord-limits';
import { truncate } from './discord-text';

export type MessageRow = APIActionRowComponent<APIComponentInMessageActionRow>;

export interface DiscordMessageBody {
  content?: string;
  embeds: APIEmbed[];
  components: MessageRow[];
}

/** Sent with every message: text from papers and users must never ping anyone. */
export const NO_MENTIONS: { parse: [] } = { parse: [] };

export const linkButton = (label: string, url: string): APIButtonComponent => ({
  type: ComponentType.Button,
  style: ButtonStyle.Link,
  label: truncate(label, LIMITS.buttonLabel),
  url,
});

export const actionButton = (
  label: string,
  customId: string,
  style: ButtonStyle.Primary | ButtonStyle.Secondary = ButtonStyle.Secondary,
): APIButtonComponent => ({
  type: ComponentType.Button,
  style,
  label: truncate(label, LIMITS.buttonLabel),
  custom_id: customId,
});

/** Rows of at most five buttons; empty input gives no rows (Discord rejects an empty action row). */
export function buttonRows(buttons: APIButtonComponent[]): MessageRow[] {
  const rows: MessageRow[] = [];
  for (let start = 0; start < buttons.length && rows.length < 5; start += 5) {
    rows.push({ type: ComponentType.ActionRow, components: buttons.slice(start, start + 5) });
  }
  return rows;
}
