import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/dialog';

interface LawLimitationPopupProps {
  open: boolean;
  onClose: () => void;
}

/** Popup type `law-limitation` (SPEC §4): shown when a law-limited route was skipped or a call answered 451. */
export function LawLimitationPopup({ open, onClose }: LawLimitationPopupProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={t('compliance.lawLimitation.title')}
      description={t('compliance.lawLimitation.text')}
      testId="law-limitation-popup"
    >
      <div className="form__row form__row--end">
        <button type="button" className="button button--primary" onClick={onClose}>
          {t('compliance.lawLimitation.close')}
        </button>
      </div>
    </Dialog>
  );
}
