import { planName } from '@velora/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/paths';
import { Dialog } from '@/components/dialog';
import { FormAlert } from '@/components/form-alert';
import { ErrorState, StatusMessage } from '@/components/status-message';
import { useContentLanguage } from '@/lib/content-language';
import { usePlans } from '../api/get-plans';
import { useStartCheckout } from '../api/start-checkout';
import { checkoutErrorMessage } from '../checkout-error';
import type { PopupProps } from '../popup-props';
import { ChoiceList } from './choice-list';
import { PriceTag } from './price-tag';
import '../plans-and-prices.css';
import '../coins-and-money-cards.css';

/**
 * Popup type buy-subscription: the plans in short as one choice, straight to the checkout, or on to /paywall. Opened
 * when a free member meets a locked video; whether it shows at all (or /paywall instead) is product §4's rule, applied by
 * the subscription popup gate.
 */
export function BuySubscriptionPopup({ open, onClose }: PopupProps) {
  const { t } = useTranslation();
  const plans = usePlans();
  const checkout = useStartCheckout();
  const language = useContentLanguage();
  const [chosen, setChosen] = useState<number | null>(null);
  const list = plans.data?.plans ?? [];
  const selected = chosen ?? list[0]?.id ?? null;
  const busy = checkout.isPending || checkout.isSuccess;

  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()} title={t('paywall.popup.title')} description={t('paywall.popup.intro')} testId="buy-subscription-popup">
      <div className="money-popup">
        {plans.isPending ? (
          <p role="status" className="money-popup__loading">
            {t('paywall.loading')}
          </p>
        ) : plans.isError ? (
          <ErrorState title={t('paywall.loadFailed')} onRetry={() => void plans.refetch()} />
        ) : list.length === 0 ? (
          <StatusMessage title={t('paywall.empty')} />
        ) : (
          <ChoiceList
            legend={t('paywall.popup.choose')}
            value={selected}
            onChange={setChosen}
            disabled={busy}
            testId="plan-choices"
            choices={list.map((plan) => ({
              id: plan.id,
              label: (
<strong>{planName(plan, language)}</strong>
              ),
              detail: <PriceTag price={plan.price} compact />,
            }))}
          />
        )}
        {checkout.isError ? <FormAlert tone="error">{checkoutErrorMessage(checkout.error, t)}</FormAlert> : null}
        <div className="money-popup__actions">
          <Link className="button button--ghost" to={paths.paywall()} onClick={onClose}>
            {t('paywall.popup.allPlans')}
          </Link>
          {list.length > 0 ? (
            <button
              type="button"
              className="button button--primary"
              disabled={busy || selected === null}
              onClick={() => selected !== null && checkout.mutate({ kind: 'subscription', plan_id: selected })}
            >
              {busy ? t('paywall.redirecting') : t('paywall.continue')}
            </button>
          ) : null}
        </div>
      </div>
    </Dialog>
  );
}
