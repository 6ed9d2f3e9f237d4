/**
 * Filter values as people type them, inline (`since:7d`) or as command options, each parsed to a value or
 * to a message that says what was wrong and what would work.
 */

export type Since = { days: number } | { day: string };
export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
const fail = <T>(message: string): Parsed<T> => ({ ok: false, message });

const unitDays: Record<string, number> = { d: 1, w: 7, m: 30, y: 365 };
const maxAgeDays = 36_500;
const maxUpvotes = 1_000_000;
/** Longest author or organization name accepted. */
export const maxNameLength = 100;

const isRealDay = (day: string) => {
  const time = Date.parse(`${day}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(day);
};

/** `7d`, `2w`, `6m` (30-day months), `1y`, `today`, `yesterday` or `2026-11-01`. */
export function parseSince(raw: string): Parsed<Since> {
  const value = raw.trim().toLowerCase();
  if (value === 'today') return ok({ days: 0 });
  if (value === 'yesterday') return ok({ days: 1 });
  const age = /^(\d{1,5})\s*(d|days?|w|weeks?|m|months?|y|years?)$/.exec(value);
  if (age) {
    const days = Number(age[1]) * (unitDays[(age[2] ?? 'd')[0] ?? 'd'] ?? 1);
    if (days <= maxAgeDays) return ok({ days });
  }
  if (/^\d{4}-\d{2}-\d{2}$/.test(value) && isRealDay(value)) return ok({ day: value });
  return fail(
    `since "${raw}" is not a date or an age: use since:7d (days), since:4w (weeks), since:6m (months), since:1y or since:2026-11-01`,
  );
}

/** `>20` (more than 20), `>=20`, `20` or `20+` (at least 20): the least number of upvotes. */
export function parseUpvotes(raw: string): Parsed<number> {
  const value = raw.trim();
  const match = /^(>=?|≥)?\s*(\d{1,7})(\+)?$/.exec(value);
  const count = match ? Number(match[2]) + (match[1] === '>' ? 1 : 0) : Number.NaN;
  if (match && count <= maxUpvotes) return ok(count);
  if (/^(<|≤)/.test(value))
    return fail(`upvotes "${raw}": only a least number works, e.g. upvotes:>20 or upvotes:>=20`);
  return fail(
    `upvotes "${raw}" is not a number of upvotes: use upvotes:>20 (more than 20) or upvotes:>=20 (at least 20)`,
  );
}

/** An author or organization name: some letters or digits, not too long. */
export function parseName(kind: 'author' | 'org', raw: string): Parsed<string> {
  const value = raw.trim().replace(/\s+/g, ' ');
  const example =
    kind === 'author' ? 'author:"Yann LeCun" or author:lecun' : 'org:nvidia or org:"Google DeepMind"';
  if (!/[\p{L}\p{N}]/u.test(value)) return fail(`${kind} needs a name, e.g. ${example}`);
  if (value.length > maxNameLength) return fail(`${kind} names are at most ${maxNameLength} characters`);
  return ok(value);
}
