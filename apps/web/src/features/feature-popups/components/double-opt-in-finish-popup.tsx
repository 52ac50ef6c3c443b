import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/dialog';
import { FormAlert } from '@/components/form-alert';
import { usePopup } from '@/components/popups/popup-store';
import { isApiError } from '@/lib/http';
import { confirmEmail } from '../api/confirm-email';
import { storeDoubleOptInMarker } from '../markers';
import type { DoubleOptInFinishData, FeaturePopupProps } from '../popup-props';
import '../feature-popups.css';

type Outcome = 'pending' | 'confirmed' | 'invalid' | 'failed';

// A token is single use: one confirmation per token, however often the popup mounts (StrictMode mounts twice).
const confirmations = new Map<string, Promise<Outcome>>();

function confirmOnce(token: string): Promise<Outcome> {
  let running = confirmations.get(token);
  if (!running) {
    running = confirmEmail({ token }).then(
      () => 'confirmed' as const,
      (error: unknown) => (isApiError(error, 400) ? ('invalid' as const) : ('failed' as const)),
    );
    confirmations.set(token, running);
  }
  return running;
}

/** For tests: forget the confirmations made. */
export function resetConfirmations(): void {
  confirmations.clear();
}

/** Arriving with `?double_opt_in=<token>` (the mailed link): POST /user/confirm_email, then say how it went. */
export function DoubleOptInFinishPopup({ open, onClose }: FeaturePopupProps) {
  const { t } = useTranslation();
  const data = usePopup('double-opt-in-finish')?.data as Partial<DoubleOptInFinishData> | undefined;
  const token = data?.token ?? '';
  const [outcome, setOutcome] = useState<Outcome>('pending');

  useEffect(() => {
    let current = true;
    void confirmOnce(token).then((result) => {
      if (!current) return;
      setOutcome(result);
      if (result === 'confirmed' && data?.userId !== undefined) storeDoubleOptInMarker(data.userId);
    });
    return () => {
      current = false;
    };
  }, [token, data?.userId]);

  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()} title={t('featurePopups.doubleOptInFinish.title')} testId="double-opt-in-finish-popup">
      <div className="feature-popup" aria-busy={outcome === 'pending' || undefined}>
        {outcome === 'pending' ? <p role="status">{t('featurePopups.doubleOptInFinish.pending')}</p> : null}
        {outcome === 'confirmed' ? <FormAlert tone="success">{t('featurePopups.doubleOptInFinish.success')}</FormAlert> : null}
        {outcome === 'invalid' ? <FormAlert tone="error">{t('featurePopups.doubleOptInFinish.failed')}</FormAlert> : null}
        {outcome === 'failed' ? <FormAlert tone="error">{t('featurePopups.doubleOptInFinish.error')}</FormAlert> : null}
        <div className="feature-popup__actions">
          <button type="button" className="button button--primary" onClick={onClose} disabled={outcome === 'pending'}>
            {t('featurePopups.close')}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
