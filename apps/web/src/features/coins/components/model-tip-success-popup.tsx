import { useTranslation } from 'react-i18next';
import { NoticeDialog } from '@/components/notice-dialog';
import { usePopup } from '@/components/popups/popup-store';
import type { ModelTipSuccessData, PopupProps } from '../popup-props';

/** Popup type model-tip-success: what was sent, to whom, and the balance left. */
export function ModelTipSuccessPopup({ open, onClose }: PopupProps) {
  const { t } = useTranslation();
  const data = usePopup('model-tip-success')?.data as Partial<ModelTipSuccessData> | undefined;
  const coins = t('coins.count', { count: typeof data?.coins === 'number' ? data.coins : 0 });
  const sent = data?.model_name ? t('coins.tipSuccess.text', { coins, name: data.model_name }) : t('coins.tipSuccess.textNoName', { coins });
  const left = typeof data?.balance === 'number' ? ` ${t('coins.tipSuccess.balance', { coins: t('coins.count', { count: data.balance }) })}` : '';
  return (
    <NoticeDialog
      open={open}
      onClose={onClose}
      title={t('coins.tipSuccess.title')}
      description={`${sent}${left}`}
      closeLabel={t('coins.tipSuccess.close')}
      testId="model-tip-success-popup"
    />
  );
}
