import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/dialog';
import { FormAlert } from '@/components/form-alert';
import { usePopup } from '@/components/popups/popup-store';
import { isApiError } from '@/lib/http';
import { useRequestVerificationEmail } from '../api/request-verification-email';
import { storeDoubleOptInMarker } from '../markers';
import type { DoubleOptInData, FeaturePopupProps } from '../popup-props';
import '../feature-popups.css';

/** product §4 double opt-in: asks a member to confirm their address (POST /user/verification_email); dismissing it is remembered. */
export function DoubleOptInPopup({ open, onClose }: FeaturePopupProps) {
  const { t } = useTranslation();
  const data = usePopup('double-opt-in')?.data as Partial<DoubleOptInData> | undefined;
  const mutation = useRequestVerificationEmail();
  const [outcome, setOutcome] = useState<'sent' | 'failed' | 'limited' | null>(null);
  const email = data?.email ?? '';

  const close = () => {
    if (data?.userId !== undefined) storeDoubleOptInMarker(data.userId);
    onClose();
  };

  const send = async () => {
    setOutcome(null);
    try {
      await mutation.mutateAsync();
      if (data?.userId !== undefined) storeDoubleOptInMarker(data.userId);
      setOutcome('sent');
    } catch (error) {
      setOutcome(isApiError(error, 429) ? 'limited' : 'failed');
    }
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !next && close()} title={t('featurePopups.doubleOptIn.title')} testId="double-opt-in-popup">
      <div className="feature-popup">
        {outcome === 'sent' ? (
          <FormAlert tone="success">{t('featurePopups.doubleOptIn.sent', { email })}</FormAlert>
        ) : (
          <p className="feature-popup__text">{t('featurePopups.doubleOptIn.text', { email })}</p>
        )}
        {outcome === 'failed' ? <FormAlert tone="error">{t('featurePopups.doubleOptIn.failed')}</FormAlert> : null}
        {outcome === 'limited' ? <FormAlert tone="error">{t('featurePopups.doubleOptIn.rateLimited')}</FormAlert> : null}
        <div className="feature-popup__actions">
          {outcome === 'sent' ? (
            <button type="button" className="button button--primary" onClick={close}>
              {t('featurePopups.close')}
            </button>
          ) : (
            <>
              <button type="button" className="button button--primary" onClick={() => void send()} disabled={mutation.isPending} aria-busy={mutation.isPending || undefined}>
                {mutation.isPending ? t('featurePopups.doubleOptIn.sending') : t('featurePopups.doubleOptIn.send')}
              </button>
              <button type="button" className="button button--ghost" onClick={close}>
                {t('featurePopups.later')}
              </button>
            </>
          )}
        </div>
      </div>
    </Dialog>
  );
}
