// A forum table's calendar (forum-mafia.ru.txt "ДЕНЬ", "НОЧЬ"; R44, R52): days open at a local
// hour in a fixed UTC offset, the vote closes at another, the lawyer's window runs from the day's
// opening, the night lasts until the next morning's results. Every deadline is computed from the
// schedule and the day number, so a restart recomputes exactly the stored times.
import { z } from 'zod';

export interface Schedule {
  /** Minutes east of UTC (the source: UTC+4, 240). */
  utcOffsetMinutes: number;
  /** Local "HH:MM" the day (and its vote) opens; the night's results are posted then. */
  dayOpens: string;
  /** Local "HH:MM" the vote closes (one minute late does not count). */
  voteCloses: string;
  /** The lawyer's window from the day's opening (R44: three hours). */
  lawyerMinutes: number;
  /** How long the voted-out kamikaze has to pick (the source sets no time). */
  kamikazeMinutes: number;
  /** The local date ("YYYY-MM-DD") of day 1; absent: the first opening after the start. */
  firstDay?: string;
}

export const DEFAULT_SCHEDULE: Schedule = { utcOffsetMinutes: 240, dayOpens: '10:00', voteCloses: '21:00', lawyerMinutes: 180, kamikazeMinutes: 60 };

const HHMM = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);
export const ScheduleSchema = z
  .object({
    utcOffsetMinutes: z.number().int().min(-720).max(840),
    dayOpens: HHMM,
    voteCloses: HHMM,
    lawyerMinutes: z.number().int().min(0).max(1440),
    kamikazeMinutes: z.number().int().min(1).max(1440),
    firstDay: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional(),
  })
  .strict()
  .refine((s) => minutes(s.voteCloses) > minutes(s.dayOpens), { message: 'voteCloses must be after dayOpens' })
  .refine((s) => s.lawyerMinutes <= minutes(s.voteCloses) - minutes(s.dayOpens), { message: 'lawyer window longer than the day' });

const MIN = 60_000;
const DAY = 24 * 60 * MIN;

export function minutes(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return h! * 60 + m!;
}

/** The epoch ms day 1 opens, for a game started at `startAt`. */
export function firstOpening(s: Schedule, startAt: number): number {
  const off = s.utcOffsetMinutes * MIN;
  const open = minutes(s.dayOpens) * MIN;
  if (s.firstDay) {
    const at = Date.parse(`${s.firstDay}T00:00:00Z`) - off + open;
    if (Number.isFinite(at) && at >= startAt) return at;
  }
  // The local midnight of the start's local date, then its opening; if that has passed, tomorrow's.
  const local = startAt + off;
  const midnight = local - (((local % DAY) + DAY) % DAY) - off;
  const today = midnight + open;
  return today >= startAt ? today : today + DAY;
}

export interface DayTimes {
  opens: number;
  lawyer: number;
  closes: number;
  /** The next day's opening: the night's end. */
  nightEnds: number;
}

export function dayTimes(s: Schedule, day1: number, day: number): DayTimes {
  const opens = day1 + (day - 1) * DAY;
  return {
    opens,
    lawyer: opens + s.lawyerMinutes * MIN,
    closes: opens + (minutes(s.voteCloses) - minutes(s.dayOpens)) * MIN,
    nightEnds: opens + DAY,
  };
}

/** "21:00 (UTC+4)": a time the way the players of this table read it. */
export function localTime(s: Schedule, at: number): string {
  const d = new Date(at + s.utcOffsetMinutes * MIN);
  const hh = String(d.getUTCHours()).padStart(2, '0');
  const mm = String(d.getUTCMinutes()).padStart(2, '0');
  const day = `${String(d.getUTCDate()).padStart(2, '0')}.${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
  const o = s.utcOffsetMinutes;
  const sign = o < 0 ? '−' : '+';
  const abs = Math.abs(o);
  const zone = `UTC${sign}${Math.floor(abs / 60)}${abs % 60 ? `:${String(abs % 60).padStart(2, '0')}` : ''}`;
  return `${day} ${hh}:${mm} (${zone})`;
}
