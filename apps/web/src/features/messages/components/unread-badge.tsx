import { useTranslation } from 'react-i18next';
import { useUnreadTotal } from '../api/get-unread-total';
import { badgeCount } from '@/entities/conversation/time';
import '../messages.css';

/** The unread count, as drawn: hidden at 0, "99+" above 99; the full number is what is read out. */
export function UnreadCount({ count }: { count: number }) {
  const { t } = useTranslation();
  const shown = badgeCount(count);
  if (shown === null) return null;
  // The space keeps the label apart from the link text before it: "Messages 3 unread messages".
  return (
    <>
      {' '}
      <span className="unread-badge" data-testid="unread-badge">
        <span aria-hidden="true">{shown}</span>
        <span className="visually-hidden">{t('messages.nav.unread', { count })}</span>
      </span>
    </>
  );
}

/** The header's badge next to the Messages link: the unread total of the logged-in user. */
export function UnreadBadge({ enabled = true }: { enabled?: boolean }) {
  return <UnreadCount count={useUnreadTotal(enabled)} />;
}
