/**
 * arXiv's announcement calendar, in US Eastern time (America/New_York, so DST is the zone's own).
 *
 * A *day* here is the date arXiv stamps on a mailing (the RSS channel's and items' `pubDate`): Monday to
 * Friday. Its announcement goes out at 20:00 Eastern the evening before (Sunday to Thursday), and holds what
 * was submitted between the previous cutoff and 14:00 Eastern on the last weekday up to that evening
 * (Friday 14:00 for Sunday's). Source: arXiv, "Availability of submissions", Announcement Schedule
 * (info.arxiv.org/help/availability.html; arXiv/arxiv-docs source/help/availability.md).
 *
 * Holidays: the same page lists the evenings with no mailing. Published for 2025: Wed 1 Jan, Mon 20 Jan,
 * Thu 19 Jun, Sun 6 Jul, Mon 1 Sep, Thu 27 Nov ("December holidays are not yet scheduled"). arXiv publishes
 * each year's list late, so 2026 and 2027 below are projected from the holidays it keeps every year (New
 * Year's Day, Martin Luther King Jr. Day, Juneteenth, Independence Day, Labor Day, Thanksgiving, Christmas
 * Day); an evening that falls on a Friday or Saturday has no mailing anyway. Update the list when arXiv
 * publishes its schedule. The feed is the final word: an unlisted holiday shows as an empty feed.
 */
import { localMoment } from '../../time/zoned-time';

const eastern = 'America/New_York';

/** Evenings (Eastern dates) with no 20:00 mailing. */
export const arxivHolidayEvenings: readonly string[] = [
  // 2025, as published by arXiv.
  '2025-01-01',
  '2025-01-20',
  '2025-06-19',
  '2025-07-06',
  '2025-09-01',
  '2025-11-27',
  // 2026, projected (see the header).
  '2026-01-01',
  '2026-01-19',
  '2026-09-07',
  '2026-11-26',
  // 2027, projected.
  '2027-01-18',
  '2027-07-04',
  '2027-09-06',
  '2027-11-25',
];

const holidayEvenings = new Set(arxivHolidayEvenings);
const dayPattern = /^\d{4}-\d{2}-\d{2}$/;

const weekday = (day: string) => new Date(`${day}T12:00:00Z`).getUTCDay();
const shift = (day: string, days: number) => {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

/** A real calendar date written `YYYY-MM-DD`. */
export function isCalendarDay(day: string): boolean {
  if (!dayPattern.test(day)) return false;
  const date = new Date(`${day}T12:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
}

/** The evening (Eastern date) whose 20:00 announcement carries `day`'s mailing: the day before. */
export const announcementEvening = (day: string) => shift(day, -1);

/** True when arXiv mails on `day`: Monday to Friday, except after a holiday evening. */
export function isAnnouncementDay(day: string): boolean {
  const dow = weekday(day);
  if (dow === 0 || dow === 6) return false;
  return !holidayEvenings.has(announcementEvening(day));
}

/** The UTC instant of `hh:00` Eastern on the Eastern date `date` (DST-aware). */
export function easternInstant(date: string, hour: number): Date {
  // Eastern is UTC-4 (EDT) or UTC-5 (EST): keep the offset whose local reading is the wall time asked for.
  const wall = `${String(hour).padStart(2, '0')}:00`;
  for (const offset of [4, 5]) {
    const instant = new Date(Date.parse(`${date}T00:00:00Z`) + (hour + offset) * 3_600_000);
    const local = localMoment(instant, eastern);
    if (local.date === date && local.time === wall) return instant;
  }
  throw new Error(`no ${wall} Eastern on ${date}`);
}

/** ISO UTC instant of the 20:00 Eastern announcement that carries `day`'s mailing. */
export function announcementTime(day: string): string {
  return easternInstant(announcementEvening(day), 20).toISOString();
}

/** Submissions up to 14:00 Eastern on this date make `day`'s mailing (Friday's cutoff for Monday). */
function cutoffDate(day: string): string {
  const evening = announcementEvening(day);
  return weekday(evening) === 0 ? shift(evening, -2) : evening;
}

/** The mailing day before `day` (skipping weekends and holidays). */
export function previousAnnouncementDay(day: string): string {
  let candidate = shift(day, -1);
  while (!isAnnouncementDay(candidate)) candidate = shift(candidate, -1);
  return candidate;
}

/** `day` itself when arXiv mails on it, else the next mailing day. */
export function nextAnnouncementDay(day: string): string {
  let candidate = day;
  while (!isAnnouncementDay(candidate)) candidate = shift(candidate, 1);
  return candidate;
}

/**
 * The submission window `[start, end)` (UTC instants) whose new papers `day`'s mailing announces, by the
 * schedule: moderation can hold a paper back a mailing or more, so this is what the export API can be asked
 * for when the feed no longer serves that day.
 */
export function submissionWindow(day: string): { start: Date; end: Date } {
  const mailing = nextAnnouncementDay(day);
  return {
    start: easternInstant(cutoffDate(previousAnnouncementDay(mailing)), 14),
    end: easternInstant(cutoffDate(mailing), 14),
  };
}

/** The mailing day that, by the schedule, announces a paper submitted at `instant`. */
export function announcementDayFor(instant: Date): string {
  let day = nextAnnouncementDay(localMoment(instant, eastern).date);
  while (instant.getTime() >= submissionWindow(day).end.getTime()) day = nextAnnouncementDay(shift(day, 1));
  return day;
}

/** Every mailing day from `from` to `to`, inclusive. */
export function announcementDaysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = shift(day, 1)) if (isAnnouncementDay(day)) days.push(day);
  return days;
}
