import type { Language } from '@velora/shared';
import { LANGUAGE_TAGS } from '@velora/shared';

/** A publication date (unix seconds) in the page language, e.g. "3 March 2030". */
export function formatPublished(unixSeconds: number, language: Language): string {
  return new Intl.DateTimeFormat(LANGUAGE_TAGS[language], { day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(unixSeconds * 1000));
}

/** The machine-readable date for <time dateTime>. */
export function isoDate(unixSeconds: number): string {
  return new Date(unixSeconds * 1000).toISOString();
}
