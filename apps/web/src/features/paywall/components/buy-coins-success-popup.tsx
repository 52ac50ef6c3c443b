import { useTranslation } from 'react-i18next';
import { NoticeDialog } from '@/components/notice-dialog';
import { usePopup } from '@/components/popups/popup-store';
import type { BuyCoinsSuccessData, PopupProps } from '../popup-props';

/** Popup type buy-coins-success: shown once after a coin purchase, from its one-time marker (product §4). */
export function BuyCoinsSuccessPopup({ open, onClose }: PopupProps) {
  const { t } = useTranslation();
  const data = usePopup('buy-coins-success')?.data as Partial<BuyCoinsSuccessData> | undefined;
  const coins = typeof data?.coins === 'number' ? data.coins : null;
  return (
    <NoticeDialog
      open={open}
      onClose={onClose}
      title={t('coins.buySuccess.title')}
      description={coins === null ? t('coins.buySuccess.textUnknown') : t('coins.buySuccess.text', { count: coins })}
      closeLabel={t('coins.buySuccess.close')}
      testId="buy-coins-success-popup"
    />
  );
}
