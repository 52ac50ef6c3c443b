import { useTranslation } from 'react-i18next';
import { NoticeDialog } from '@/components/notice-dialog';

/** Popup type `age-verification-success`: once, after the provider sent the member back verified. */
export function AgeVerificationSuccessPopup({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <NoticeDialog
      open={open}
      onClose={onClose}
      title={t('compliance.ageVerification.successTitle')}
      description={t('compliance.ageVerification.successText')}
      closeLabel={t('compliance.ageVerification.successClose')}
      testId="age-verification-success-popup"
    />
  );
}
