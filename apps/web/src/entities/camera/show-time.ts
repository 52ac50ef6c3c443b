import type { Language } from '@velora/shared';

const sameDay = (a: Date, b: Date) => a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

/**
 * When a show starts, in the page language and the browser's time zone: the time alone today, with the weekday
 * within a week, with the date beyond.
 */
export function formatShowTime(unixSeconds: number, language: Language, now = new Date()): string {
  const at = new Date(unixSeconds * 1000);
  if (sameDay(at, now)) return new Intl.DateTimeFormat(language, { timeStyle: 'short' }).format(at);
  const withinWeek = at.getTime() - now.getTime() < 6 * 24 * 3600 * 1000 && at.getTime() > now.getTime();
  return new Intl.DateTimeFormat(language, withinWeek ? { weekday: 'long', hour: 'numeric', minute: '2-digit' } : { dateStyle: 'medium', timeStyle: 'short' }).format(at);
}
