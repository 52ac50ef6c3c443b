import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A read-only value with a copy button; the button says whether it worked (announced politely). */
export function CopyField({ label, value, testId }: { label: string; value: string; testId?: string }) {
  const { t } = useTranslation();
  const id = useId();
  const [copied, setCopied] = useState<'copied' | 'failed' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied('copied');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <div className="field studio-copy" data-testid={testId}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="studio-copy__row">
        <input id={id} className="field__input studio-copy__input" readOnly value={value} onFocus={(event) => event.target.select()} />
        <button type="button" className="button button--secondary button--small" aria-label={t('studio.obs.copyLabel', { label })} onClick={() => void copy()}>
          {t('studio.obs.copy')}
        </button>
      </div>
      <p className="field__status" role="status">
        {copied === 'copied' ? t('studio.obs.copied') : copied === 'failed' ? t('studio.obs.copyFailed') : null}
      </p>
    </div>
  );
}
