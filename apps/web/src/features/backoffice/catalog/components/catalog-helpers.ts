import type { TFunction } from 'i18next';
import { isApiError } from '@/lib/http';

// Small pieces the catalog's screens share (decision record 075).

/** `2026-11-24T20:30` from a datetime-local field, read in the browser's time zone → unix seconds; null if unreadable. */
export function localDateTimeToUnix(value: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return null;
  const ms = new Date(value).getTime();
  return Number.isNaN(ms) ? null : Math.floor(ms / 1000);
}

/** A time for the screen, in the reader's language. */
export const formatTime = (unix: number, language: string) => new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(unix * 1000);

/** The server's field messages of a 400 (they name the field), else nothing. */
export const fieldErrorsOf = (error: unknown): Record<string, string> => (isApiError(error) && error.fields ? error.fields : {});

/** The file a refused upload names (the server quotes it in its message). */
const fileNamed = (message: string) => /"([^"]*)"/.exec(message)?.[1] ?? '';

/** The message of a failed change, in the reader's language: a refused upload names its file; else a general one. */
export function changeErrorOf(error: unknown, t: TFunction): string {
  if (!isApiError(error)) return t('boCatalog.saveFailed');
  if (error.code === 'UNSUPPORTED_IMAGE') return t('boCatalog.shoot.unsupported', { name: fileNamed(error.message) });
  if (error.code === 'FILE_TOO_LARGE') return t('boCatalog.shoot.tooLarge', { name: fileNamed(error.message) });
  if (error.code === 'TOO_MANY_FILES') return t('boCatalog.shoot.tooMany');
  return t('boCatalog.saveFailed');
}

/** The id in a route's path, or null when it is not one. */
export function idParam(value: string | undefined): number | null {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
}
