import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { reportError } from '@/lib/report-error';
import { useStartAgeVerification } from '../api/start-age-verification';
import { setAgeVerificationMarker } from '../age-verification-marker';
import '../compliance.css';

interface AgeVerificationPopupProps {
  onClose: () => void;
  /** Sends the browser to the provider (window.location.assign; tests observe it). */
  leaveTo?: (url: string) => void;
}

const assign = (url: string) => window.location.assign(url);

/**
 * The age-verification popup (product §4): starts GET /user/verification_age and sends the member to the
 * provider, who returns to `/?age_verification=success`. The marker set before leaving asks again
 * after a verification that was not finished. A panel beside the page rather than a modal: the member
 * may finish what they are doing first; the server decides what needs a verified age.
 */
export function AgeVerificationPopup({ onClose, leaveTo = assign }: AgeVerificationPopupProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const textId = useId();
  const start = useStartAgeVerification();
  const busy = start.isPending || start.isSuccess;

  const begin = () =>
    start.mutate(undefined, {
      onSuccess: ({ url }) => {
        setAgeVerificationMarker();
        leaveTo(url);
      },
      onError: (error) => reportError(error, { during: 'start age verification' }),
    });

  return (
    <section
      className="verification-popup"
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      aria-describedby={textId}
      data-testid="age-verification-popup"
      data-popup="age-verification"
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
    >
      <span className="verification-popup__badge" aria-hidden="true">
        18+
      </span>
      <div className="verification-popup__body">
        <h2 id={titleId} className="verification-popup__title">
          {t('compliance.ageVerification.title')}
        </h2>
        <p id={textId} className="verification-popup__text">
          {t('compliance.ageVerification.text')}
        </p>
        {start.isError ? <FormAlert tone="error">{t('compliance.ageVerification.failed')}</FormAlert> : null}
        <div className="verification-popup__actions">
          <button type="button" className="button button--primary button--small" data-testid="age-verification-start" disabled={busy} aria-busy={busy || undefined} onClick={begin}>
            {busy ? t('compliance.ageVerification.starting') : t('compliance.ageVerification.start')}
          </button>
          <button type="button" className="button button--ghost button--small" onClick={onClose}>
            {t('compliance.ageVerification.later')}
          </button>
        </div>
      </div>
    </section>
  );
}
