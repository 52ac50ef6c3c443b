import type { BoModelBody } from '@velora/shared';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/text-field';

/** The profile fields of a model: one name (not translated), her country code, one description. */
export function ModelFields({ value, onChange, errors }: { value: BoModelBody; onChange: (next: BoModelBody) => void; errors: Record<string, string> }) {
  const { t } = useTranslation();
  return (
    <>
      <TextField label={t('boCatalog.model.name')} hint={t('boCatalog.model.nameHint')} value={value.name_en} error={errors.name_en} required maxLength={80} onChange={(e) => onChange({ ...value, name_en: e.target.value })} />
      <TextField
        label={t('boCatalog.model.country')}
        hint={t('boCatalog.model.countryHint')}
        value={value.country ?? ''}
        error={errors.country}
        maxLength={2}
        autoCapitalize="characters"
        spellCheck={false}
        onChange={(e) => onChange({ ...value, country: e.target.value.toUpperCase() || null })}
      />
      <DescriptionField value={value.description} error={errors.description} onChange={(description) => onChange({ ...value, description })} />
    </>
  );
}

/** A labelled text area of a few lines, its error tied to it. */
export function DescriptionField({ value, error, onChange }: { value: string; error?: string | undefined; onChange: (next: string) => void }) {
  const { t } = useTranslation();
  return (
    <div className={['field', error ? 'field--invalid' : ''].filter(Boolean).join(' ')}>
      <label className="field__label">
        {t('boCatalog.model.description')}
        <textarea className="field__input bo-catalog__textarea" rows={4} maxLength={4000} value={value} aria-invalid={error ? true : undefined} onChange={(e) => onChange(e.target.value)} />
      </label>
      {error ? <p className="field__error">{error}</p> : null}
    </div>
  );
}
