import { PLAYDATE_SLOT_MINUTES, PRIVATE_PLAYDATE_AHEAD_DAYS, type PlaydateHours } from '@velora/shared';

// The free starts of a model's private playdates (decision record 040): a 15-minute grid in her hours and time zone,
// the next PRIVATE_PLAYDATE_AHEAD_DAYS days, none overlapping her playdates that still hold her time. Every time zone
// in use is offset from UTC by a multiple of 15 minutes, so her local grid is the UTC grid: each UTC quarter hour is
// tested in her zone (which also gets daylight saving right).

const SLOT_MS = PLAYDATE_SLOT_MINUTES * 60_000;
const WEEKDAYS: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Weekday (0 Sunday) and minute of the day of an instant in a time zone. */
export function localTime(at: number, timeZone: string): { day: number; minute: number } {
  let day = 0;
  let hour = 0;
  let minute = 0;
  for (const part of formatterOf(timeZone).formatToParts(at)) {
    if (part.type === 'weekday') day = WEEKDAYS[part.value] ?? 0;
    else if (part.type === 'hour') hour = Number(part.value) % 24;
    else if (part.type === 'minute') minute = Number(part.value);
  }
  return { day, minute: hour * 60 + minute };
}

/** Whether [start, start + duration) lies inside her hours (on a day of hers, before her end of day). */
export function withinHours(start: number, durationMinutes: number, hours: PlaydateHours): boolean {
  const local = localTime(start, hours.time_zone);
  return hours.days.includes(local.day) && local.minute >= hours.from_minute && local.minute + durationMinutes <= hours.to_minute;
}

export interface Interval {
  start: number;
  end: number;
}

/** Unix milliseconds of every free start after `now` for `durationMinutes`. */
export function freeSlots(now: number, durationMinutes: number, hours: PlaydateHours, busy: readonly Interval[]): number[] {
  const slots: number[] = [];
  const first = Math.floor(now / SLOT_MS) * SLOT_MS + SLOT_MS;
  const last = now + PRIVATE_PLAYDATE_AHEAD_DAYS * 24 * 60 * 60_000;
  const length = durationMinutes * 60_000;
  for (let at = first; at < last; at += SLOT_MS) {
    if (!withinHours(at, durationMinutes, hours)) continue;
    if (busy.some((b) => b.start < at + length && b.end > at)) continue;
    slots.push(at);
  }
  return slots;
}
