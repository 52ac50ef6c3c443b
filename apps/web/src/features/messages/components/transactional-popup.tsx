import { PROVIDER_INBOX_SEGMENT } from '@velora/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/paths';
import { Dialog } from '@/components/dialog';
import { usePopup } from '@/components/popups/popup-store';
import type { TransactionalPopupData } from '../api/get-transactional-popup';
import '../messages.css';

/** What the app's modal host hands every popup (restated: features do not import app/). */
interface PopupProps {
  open: boolean;
  onClose: () => void;
}

/** The 'transactional' popup: a site message shown once, with a way to the site inbox where it stays. */
export function TransactionalPopup({ open, onClose }: PopupProps) {
  const { t } = useTranslation();
  const message = (usePopup('transactional')?.data as Partial<TransactionalPopupData> | undefined)?.message;
  if (!message) return null;
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()} title={message.subject ?? t('messages.transactional.fallbackTitle')} testId="transactional-popup">
      <p className="transactional-popup__text">{message.text}</p>
      <div className="form__row form__row--end transactional-popup__actions">
        <button type="button" className="button button--ghost" onClick={onClose}>
          {t('messages.transactional.close')}
        </button>
        <Link className="button button--primary" to={paths.conversation(PROVIDER_INBOX_SEGMENT)} onClick={onClose}>
          {t('messages.transactional.openInbox')}
        </Link>
      </div>
    </Dialog>
  );
}
