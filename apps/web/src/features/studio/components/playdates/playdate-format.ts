import type { TFunction } from 'i18next';
import { isApiError } from '@/lib/http';

/** "10 minutes", "1 hour", "1 h 30 min". */
export function minutesLabel(t: TFunction, minutes: number): string {
  if (minutes < 60) return t('studio.schedule.minutes', { count: minutes });
  if (minutes % 60 === 0) return t('studio.schedule.hours', { count: minutes / 60 });
  return t('studio.schedule.hoursMinutes', { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
}

/** A date and time in her own time zone (the browser's). */
export function formatWhen(unixSeconds: number, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(unixSeconds * 1000);
}

/**
 * The fields a 400 or 422 named, keyed as the form's fields are (`durations.2` is the durations field): the server's
 * words beside the field they are about. Null when the answer named no field.
 */
export function fieldErrorsOf(error: unknown): Record<string, string> | null {
  if (!(isApiError(error, 400) || isApiError(error, 422)) || !error.fields) return null;
  const fields: Record<string, string> = {};
  for (const [key, message] of Object.entries(error.fields)) {
    const name = key.replace(/^body\./, '').replace(/\.\d+$/, '');
    fields[name] ??= message;
  }
  return Object.keys(fields).length > 0 ? fields : null;
}
