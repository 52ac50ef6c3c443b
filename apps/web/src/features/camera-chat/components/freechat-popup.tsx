import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Dialog } from '@/components/dialog';
import { showPopup, usePopup } from '@/components/popups/popup-store';
import { routePath } from '@/paths';
import type { FreechatPopupData, PopupProps } from '../popup-data';
import '../camera-chat.css';

const isData = (value: unknown): value is FreechatPopupData =>
  typeof value === 'object' && value !== null && typeof (value as FreechatPopupData).name === 'string' && typeof (value as FreechatPopupData).display_name === 'string';

/** Popup type freechat (product §2): today's free chat is used up; offers this model's paid chat and buying coins. */
export function FreechatPopup({ open, onClose }: PopupProps) {
  const { t } = useTranslation();
  const raw = usePopup('freechat')?.data;
  const data = isData(raw) ? raw : null;
  const price = data?.price_per_minute ?? null;
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onClose())} title={t('cameraChat.freechatPopup.title')} description={t('cameraChat.freechatPopup.text')} testId="freechat-popup">
      <div className="camera-chat-popup__actions">
        {data && price !== null ? (
          <Link className="button button--primary" to={routePath('chat', { name: data.name })} onClick={onClose}>
            {t('cameraChat.freechatPopup.paid', { name: data.display_name, count: price })}
          </Link>
        ) : null}
        <button
          type="button"
          className={data && price !== null ? 'button button--secondary' : 'button button--primary'}
          onClick={() => {
            onClose();
            showPopup('buy-coins');
          }}
        >
          {t('cameraChat.freechatPopup.buyCoins')}
        </button>
        <button type="button" className="button button--ghost" onClick={onClose}>
          {t('cameraChat.freechatPopup.later')}
        </button>
      </div>
    </Dialog>
  );
}
