import type { Language } from '../constants';
import { LANGUAGES } from '../constants';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * First-visit language (product §1): French for French-enabled visitors from FR,
 * English for international visitors, otherwise German.
 */
export function firstVisitLanguage(visit: { country: string | null; is_international: boolean }, frenchEnabled: boolean): Language {
  if (frenchEnabled && (visit.country ?? '').toUpperCase() === 'FR') return 'fr';
  if (visit.is_international) return 'en';
  return 'de';
}

/** A language is offered when it is not French, or when French is enabled. */
export function availableLanguages(frenchEnabled: boolean): Language[] {
  return LANGUAGES.filter((l) => l !== 'fr' || frenchEnabled);
}
