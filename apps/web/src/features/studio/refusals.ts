import type { TFunction } from 'i18next';
import { isApiError } from '@/lib/http';

/** A refused studio call: messages for the form's fields (by the form's own names), and one for the form. */
export interface StudioRefusal {
  fields: Record<string, string>;
  form: string | null;
}

/**
 * Reads a refusal of a studio call. A 400/409/422 with `fields` is shown at the fields the form has (`fieldOf` maps
 * the server's key, e.g. `tag_ids.2`, to a form field and our words for it); 429 and anything else go to the form.
 */
export function studioRefusalOf(error: unknown, t: TFunction, fieldOf: (serverKey: string) => { field: string; text: string } | null): StudioRefusal {
  if (isApiError(error, 429)) return { fields: {}, form: t('studio.errors.rateLimited') };
  if (isApiError(error) && error.fields && Object.keys(error.fields).length > 0 && [400, 409, 422].includes(error.status)) {
    const fields: Record<string, string> = {};
    const leftovers: string[] = [];
    for (const [key, message] of Object.entries(error.fields)) {
      const mapped = fieldOf(key);
      if (mapped) fields[mapped.field] ??= mapped.text;
      else leftovers.push(message);
    }
    return { fields, form: leftovers.length > 0 ? leftovers.join(' ') : null };
  }
  return { fields: {}, form: t('studio.errors.failed') };
}
