import type { DiscountPopupType } from '@velora/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/paths';
import { Dialog } from '@/components/dialog';
import { usePopup } from '@/components/popups/popup-store';
import type { DiscountPopupData, PopupProps } from '../popup-props';
import '../plans-and-prices.css';
import '../coins-and-money-cards.css';

const TEXTS = {
  'black-friday-discount': 'blackFriday',
  'valentines-discount': 'valentines',
  'summer-discount': 'summer',
} as const satisfies Record<DiscountPopupType, string>;

/** A discount popup (product §4): the offer with the percent its feature announces, and the way to /paywall. */
function DiscountPopup({ type, open, onClose }: PopupProps & { type: DiscountPopupType }) {
  const { t } = useTranslation();
  const data = usePopup(type)?.data as Partial<DiscountPopupData> | undefined;
  const percent = typeof data?.percent === 'number' ? data.percent : null;
  const texts = TEXTS[type];
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={t(`paywall.discount.${texts}.title`)}
      {...(percent === null ? {} : { description: t(`paywall.discount.${texts}.text`, { percent }) })}
      testId={`${type}-popup`}
    >
      <div className="money-popup">
        {percent === null ? null : (
          <p className="discount-popup__percent" aria-hidden="true">
            {t('paywall.price.discount', { percent })}
          </p>
        )}
        <div className="money-popup__actions">
          <button type="button" className="button button--ghost" onClick={onClose}>
            {t('paywall.discount.later')}
          </button>
          <Link className="button button--primary" to={paths.paywall()} onClick={onClose}>
            {t('paywall.discount.cta')}
          </Link>
        </div>
      </div>
    </Dialog>
  );
}

export function BlackFridayDiscountPopup(props: PopupProps) {
  return <DiscountPopup type="black-friday-discount" {...props} />;
}
export function ValentinesDiscountPopup(props: PopupProps) {
  return <DiscountPopup type="valentines-discount" {...props} />;
}
export function SummerDiscountPopup(props: PopupProps) {
  return <DiscountPopup type="summer-discount" {...props} />;
}
