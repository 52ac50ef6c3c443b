import type { TagNamesBody } from '@velora/shared';
import { TAG_NAME_MAX, TRAILER_TAG_NAME } from '@velora/shared';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/text-field';
import { isApiError } from '@/lib/http';

export type TagNameErrors = Partial<Record<keyof TagNamesBody, string>>;
export const NO_NAMES: TagNamesBody = { name_en: '', name_de: '', name_fr: '' };
const FIELDS = ['name_en', 'name_de', 'name_fr'] as const;

/** The three names, each with its own error; the Trailer tag's English name cannot change (decision record 071). */
export function TagNamesFields({ value, onChange, errors, lockEnglish = false }: { value: TagNamesBody; onChange: (value: TagNamesBody) => void; errors: TagNameErrors; lockEnglish?: boolean }) {
  const { t } = useTranslation();
  const labels = { name_en: t('boTags.tags.nameEn'), name_de: t('boTags.tags.nameDe'), name_fr: t('boTags.tags.nameFr') };
  return (
    <div className="bo-tags__names">
      {FIELDS.map((field) => (
        <TextField
          key={field}
          label={labels[field]}
          value={value[field]}
          onChange={(event) => onChange({ ...value, [field]: event.target.value })}
          error={errors[field]}
          maxLength={TAG_NAME_MAX}
          autoComplete="off"
          readOnly={field === 'name_en' && lockEnglish}
          hint={field === 'name_en' && lockEnglish ? t('boTags.tags.trailer') : undefined}
          lang={field.slice(5)}
        />
      ))}
    </div>
  );
}

/** Blank names are refused before asking the server. */
export function missingNames(value: TagNamesBody, required: string): TagNameErrors {
  return Object.fromEntries(FIELDS.filter((field) => value[field].trim() === '').map((field) => [field, required]));
}

/** The field errors of a refused save, in the reader's language where the app knows the case; null: not a field's. */
export function useFieldErrorsOf() {
  const { t } = useTranslation();
  return (error: unknown, sent: TagNamesBody) => fieldErrorsOf(error, sent, (name) => t('boTags.tags.duplicate', { name }), t('boTags.tags.protected'));
}

function fieldErrorsOf(error: unknown, sent: TagNamesBody, duplicate: (name: string) => string, protectedTag: string): TagNameErrors | null {
  if (isApiError(error, 409) && error.code === 'DUPLICATE_TAG_NAME' && error.fields) {
    return Object.fromEntries(FIELDS.filter((field) => error.fields?.[field]).map((field) => [field, duplicate(sent[field].trim())]));
  }
  if (isApiError(error, 409) && error.code === 'PROTECTED_TAG') return { name_en: protectedTag };
  if (isApiError(error, 400) && error.fields) return Object.fromEntries(FIELDS.filter((field) => error.fields?.[field]).map((field) => [field, error.fields![field]!]));
  return null;
}

export const isTrailer = (tag: { name_en: string }) => tag.name_en === TRAILER_TAG_NAME;
