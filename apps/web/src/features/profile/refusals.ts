import type { TFunction } from 'i18next';
import { isApiError } from '@/lib/http';

/** What a settings form shows for a failed call: messages per field, and one for the form. */
export interface Refusal {
  fields: Record<string, string>;
  form: string | null;
}

/** Our own words for a refusal of a field, by HTTP status; anything else shows the server's message. */
export type FieldTranslations = Record<string, Partial<Record<number, string>>>;

/** "Too many … Try again in 3 minutes." → 3 (the server's 429 messages name the wait). */
export function minutesToWait(message: string): number | null {
  const match = /in (\d+) minutes?/i.exec(message);
  return match ? Number(match[1]) : null;
}

/**
 * Reads a refusal of the account calls: 429 is a form message with the wait; 400 and 409 carry `fields`
 * (wrong password, taken name, invalid value), each shown at its field; anything else is a general failure.
 */
export function refusalOf(error: unknown, t: TFunction, translations: FieldTranslations = {}): Refusal {
  if (isApiError(error, 429)) {
    const minutes = minutesToWait(error.message);
    return { fields: {}, form: minutes === null ? t('profile.errors.rateLimited') : t('profile.errors.rateLimitedMinutes', { count: minutes }) };
  }
  if (isApiError(error) && (error.status === 400 || error.status === 409) && error.fields && Object.keys(error.fields).length > 0) {
    const fields: Record<string, string> = {};
    for (const [field, message] of Object.entries(error.fields)) fields[field] = translations[field]?.[error.status] ?? message;
    return { fields, form: null };
  }
  return { fields: {}, form: t('profile.errors.failed') };
}

/**
 * Puts each field message on its input (`setFieldError`) when the form has that field; messages for fields the
 * form does not show are returned for the form-level alert.
 */
export function showRefusal<F extends string>(
  refusal: Refusal,
  formFields: readonly F[],
  setFieldError: (field: F, message: string) => void,
): string | null {
  const leftovers: string[] = [];
  for (const [field, message] of Object.entries(refusal.fields)) {
    if ((formFields as readonly string[]).includes(field)) setFieldError(field as F, message);
    else leftovers.push(message);
  }
  return [refusal.form, ...leftovers].filter(Boolean).join(' ') || null;
}
