import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/dialog';
import { hidePopup, showPopup, usePopup } from '@/components/popups/popup-store';
import type { ModelTipData, ModelTipOfferData, PopupProps } from '../popup-props';
import '../coins.css';

/** Popup type model-tip-offer: GET /feature/model_tip_offer's suggestion, leading to model-tip with its coins. */
export function ModelTipOfferPopup({ open, onClose }: PopupProps) {
  const { t } = useTranslation();
  const data = usePopup('model-tip-offer')?.data as Partial<ModelTipOfferData> | undefined;
  const coins = typeof data?.coins === 'number' ? data.coins : null;
  const accept = () => {
    if (typeof data?.model_id !== 'number') return;
    hidePopup('model-tip-offer', { remove: true });
    showPopup('model-tip', { model_id: data.model_id, coins } satisfies ModelTipData);
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={t('coins.tipOffer.title')}
      description={t('coins.tipOffer.text', { coins: t('coins.count', { count: coins ?? 0 }) })}
      testId="model-tip-offer-popup"
    >
      <div className="tip-form__actions">
        <button type="button" className="button button--ghost" onClick={onClose}>
          {t('coins.tipOffer.later')}
        </button>
        <button type="button" className="button button--primary" onClick={accept}>
          {t('coins.tipOffer.send')}
        </button>
      </div>
    </Dialog>
  );
}
