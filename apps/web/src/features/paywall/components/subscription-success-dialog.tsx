import { planName } from '@velora/shared';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { paths } from '@/paths';
import { Dialog } from '@/components/dialog';
import { useContentLanguage } from '@/lib/content-language';
import { closeSubscriptionSuccess, useSubscriptionSuccess } from '../payment-return';

/**
 * "Welcome to Premium", once per membership bought: opened from the success_buy marker, which it consumed (product §4).
 * Not a popup type of product §2, so it lives with the payment return; like every modal it closes on navigation.
 */
export function SubscriptionSuccessDialog() {
  const { t } = useTranslation();
  const success = useSubscriptionSuccess();
  const language = useContentLanguage();
  const { key } = useLocation();
  const openedAt = useRef<string | null>(null);

  useEffect(() => {
    if (!success) {
      openedAt.current = null;
      return;
    }
    if (openedAt.current === null) openedAt.current = key;
    else if (openedAt.current !== key) closeSubscriptionSuccess();
  }, [success, key]);

  if (!success) return null;
  return (
    <Dialog
      open
      onOpenChange={(next) => !next && closeSubscriptionSuccess()}
      title={t('paywall.success.title')}
      description={
        success.plan
          ? t('paywall.success.text', { plan: planName(success.plan, language) })
          : success.planName
            ? t('paywall.success.text', { plan: success.planName })
            : t('paywall.success.textNoPlan')
      }
      testId="subscription-success"
    >
      <div className="form__row form__row--end">
        <Link className="button button--primary" to={paths.videos()} onClick={closeSubscriptionSuccess}>
          {t('paywall.success.close')}
        </Link>
      </div>
    </Dialog>
  );
}
