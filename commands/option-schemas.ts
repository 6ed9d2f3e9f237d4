import { z } from 'zod';
import { allDigestSources } from '../src/digest/sources/registry';
import type { DigestSource, Weekday } from '../src/records/subscription';
import { canonicalCategory, categoryProblem } from '../src/sources/arxiv/arxiv-categories';
import { canonicalTimezone } from '../src/time/zoned-time';

/** zod pieces for command options; every message says what was wrong and what would work. */

export const timeOfDay = z
  .string()
  .trim()
  .transform((value, ctx) => {
    const match = /^(\d{1,2})(?::(\d{2}))?\s*(am|pm)?$/i.exec(value);
    let hours = match ? Number(match[1]) : Number.NaN;
    const minutes = match?.[2] ? Number(match[2]) : 0;
    const meridiem = match?.[3]?.toLowerCase();
    if (meridiem && hours >= 1 && hours <= 12) hours = (hours % 12) + (meridiem === 'pm' ? 12 : 0);
    else if (meridiem) hours = Number.NaN;
    if (!match || !(hours >= 0 && hours <= 23) || minutes > 59) {
      ctx.addIssue({
        code: 'custom',
        message: `time "${value}" is not a time of day; use HH:MM in 24-hour time, e.g. 09:00 or 17:30`,
      });
      return z.NEVER;
    }
    return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
  });

export const timezone = z
  .string()
  .trim()
  .transform((value, ctx) => {
    const zone = canonicalTimezone(value);
    if (!zone) {
      ctx.addIssue({
        code: 'custom',
        message: `timezone "${value}" is not an IANA zone; try Europe/Paris, America/New_York or UTC`,
      });
      return z.NEVER;
    }
    return zone;
  });

/** A whole number from an option or from text (`top=5`). */
export const wholeNumber = (name: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${name} must be a whole number from ${min} to ${max}` })
    .int(`${name} must be a whole number from ${min} to ${max}`)
    .min(min, `${name} must be at least ${min}`)
    .max(max, `${name} must be at most ${max}`);

/** The words that mean on and off, in options and in environment variables alike (any case). */
export const onWords = ['on', 'true', 'yes', 'y', '1', 'enable', 'enabled'] as const;
export const offWords = ['off', 'false', 'no', 'n', '0', 'disable', 'disabled'] as const;

/** `on`/`off` in any case (`threads=ON`, `post_empty=Yes`), true/false and yes/no too; a bare name is on. */
export const flag = (name: string) =>
  z.union([z.boolean(), z.string()]).transform((value, ctx) => {
    if (typeof value === 'boolean') return value;
    const word = value.trim().toLowerCase();
    if ((onWords as readonly string[]).includes(word)) return true;
    if ((offWords as readonly string[]).includes(word)) return false;
    ctx.addIssue({
      code: 'custom',
      message: `${name} must be on or off (true/false and yes/no work too), not "${value}"`,
    });
    return z.NEVER;
  });

/** `diffusion, "large language models"; rl` → ['diffusion', 'large language models', 'rl'] */
export const keywordList = (name: string) =>
  z
    .string()
    .transform((value) =>
      value
        .split(/[,;]/)
        .map((keyword) =>
          keyword
            .trim()
            .replace(/^["“']|["”']$/g, '')
            .trim(),
        )
        .filter(Boolean),
    )
    .refine((keywords) => keywords.length <= 20, `${name} takes at most 20 keywords`)
    .refine(
      (keywords) => keywords.every((keyword) => keyword.length <= 60),
      `each ${name} keyword is at most 60 characters`,
    );

const dayNames = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

/** `daily`, `weekdays`, `mon-fri`, `mon,wed,fri` → weekday numbers. */
export const weekdayList = z
  .string()
  .trim()
  .toLowerCase()
  .transform((value, ctx) => {
    if (value === 'daily' || value === 'every day' || value === 'all')
      return [0, 1, 2, 3, 4, 5, 6] as Weekday[];
    if (value === 'weekdays') return [1, 2, 3, 4, 5] as Weekday[];
    // No day at all would be a subscription that never posts.
    if (value === '') {
      ctx.addIssue({
        code: 'custom',
        message:
          'weekdays needs at least one day; try daily, mon-fri or mon,wed,fri (unsubscribe stops the digest)',
      });
      return z.NEVER;
    }
    const days = new Set<Weekday>();
    for (const part of value.split(/[\s,]+/).filter(Boolean)) {
      const [from, to] = part.split('-').map((name) => dayNames.indexOf(name.slice(0, 3)));
      if (from === undefined || from < 0 || (to !== undefined && to < 0)) {
        ctx.addIssue({
          code: 'custom',
          message: `weekdays "${value}" is not a list of days; try daily, mon-fri or mon,wed,fri`,
        });
        return z.NEVER;
      }
      for (let day = from; ; day = (day + 1) % 7) {
        days.add(day as Weekday);
        if (to === undefined || day === to) break;
      }
    }
    return [...days].sort();
  });

/** `fri 15:00`, `Friday 3pm Europe/Paris` or `off` → the weekly agenda slot (zone defaults to the caller's). */
export const agendaSlot = z
  .string()
  .trim()
  .transform((value, ctx) => {
    if (/^(off|none|no)$/i.test(value)) return null;
    const [dayWord = '', timeWord = '', zoneWord] = value.split(/\s+/);
    const weekday = dayNames.indexOf(dayWord.slice(0, 3).toLowerCase());
    const time = timeOfDay.safeParse(timeWord);
    const zone = zoneWord === undefined ? undefined : timezone.safeParse(zoneWord);
    if (weekday < 0 || !time.success || (zone && !zone.success)) {
      ctx.addIssue({
        code: 'custom',
        message: `agenda "${value}" is not a weekly slot; use a day and a time, e.g. agenda:"fri 15:00" (or "fri 15:00 Europe/Paris", or off)`,
      });
      return z.NEVER;
    }
    return { weekday: weekday as Weekday, time: time.data, timezone: zone?.success ? zone.data : undefined };
  });

/** `source=daily`, `source=trending` or `source=arxiv`: what a subscription posts (every listed digest source). */
export const digestSource = z
  .string()
  .trim()
  .toLowerCase()
  .transform((value, ctx) => {
    const source = allDigestSources.find((each) => each.id === value);
    if (source) return source.id as DigestSource;
    ctx.addIssue({
      code: 'custom',
      message: `source "${value}" is not a digest source; use source=daily (the day's Daily Papers batch, the default), source=trending (Hugging Face's trending list) or source=arxiv with categories=cs.RO,cs.LG (arXiv's mailing in those categories)`,
    });
    return z.NEVER;
  });

/** At most this many arXiv categories per channel (each is one request to arXiv per mailing). */
export const maxCategories = 10;

/** `cs.LG, cs.RO` (commas or spaces, any case) → `['cs.LG', 'cs.RO']`, each a category arXiv has. */
export const arxivCategories = z.string().transform((value, ctx) => {
  const words = value
    .split(/[\s,;]+/)
    .map((word) => word.trim())
    .filter(Boolean);
  if (words.length === 0) {
    ctx.addIssue({
      code: 'custom',
      message:
        'categories needs at least one arXiv category, e.g. categories=cs.RO or categories=cs.LG,cs.RO',
    });
    return z.NEVER;
  }
  const categories: string[] = [];
  for (const word of words) {
    const category = canonicalCategory(word);
    if (!category) {
      ctx.addIssue({ code: 'custom', message: categoryProblem(word) });
      return z.NEVER;
    }
    if (!categories.includes(category)) categories.push(category);
  }
  if (categories.length > maxCategories) {
    ctx.addIssue({
      code: 'custom',
      message: `categories takes at most ${maxCategories} arXiv categories, not ${categories.length}`,
    });
    return z.NEVER;
  }
  return categories;
});
