import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PRODUCT_NAME } from '@velora/shared';

/** The recovery codes, shown once: a list to copy or download, and the person's word that they are kept. */
export function RecoveryCodesPanel({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const [saved, setSaved] = useState(false);
  const [copied, setCopied] = useState(false);
  const text = codes.join('\n');
  const download = () => {
    const url = URL.createObjectURL(new Blob([`${t('secondFactor.recovery.fileTitle', { product: PRODUCT_NAME })}\n\n${text}\n`], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `${PRODUCT_NAME.toLowerCase()}-recovery-codes.txt`;
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <section className="second-factor__recovery" aria-labelledby="second-factor-recovery-title" data-testid="recovery-codes">
      <h2 id="second-factor-recovery-title" className="second-factor__title">
        {t('secondFactor.recovery.title')}
      </h2>
      <p>{t('secondFactor.recovery.text')}</p>
      <ol className="second-factor__codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="second-factor__actions">
        <button
          type="button"
          className="button"
          onClick={() => {
            void navigator.clipboard?.writeText(text).then(() => setCopied(true));
          }}
        >
          {t('secondFactor.recovery.copy')}
        </button>
        <button type="button" className="button" onClick={download}>
          {t('secondFactor.recovery.download')}
        </button>
        <span role="status" className="second-factor__copied">
          {copied ? t('secondFactor.recovery.copied') : ''}
        </span>
      </div>
      <label className="second-factor__saved">
        <input type="checkbox" checked={saved} onChange={(event) => setSaved(event.target.checked)} />
        {t('secondFactor.recovery.saved')}
      </label>
      <button type="button" className="button button--primary button--block" disabled={!saved} onClick={onDone}>
        {t('secondFactor.recovery.continue')}
      </button>
    </section>
  );
}
