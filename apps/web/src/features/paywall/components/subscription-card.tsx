import type { PlanPeriod, Subscription } from '@velora/shared';
import { planName } from '@velora/shared';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/paths';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormAlert } from '@/components/form-alert';
import { useContentLanguage } from '@/lib/content-language';
import { useCancelSubscription } from '../api/cancel-subscription';
import { useSubscription } from '../api/get-subscription';
import { useResumeSubscription } from '../api/resume-subscription';
import { formatDate } from '../format';
import { MoneyCard } from './money-card';
import '../plans-and-prices.css';
import '../coins-and-money-cards.css';

/** The date line of a subscription: renews, ends (cancelled, or not renewing) or ended. */
function periodEndKey(subscription: Subscription) {
  if (subscription.status === 'expired') return 'paywall.subscription.endedOn' as const;
  return subscription.status === 'active' && subscription.renews ? ('paywall.subscription.renewsOn' as const) : ('paywall.subscription.endsOn' as const);
}

/**
 * The profile's subscription card: the plan, whether it renews or ends and when, Cancel (after a confirmation) and
 * Resume. `fallbackPlan` is the profile's subscription type, named while the subscription loads.
 */
export function SubscriptionCard({ fallbackPlan = null }: { fallbackPlan?: PlanPeriod | null }) {
  const { t } = useTranslation();
  const language = useContentLanguage();
  const query = useSubscription();
  const cancel = useCancelSubscription();
  const resume = useResumeSubscription();
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const subscription = query.data?.subscription ?? null;
  const date = (s: Subscription) => formatDate(s.current_period_end * 1000, language);
  // Cancel and Resume replace each other: the pressed button is gone after either, so focus moves to the one shown now.
  const actionsRef = useRef<HTMLDivElement>(null);
  const [refocus, setRefocus] = useState(false);
  useEffect(() => {
    if (!refocus) return;
    setRefocus(false);
    actionsRef.current?.querySelector('button')?.focus();
  }, [refocus]);

  const doCancel = () =>
    cancel.mutate(undefined, {
      onSuccess: ({ subscription: next }) => {
        setConfirming(false);
        setRefocus(true);
        setNotice(next ? t('paywall.subscription.cancelledNotice', { date: date(next) }) : null);
      },
    });
  const doResume = () => {
    setNotice(null);
    resume.mutate(undefined, {
      onSuccess: ({ subscription: next }) => {
        setRefocus(true);
        setNotice(next ? t('paywall.subscription.resumedNotice', { date: date(next) }) : null);
      },
    });
  };

  let body;
  if (query.isPending) {
    body = (
      <p role="status" className="money-card__muted">
        {fallbackPlan ? `${planName(fallbackPlan, language)} · ` : ''}
        {t('paywall.subscription.loading')}
      </p>
    );
  } else if (query.isError) {
    body = (
      <div role="alert" className="money-card__error">
        <p>{t('paywall.subscription.loadFailed')}</p>
        <button type="button" className="button button--secondary button--small" onClick={() => void query.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  } else if (!subscription) {
    body = (
      <p className="money-card__muted" data-testid="no-subscription">
        {t('paywall.subscription.none')}{' '}
        <Link className="text-link" to={paths.paywall()}>
          {t('paywall.subscription.seePlans')}
        </Link>
      </p>
    );
  } else {
    const resumable = subscription.status === 'cancelled' && subscription.current_period_end * 1000 > Date.now();
    const cancellable = subscription.status === 'active' && subscription.renews;
    body = (
      <>
        <dl className="facts">
          <div className="facts__row">
            <dt>{t('paywall.subscription.plan')}</dt>
            <dd data-testid="subscription-plan">{planName(subscription.plan, language)}</dd>
          </div>
          <div className="facts__row">
            <dt>{t('paywall.subscription.status')}</dt>
            <dd data-testid="subscription-status">
              {t(`paywall.subscription.statuses.${subscription.status}`)} · {t(periodEndKey(subscription), { date: date(subscription) })}
            </dd>
          </div>
        </dl>
        {resume.isError ? <FormAlert tone="error">{t('paywall.subscription.failed')}</FormAlert> : null}
        <div className="money-card__actions" ref={actionsRef}>
          {cancellable ? (
            <button
              type="button"
              className="button button--secondary button--small"
              onClick={() => {
                cancel.reset();
                setNotice(null);
                setConfirming(true);
              }}
            >
              {t('paywall.subscription.cancel')}
            </button>
          ) : null}
          {resumable ? (
            <button type="button" className="button button--primary button--small" disabled={resume.isPending} onClick={doResume}>
              {resume.isPending ? t('paywall.subscription.resuming') : t('paywall.subscription.resume')}
            </button>
          ) : null}
        </div>
        {confirming ? (
          <ConfirmDialog
            open
            title={t('paywall.subscription.confirmTitle')}
            description={t('paywall.subscription.confirmText', { date: date(subscription) })}
            confirmLabel={t('paywall.subscription.confirmCancel')}
            pendingLabel={t('paywall.subscription.cancelling')}
            cancelLabel={t('paywall.subscription.keep')}
            pending={cancel.isPending}
            error={cancel.isError ? t('paywall.subscription.failed') : null}
            onConfirm={doCancel}
            onCancel={() => setConfirming(false)}
            testId="cancel-subscription-dialog"
          />
        ) : null}
      </>
    );
  }

  return (
    <MoneyCard title={t('paywall.subscription.title')} testId="subscription-card">
      {body}
      <div className="money-card__status" role="status">
        {notice ? <p className="form-alert form-alert--success">{notice}</p> : null}
      </div>
    </MoneyCard>
  );
}
