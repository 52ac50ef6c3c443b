import type { MembershipPlan } from '@velora/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { Skeleton } from '@/components/skeleton';
import { ErrorState, StatusMessage } from '@/components/status-message';
import { useContentLanguage } from '@/lib/content-language';
import { usePlans } from '../api/get-plans';
import { useStartCheckout } from '../api/start-checkout';
import { checkoutErrorMessage } from '../checkout-error';
import { PaymentReturnNotice } from '../components/payment-return-notice';
import { PriceTag, usePeriodLabel } from '../components/price-tag';
import { formatDate } from '../format';
import { usePaymentReturnState } from '../payment-return';
import '../paywall.css';

export interface PaywallRouteProps {
  /** The member's premium_until (unix seconds), or null. */
  premiumUntil: number | null;
}

interface PlanCardProps {
  plan: MembershipPlan;
  busy: boolean;
  redirecting: boolean;
  onChoose: (planId: number) => void;
}

function PlanCard({ plan, busy, redirecting, onChoose }: PlanCardProps) {
  const { t } = useTranslation();
  const nameId = useId();
  const period = usePeriodLabel()(plan);
  return (
    <li className="plan-grid__item">
      <article className="plan-card" aria-labelledby={nameId} data-testid="plan-card">
      <h2 id={nameId} className="plan-card__name">
        {plan.name}
      </h2>
      {period ? <p className="plan-card__period">{period}</p> : null}
      <p className="plan-card__price">
        <PriceTag price={plan.price} />
      </p>
      <button type="button" className="button button--primary button--block" disabled={busy} onClick={() => onChoose(plan.id)}>
        {redirecting ? (
          t('paywall.redirecting')
        ) : (
          <>
            {t('paywall.continue')}{' '}
            <span className="visually-hidden">{t('paywall.continueFor', { plan: plan.name })}</span>
          </>
        )}
      </button>
      </article>
    </li>
  );
}

function PlansSkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" className="plan-grid" data-testid="plans-loading">
      <span className="visually-hidden">{t('paywall.loading')}</span>
      {[0, 1, 2].map((i) => (
        <div key={i} className="plan-card" aria-hidden="true">
          <Skeleton height="1.4rem" width="60%" />
          <Skeleton height="1rem" width="40%" />
          <Skeleton height="2rem" width="70%" />
          <Skeleton height="2.6rem" />
        </div>
      ))}
    </div>
  );
}

/**
 * /paywall (SPEC §2: membership activation): the plans as cards with their price as charged, each with its way to the
 * provider's checkout; premium members see until when they are premium and can extend. The way back from the provider
 * (`?payment=`) is shown here inline.
 */
export default function PaywallRoute({ premiumUntil }: PaywallRouteProps) {
  const { t } = useTranslation();
  const language = useContentLanguage();
  const plans = usePlans();
  const checkout = useStartCheckout();
  const returning = usePaymentReturnState();
  const premium = premiumUntil !== null && premiumUntil * 1000 > Date.now();
  const confirming = returning?.phase === 'confirming';
  // Once the provider's page is on its way, every button waits: a second checkout would be a second payment.
  const busy = checkout.isPending || checkout.isSuccess || confirming;
  const bestDiscount = Math.max(0, ...(plans.data?.plans ?? []).map((plan) => (plan.price.original_amount_cents !== null ? plan.price.discount_percent : 0)));

  return (
    <article className="page paywall" aria-labelledby="paywall-title">
      <header className="page-header paywall__header">
        <p className="eyebrow">{t('paywall.eyebrow')}</p>
        <h1 id="paywall-title" className="page-header__title">
          {premium ? t('paywall.premiumTitle') : t('paywall.title')}
        </h1>
        {premium && premiumUntil !== null ? (
          <p className="paywall__status" data-testid="premium-status">
            <span className="badge">{t('nav.premium')}</span> {t('paywall.premiumStatus', { date: formatDate(premiumUntil * 1000, language) })}
          </p>
        ) : (
          <p className="page-header__subtitle">{t('paywall.intro')}</p>
        )}
      </header>

      <PaymentReturnNotice />

      {bestDiscount > 0 ? (
        <p className="paywall__discount" data-testid="discount-banner">
          {t('paywall.discountBanner', { percent: bestDiscount })}
        </p>
      ) : null}

      {plans.isPending ? (
        <PlansSkeleton />
      ) : plans.isError ? (
        <ErrorState title={t('paywall.loadFailed')} onRetry={() => void plans.refetch()} />
      ) : plans.data.plans.length === 0 ? (
        <StatusMessage title={t('paywall.empty')} />
      ) : (
        <ul className="plan-grid" aria-label={t('paywall.plansLabel')}>
          {plans.data.plans.map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              busy={busy}
              redirecting={(checkout.isPending || checkout.isSuccess) && checkout.variables?.kind === 'subscription' && checkout.variables.plan_id === plan.id}
              onChoose={(planId) => checkout.mutate({ kind: 'subscription', plan_id: planId })}
            />
          ))}
        </ul>
      )}

      {checkout.isError ? <FormAlert tone="error">{checkoutErrorMessage(checkout.error, t)}</FormAlert> : null}
      <p className="paywall__note">{t('paywall.secureNote')}</p>
    </article>
  );
}
