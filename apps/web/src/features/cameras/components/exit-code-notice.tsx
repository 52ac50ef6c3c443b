import { useTranslation } from 'react-i18next';
import { showPopup } from '@/components/popups/popup-store';

/** The product §4 chat codes a member may be sent to /cameras with, each with its own words. */
export const EXIT_CODES = [202, 5, 7, 6, 17, 88, 501, 101, 102, 103, 201, 203] as const;
type ExitCode = (typeof EXIT_CODES)[number];
const isKnown = (code: number): code is ExitCode => (EXIT_CODES as readonly number[]).includes(code);

/** A dismissible message saying why the chat ended and what to do now; no credit offers coins. */
export function ExitCodeNotice({ code, onDismiss }: { code: number; onDismiss: () => void }) {
  const { t } = useTranslation();
  const key = isKnown(code) ? (`c${code}` as const) : 'unknown';
  return (
    <div className="exit-notice" role="status" data-testid="exit-notice">
      <div className="exit-notice__text">
        <p className="exit-notice__title">{t(`cameras.exit.${key}.title`)}</p>
        <p>{t(`cameras.exit.${key}.text`)}</p>
      </div>
      <div className="exit-notice__actions">
        {code === 17 || code === 88 ? (
          <button type="button" className="button button--primary" onClick={() => showPopup('buy-coins')}>
            {t('cameras.exit.buyCoins')}
          </button>
        ) : null}
        <button type="button" className="button button--ghost" onClick={onDismiss}>
          {t('cameras.exit.dismiss')}
        </button>
      </div>
    </div>
  );
}
