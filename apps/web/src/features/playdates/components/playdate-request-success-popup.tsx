import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/dialog';
import { usePopup } from '@/components/popups/popup-store';
import { formatPlaydateTime } from '@/entities/playdate/playdate-time';
import { useContentLanguage } from '@/lib/content-language';
import '../playdates.css';

/** What the playdate-request-success popup reads from the popup store. */
export interface RequestSuccessData {
  model_name: string;
  coins: number;
  /** Unix seconds when the unanswered request expires; null when the server did not say. */
  expires_at: number | null;
}

/** Popup type playdate-request-success (product §2): the request went out, the coins are held, and until when. */
export function PlaydateRequestSuccessPopup({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const language = useContentLanguage();
  const data = usePopup('playdate-request-success')?.data as Partial<RequestSuccessData> | undefined;
  const coins = typeof data?.coins === 'number' ? data.coins : 0;
  const expires = typeof data?.expires_at === 'number' ? data.expires_at : null;
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()} title={t('playdates.requestSuccess.title')} testId="playdate-request-success-popup">
      <div className="playdate-popup">
        <p>{t('playdates.requestSuccess.text', { name: data?.model_name ?? '', coins: t('playdates.coins', { count: coins }) })}</p>
        {expires !== null ? <p>{t('playdates.requestSuccess.expires', { time: formatPlaydateTime(expires, language) })}</p> : null}
        <p>{t('playdates.requestSuccess.follow')}</p>
        <div className="playdate-popup__actions">
          <button type="button" className="button button--primary" onClick={onClose}>
            {t('playdates.requestSuccess.close')}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
