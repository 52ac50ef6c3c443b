import { useTranslation } from 'react-i18next';
import { NoticeDialog } from '@/components/notice-dialog';

/** Popup type `law-limitation` (product §4): shown when a law-limited route was skipped or a call answered 451. */
export function LawLimitationPopup({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <NoticeDialog
      open={open}
      onClose={onClose}
      title={t('compliance.lawLimitation.title')}
      description={t('compliance.lawLimitation.text')}
      closeLabel={t('compliance.lawLimitation.close')}
      testId="law-limitation-popup"
    />
  );
}
