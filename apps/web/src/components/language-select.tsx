import type { Language } from '@velora/shared';
import { useTranslation } from 'react-i18next';

/** Language names in their own language, so a reader finds theirs whatever the page language. */
const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', de: 'Deutsch', fr: 'Français' };

interface LanguageSelectProps {
  value: Language;
  options: readonly Language[];
  onChange: (language: Language) => void;
  disabled?: boolean;
  /** For a visible `<label htmlFor>`; the select keeps its own name either way. */
  id?: string;
}

export function LanguageSelect({ value, options, onChange, disabled, id }: LanguageSelectProps) {
  const { t } = useTranslation();
  return (
    <span className="select-wrap select-wrap--compact">
      <svg className="select-wrap__icon" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
        <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.6" />
        <path d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z" fill="none" stroke="currentColor" strokeWidth="1.6" />
      </svg>
      <select
        id={id}
        className="select select--compact"
        aria-label={t('language.label')}
        data-testid="language-select"
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value as Language)}
      >
        {options.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </select>
    </span>
  );
}
