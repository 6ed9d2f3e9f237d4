/**
 * Discord's message limits, and a last-resort guard that shrinks embeds until a message fits. Renderers plan
 * their budgets so the guard rarely acts; it exists so no input (a 10,000-character summary, 25 long titles)
 * can make Discord reject a post with 50035.
 */
import type { APIEmbed } from 'discord.js';
import { truncate } from './discord-text';

export const LIMITS = {
  content: 2000,
  embedsPerMessage: 10,
  embedTotal: 6000,
  title: 256,
  description: 4096,
  fields: 25,
  fieldName: 256,
  fieldValue: 1024,
  footer: 2048,
  authorName: 256,
  buttonLabel: 80,
  customId: 100,
  nonce: 25,
  choices: 25,
} as const;

/** The characters Discord counts towards the 6,000 total of one embed. */
export function embedLength(embed: APIEmbed): number {
  let total = (embed.title?.length ?? 0) + (embed.description?.length ?? 0);
  total += (embed.footer?.text.length ?? 0) + (embed.author?.name.length ?? 0);
  for (const field of embed.fields ?? []) total += field.name.length + field.value.length;
  return total;
}

export const embedsLength = (embeds: readonly APIEmbed[]) =>
  embeds.reduce((sum, embed) => sum + embedLength(embed), 0);

type Slot = { get: () => string; set: (value: string) => void };

function shrinkableSlots(embeds: APIEmbed[]): Slot[] {
  const slots: Slot[] = [];
  for (const embed of embeds) {
    slots.push({ get: () => embed.description ?? '', set: (value) => (embed.description = value) });
    for (const field of embed.fields ?? []) {
      slots.push({ get: () => field.value, set: (value) => (field.value = value) });
      slots.push({ get: () => field.name, set: (value) => (field.name = value) });
    }
    slots.push({ get: () => embed.title ?? '', set: (value) => (embed.title = value) });
  }
  return slots;
}

/**
 * Returns copies of `embeds` that fit the per-message total, shrinking the longest texts first. Values keep at
 * least a few characters so fields never become empty (Discord rejects empty field values).
 */
export function fitEmbeds(embeds: readonly APIEmbed[], limit: number = LIMITS.embedTotal): APIEmbed[] {
  const copies: APIEmbed[] = embeds.slice(0, LIMITS.embedsPerMessage).map((embed) => structuredClone(embed));
  const slots = shrinkableSlots(copies);
  let excess = embedsLength(copies) - limit;
  while (excess > 0) {
    const longest = slots.reduce((best, slot) => (slot.get().length > best.get().length ? slot : best));
    const current = longest.get();
    if (current.length <= 8) break;
    longest.set(truncate(current, Math.max(8, current.length - excess)));
    excess = embedsLength(copies) - limit;
  }
  return copies;
}
