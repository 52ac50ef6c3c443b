import type { MembershipPlan, PlanValue, PricedPlan } from '@velora/shared';
import { planName, planValues, recommendedPlanId } from '@velora/shared';
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
import { PriceTag } from '../components/price-tag';
import { formatDate, formatMoney } from '../format';
import { usePaymentReturnState } from '../payment-return';
import '../plans-and-prices.css';
import '../coins-and-money-cards.css';

/** A plan as the value rules of packages/shared see it: its period and the price as charged. */
const pricedPlan = (plan: MembershipPlan): PricedPlan => ({
  id: plan.id,
  period: plan.period,
  period_count: plan.period_count,
  amount_cents: plan.price.amount_cents,
  currency: plan.price.currency,
});

export interface PaywallRouteProps {
  /** The member's premium_until (unix seconds), or null. */
  premiumUntil: number | null;
}

interface PlanCardProps {
  plan: MembershipPlan;
  value: PlanValue | undefined;
  recommended: boolean;
  busy: boolean;
  redirecting: boolean;
  onChoose: (planId: number) => void;
}

function PlanCard({ plan, value, recommended, busy, redirecting, onChoose }: PlanCardProps) {
  const { t } = useTranslation();
  const language = useContentLanguage();
  const nameId = useId();
  const name = planName(plan, language);
  const perMonth = value?.perMonthCents != null && plan.period_count > 1 ? formatMoney(value.perMonthCents, plan.price.currency, language) : null;
  const saving = value?.savingPercent ?? 0;
  return (
    <li className="plan-grid__item">
      <article className={recommended ? 'plan-card plan-card--recommended' : 'plan-card'} aria-labelledby={nameId} data-testid="plan-card" data-recommended={recommended || undefined}>
        {recommended ? (
          <p className="plan-card__flag" data-testid="plan-recommended">
            {t('paywall.recommended')}
          </p>
        ) : null}
        <h2 id={nameId} className="plan-card__name" data-testid="plan-name">
          {name}
        </h2>
        <div className="plan-card__price">
          <PriceTag price={plan.price} />
        </div>
        {perMonth || saving > 0 ? (
          <p className="plan-card__value" data-testid="plan-value">
            {perMonth ? <span data-testid="plan-per-month">{t('paywall.perMonth', { price: perMonth })}</span> : null}
            {saving > 0 ? (
              <span className="badge plan-card__saving" data-testid="plan-saving">
                {t('paywall.save', { percent: saving })}
              </span>
            ) : null}
          </p>
        ) : null}
        <p className="plan-card__renews">{t(`paywall.renews.${plan.period}`, { count: plan.period_count })}</p>
        <button
          type="button"
          className={recommended ? 'button button--primary button--block plan-card__choose' : 'button button--secondary button--block plan-card__choose'}
          disabled={busy}
          onClick={() => onChoose(plan.id)}
        >
          {redirecting ? (
            t('paywall.redirecting')
          ) : (
            <>
              {t('paywall.continue')} <span className="visually-hidden">{t('paywall.continueFor', { plan: name })}</span>
            </>
          )}
        </button>
      </article>
    </li>
  );
}

/** What premium opens, as the product does it (product §6): videos, shoots and galleries, playdates. */
function Benefits() {
  const { t } = useTranslation();
  const items = [t('paywall.benefits.videos'), t('paywall.benefits.shoots'), t('paywall.benefits.playdates'), t('paywall.benefits.privatePlaydates'), t('paywall.benefits.cancel')];
  return (
    <section className="paywall__benefits" aria-labelledby="paywall-benefits-title" data-testid="paywall-benefits">
      <h2 id="paywall-benefits-title" className="paywall__benefits-title">
        {t('paywall.benefits.title')}
      </h2>
      <ul className="benefit-list">
        {items.map((item) => (
          <li key={item} className="benefit-list__item">
            <svg className="benefit-list__icon" viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">
              <path d="M4 10.5l4 4 8-9" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
            <span>{item}</span>
          </li>
        ))}
      </ul>
    </section>
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
 * /paywall (product §2: membership activation): the plans as cards with their price as charged, each with its way to the
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
  const priced = (plans.data?.plans ?? []).map(pricedPlan);
  const values = planValues(priced);
  // The plan an admin marked, else the best value per month (decision records 045, 072).
  const recommended = plans.data?.plans.find((plan) => plan.recommended)?.id ?? recommendedPlanId(priced);
  // The plan savings are counted against: named under the cards when any plan saves something.
  const savingBase = [...values.values()].some((v) => v.savingPercent > 0) ? (priced.filter((p) => p.period === 'MONTH').sort((a, b) => a.period_count - b.period_count)[0] ?? null) : null;
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

      {premium ? null : <Benefits />}

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
        <>
          <ul className="plan-grid" aria-label={t('paywall.plansLabel')}>
            {plans.data.plans.map((plan) => (
              <PlanCard
                key={plan.id}
                plan={plan}
                value={values.get(plan.id)}
                recommended={plan.id === recommended}
                busy={busy}
                redirecting={(checkout.isPending || checkout.isSuccess) && checkout.variables?.kind === 'subscription' && checkout.variables.plan_id === plan.id}
                onChoose={(planId) => checkout.mutate({ kind: 'subscription', plan_id: planId })}
              />
            ))}
          </ul>
          {savingBase ? <p className="paywall__note">{t('paywall.savingNote', { plan: planName(savingBase, language) })}</p> : null}
        </>
      )}

      {checkout.isError ? <FormAlert tone="error">{checkoutErrorMessage(checkout.error, t)}</FormAlert> : null}
      <p className="paywall__note">{t('paywall.secureNote')}</p>
    </article>
  );
}
