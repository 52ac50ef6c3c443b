import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/paths';
import { Dialog } from '@/components/dialog';
import { usePopup } from '@/components/popups/popup-store';
import type { ForbiddanceData } from '../refusals';
import '../playdates.css';

/**
 * Popup type playdate-forbiddance (product §2): a member who may not enter or request. Not premium: the way to the
 * paywall; blocked by the model: said in plain words, nothing to do.
 */
export function PlaydateForbiddancePopup({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const data = usePopup('playdate-forbiddance')?.data as Partial<ForbiddanceData> | undefined;
  const blocked = data?.reason === 'blocked';
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={blocked ? t('playdates.forbiddance.blockedTitle') : t('playdates.forbiddance.premiumTitle')}
      description={blocked ? t('playdates.forbiddance.blockedText') : t('playdates.forbiddance.premiumText')}
      testId="playdate-forbiddance-popup"
    >
      <div className="playdate-popup__actions">
        {blocked ? null : (
          <Link className="button button--primary" to={paths.paywall()}>
            {t('playdates.forbiddance.becomePremium')}
          </Link>
        )}
        <button type="button" className={blocked ? 'button button--primary' : 'button button--ghost'} onClick={onClose}>
          {blocked ? t('playdates.forbiddance.ok') : t('playdates.forbiddance.notNow')}
        </button>
      </div>
    </Dialog>
  );
}
