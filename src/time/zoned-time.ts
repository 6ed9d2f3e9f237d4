import type { Weekday } from '../records/subscription';

export interface LocalMoment {
  /** `YYYY-MM-DD` */
  date: string;
  /** `HH:MM`, 24-hour */
  time: string;
  weekday: Weekday;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

const formatterFor = (timeZone: string) => {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      weekday: 'short',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
};

const weekdayIndex: Record<string, Weekday> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };

/** The wall-clock date, time and weekday at `instant` in `timeZone`. */
export function localMoment(instant: Date, timeZone: string): LocalMoment {
  const parts = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}`,
    weekday: weekdayIndex[parts.weekday ?? 'Sun'] ?? 0,
  };
}

let zoneList: string[] | undefined;

/** Every IANA zone this runtime knows, plus `UTC`. */
export function knownTimezones(): string[] {
  zoneList ??= [...new Set(['UTC', ...Intl.supportedValuesOf('timeZone')])];
  return zoneList;
}

export function isValidTimezone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return /\//.test(timeZone) || timeZone.toUpperCase() === 'UTC';
  } catch {
    return false;
  }
}

/** Canonical spelling of a zone the user typed in any case (`europe/paris` → `Europe/Paris`). */
export function canonicalTimezone(input: string): string | null {
  const lower = input.trim().toLowerCase();
  const found = knownTimezones().find((zone) => zone.toLowerCase() === lower);
  if (found) return found;
  return isValidTimezone(input.trim()) ? input.trim() : null;
}

/** Zones whose name contains what the user typed, those starting with it first. */
export function suggestTimezones(prefix: string, limit: number): string[] {
  const needle = prefix.trim().toLowerCase().replace(/\s+/g, '_');
  const zones = knownTimezones();
  if (!needle) return zones.slice(0, limit);
  const starts = zones.filter((zone) => zone.toLowerCase().startsWith(needle));
  const contains = zones.filter(
    (zone) => !zone.toLowerCase().startsWith(needle) && zone.toLowerCase().includes(needle),
  );
  return [...starts, ...contains].slice(0, limit);
}

/** `YYYY-MM-DD` plus `days` (may be negative), in the proleptic calendar. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export const utcDay = (instant: Date) => instant.toISOString().slice(0, 10);
