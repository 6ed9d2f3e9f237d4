import { describe, expect, it } from 'vitest';
import {
  announcementDayFor,
  announcementDaysBetween,
  announcementTime,
  isAnnouncementDay,
  submissionWindow,
} from '../../src/sources/arxiv/arxiv-calendar';

describe('arXiv announcement calendar', () => {
  it('mails Monday to Friday, never on a weekend', () => {
    const week = [
      '2026-11-02',
      '2026-11-03',
      '2026-11-04',
      '2026-11-05',
      '2026-11-06',
      '2026-11-07',
      '2026-11-08',
    ];
    expect(week.map(isAnnouncementDay)).toEqual([true, true, true, true, true, false, false]);
  });

  it('skips the mailings after arXiv holiday evenings', () => {
    // Thanksgiving 2025 (published) and 2026: no Thursday-evening mailing, so no Friday list.
    expect(isAnnouncementDay('2025-11-28')).toBe(false);
    expect(isAnnouncementDay('2026-11-27')).toBe(false);
    // Sunday 6 July 2025 (published): no Monday list; Tuesday as usual.
    expect(isAnnouncementDay('2025-07-07')).toBe(false);
    expect(isAnnouncementDay('2025-07-08')).toBe(true);
    // Labor Day 2026 is Monday 7 September: no Tuesday list.
    expect(isAnnouncementDay('2026-09-08')).toBe(false);
    expect(announcementDaysBetween('2026-11-23', '2026-11-30')).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-30',
    ]);
  });

  it('announces at 20:00 Eastern the evening before, through the DST changes', () => {
    // Summer time (EDT, UTC-4).
    expect(announcementTime('2026-07-01')).toBe('2026-07-01T00:00:00.000Z');
    // Monday's mailing goes out on Sunday evening; on 1 November 2026 clocks went back that morning (EST).
    expect(announcementTime('2026-11-02')).toBe('2026-11-02T01:00:00.000Z');
    // Sunday 8 March 2026 clocks went forward: that evening is already EDT.
    expect(announcementTime('2026-03-09')).toBe('2026-03-09T00:00:00.000Z');
    expect(announcementTime('2026-03-06')).toBe('2026-03-06T01:00:00.000Z');
  });

  it('gives each mailing the submissions of its window (14:00 Eastern cutoffs, Friday to Monday)', () => {
    const monday = submissionWindow('2026-11-02');
    expect([monday.start.toISOString(), monday.end.toISOString()]).toEqual([
      '2026-10-29T18:00:00.000Z',
      '2026-10-30T18:00:00.000Z',
    ]);
    const tuesday = submissionWindow('2026-11-03');
    expect([tuesday.start.toISOString(), tuesday.end.toISOString()]).toEqual([
      '2026-10-30T18:00:00.000Z',
      '2026-11-02T19:00:00.000Z',
    ]);
    // After Thanksgiving, Monday's mailing holds Wednesday 14:00 to Friday 14:00.
    const afterThanksgiving = submissionWindow('2026-11-30');
    expect(afterThanksgiving.start.toISOString()).toBe('2026-11-25T19:00:00.000Z');
    expect(announcementDayFor(new Date('2026-11-06T18:59:00Z'))).toBe('2026-11-09');
    expect(announcementDayFor(new Date('2026-11-06T19:00:00Z'))).toBe('2026-11-10');
  });
});
