import type { Language } from '@velora/shared';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "2 minutes ago", "yesterday", "3 weeks ago": how long ago a time (unix ms) was, in the page language. */
export function relativeTime(at: number, now: number, language: Language): string {
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  const diff = at - now;
  const abs = Math.abs(diff);
  if (abs < MINUTE) return format.format(0, 'second');
  if (abs < HOUR) return format.format(Math.round(diff / MINUTE), 'minute');
  if (abs < DAY) return format.format(Math.round(diff / HOUR), 'hour');
  if (abs < 7 * DAY) return format.format(Math.round(diff / DAY), 'day');
  if (abs < 30 * DAY) return format.format(Math.round(diff / (7 * DAY)), 'week');
  if (abs < 365 * DAY) return format.format(Math.round(diff / (30 * DAY)), 'month');
  return format.format(Math.round(diff / (365 * DAY)), 'year');
}

/** The local calendar day of a time, as a key ("2026-11-21") to group messages by. */
export function dayKey(at: number): string {
  const date = new Date(at);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

/** The heading of a day in a conversation: today, yesterday (translated by the caller), else the date. */
export function dayLabel(at: number, now: number, language: Language, words: { today: string; yesterday: string }): string {
  if (dayKey(at) === dayKey(now)) return words.today;
  const yesterday = new Date(now);
  yesterday.setDate(yesterday.getDate() - 1);
  if (dayKey(at) === dayKey(yesterday.getTime())) return words.yesterday;
  const sameYear = new Date(at).getFullYear() === new Date(now).getFullYear();
  return new Intl.DateTimeFormat(language, { weekday: 'long', day: 'numeric', month: 'long', ...(sameYear ? {} : { year: 'numeric' }) }).format(at);
}

/** The clock time of a message ("14:05" / "2:05 PM"). */
export function clockTime(at: number, language: Language): string {
  return new Intl.DateTimeFormat(language, { hour: 'numeric', minute: '2-digit' }).format(at);
}

/** The count a badge shows: nothing at 0, "99+" above 99. */
export function badgeCount(count: number): string | null {
  if (count <= 0) return null;
  return count > 99 ? '99+' : String(count);
}
