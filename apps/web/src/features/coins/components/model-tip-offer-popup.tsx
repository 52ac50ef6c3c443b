import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/dialog';
import { hidePopup, showPopup, usePopup } from '@/components/popups/popup-store';
import type { ModelTipData, ModelTipOfferData, PopupProps } from '../popup-props';
import '../coins.css';

/** Popup type model-tip-offer: GET /feature/model_tip_offer's suggestion for a named model, leading to model-tip. */
export function ModelTipOfferPopup({ open, onClose }: PopupProps) {
  const { t } = useTranslation();
  const data = usePopup('model-tip-offer')?.data as Partial<ModelTipOfferData> | undefined;
  const coins = typeof data?.coins === 'number' ? data.coins : null;
  const name = typeof data?.model_name === 'string' ? data.model_name : null;
  const image = typeof data?.model_image === 'string' ? data.model_image : null;
  const amount = t('coins.count', { count: coins ?? 0 });
  const accept = () => {
    if (typeof data?.model_id !== 'number') return;
    hidePopup('model-tip-offer', { remove: true });
    showPopup('model-tip', { model_id: data.model_id, model_name: name, coins } satisfies ModelTipData);
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={name ? t('coins.tipOffer.titleFor', { name }) : t('coins.tipOffer.title')}
      description={name ? t('coins.tipOffer.textFor', { name, coins: amount }) : t('coins.tipOffer.text', { coins: amount })}
      testId="model-tip-offer-popup"
    >
      {image ? (
        <figure className="tip-offer__model">
          <img className="tip-offer__image" src={image} alt={name ?? ''} width={96} height={96} />
        </figure>
      ) : null}
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
