import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/dialog';

interface AgeVerificationSuccessPopupProps {
  open: boolean;
  onClose: () => void;
}

/** Popup type `age-verification-success`: once, after the provider sent the member back verified. */
export function AgeVerificationSuccessPopup({ open, onClose }: AgeVerificationSuccessPopupProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={t('compliance.ageVerification.successTitle')}
      description={t('compliance.ageVerification.successText')}
      testId="age-verification-success-popup"
    >
      <div className="compliance-dialog__actions">
        <button type="button" className="button button--primary" onClick={onClose}>
          {t('compliance.ageVerification.successClose')}
        </button>
      </div>
    </Dialog>
  );
}
