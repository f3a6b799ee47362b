// The forum calendar (forum-mafia.ru.txt "ДЕНЬ": votes 10:00–21:00 at UTC+4; R44: the lawyer's
// three hours from the day's start; R52: the night until the next morning's results).
import { describe, expect, it } from 'vitest';
import { DEFAULT_SCHEDULE, dayTimes, firstOpening, localTime, ScheduleSchema } from './calendar.js';

const at = (iso: string): number => Date.parse(iso);

describe('forum calendar (R44, R52)', () => {
  it('day 1 opens at the next 10:00 UTC+4 after the start', () => {
    expect(firstOpening(DEFAULT_SCHEDULE, at('2026-03-02T04:00:00Z'))).toBe(at('2026-03-02T06:00:00Z'));
    // Started after 10:00 local: the next morning.
    expect(firstOpening(DEFAULT_SCHEDULE, at('2026-03-02T07:00:00Z'))).toBe(at('2026-03-03T06:00:00Z'));
    // Started after local midnight but before UTC midnight (23:30 UTC = 03:30 local next day).
    expect(firstOpening(DEFAULT_SCHEDULE, at('2026-03-02T23:30:00Z'))).toBe(at('2026-03-03T06:00:00Z'));
  });

  it('a given first day is kept when it is still ahead', () => {
    const s = { ...DEFAULT_SCHEDULE, firstDay: '2026-03-05' };
    expect(firstOpening(s, at('2026-03-02T04:00:00Z'))).toBe(at('2026-03-05T06:00:00Z'));
  });

  it('R42 votes 10:00–21:00, R44 the lawyer until 13:00, R52 the night until 10:00 next day', () => {
    const t = dayTimes(DEFAULT_SCHEDULE, at('2026-03-02T06:00:00Z'), 3);
    expect(t.opens).toBe(at('2026-03-04T06:00:00Z'));
    expect(t.lawyer).toBe(at('2026-03-04T09:00:00Z'));
    expect(t.closes).toBe(at('2026-03-04T17:00:00Z'));
    expect(t.nightEnds).toBe(at('2026-03-05T06:00:00Z'));
  });

  it('times read in the table’s zone', () => {
    expect(localTime(DEFAULT_SCHEDULE, at('2026-03-04T17:00:00Z'))).toBe('04.03 21:00 (UTC+4)');
    expect(localTime({ ...DEFAULT_SCHEDULE, utcOffsetMinutes: -330 }, at('2026-03-04T17:00:00Z'))).toBe('04.03 11:30 (UTC−5:30)');
  });

  it('a schedule whose vote closes before it opens is refused', () => {
    expect(ScheduleSchema.safeParse({ ...DEFAULT_SCHEDULE, voteCloses: '09:00' }).success).toBe(false);
    expect(ScheduleSchema.safeParse({ ...DEFAULT_SCHEDULE, lawyerMinutes: 700 }).success).toBe(false);
    expect(ScheduleSchema.safeParse({ ...DEFAULT_SCHEDULE, extra: 1 }).success).toBe(false);
  });
});
