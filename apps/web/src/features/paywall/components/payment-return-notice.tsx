import { useTranslation } from 'react-i18next';
import { showPopup } from '@/components/popups/popup-store';
import type { PaymentReturnState } from '../payment-return';
import { dismissPaymentReturn, usePaymentReturnState } from '../payment-return';

function messageKey(state: PaymentReturnState) {
  switch (state.phase) {
    case 'confirming':
      return 'paywall.return.confirming' as const;
    case 'succeeded':
      return 'paywall.return.succeeded' as const;
    case 'failed':
      return state.payment?.status === 'cancelled' ? ('paywall.return.cancelled' as const) : ('paywall.return.failed' as const);
    case 'timeout':
      return 'paywall.return.timeout' as const;
    case 'error':
      return 'paywall.return.error' as const;
  }
}

/**
 * What happened to the payment the provider sent the member back with, in a live region that is always there (so
 * "Confirming your payment…" and the outcome are announced). Inline on the paywall; floating on other pages, where a
 * success says itself in its popup.
 */
export function PaymentReturnNotice({ floating = false }: { floating?: boolean }) {
  const { t } = useTranslation();
  const state = usePaymentReturnState();
  const shown = state !== null && !(floating && state.phase === 'succeeded') ? state : null;
  const tone = shown?.phase === 'succeeded' ? 'success' : shown?.phase === 'confirming' ? 'info' : 'error';
  const coinsFailed = shown?.payment?.kind === 'coins' && shown.phase === 'failed';
  return (
    <div className={floating ? 'payment-return payment-return--floating' : 'payment-return'} role="status" aria-label={t('paywall.return.label')} data-testid="payment-return">
      {shown ? (
        <div className={`payment-return__message payment-return__message--${tone}`} data-phase={shown.phase}>
          {shown.phase === 'confirming' ? <span className="payment-return__spinner" aria-hidden="true" /> : null}
          <p className="payment-return__text">{t(messageKey(shown))}</p>
          {shown.phase === 'confirming' ? null : (
            <div className="payment-return__actions">
              {coinsFailed ? (
                <button
                  type="button"
                  className="button button--primary button--small"
                  onClick={() => {
                    dismissPaymentReturn();
                    showPopup('buy-coins');
                  }}
                >
                  {t('paywall.return.buyCoinsAgain')}
                </button>
              ) : null}
              <button type="button" className="button button--ghost button--small" onClick={dismissPaymentReturn}>
                {t('paywall.return.dismiss')}
              </button>
            </div>
          )}
        </div>
      ) : null}
    </div>
  );
}
