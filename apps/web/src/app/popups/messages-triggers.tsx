import { useMessageUpdates } from '@/features/messages/api/use-message-updates';
import { useTransactionalPopupTrigger } from '@/features/messages/api/get-transactional-popup';
import { useSession } from '@/features/auth/session';
import { useSiteConfig } from '../site-config';

/** The messages of a logged-in user: live updates (realtime, else polling) and the transactional popup, once per page load. */
function LoggedInMessages({ userId }: { userId: number }) {
  useMessageUpdates();
  useTransactionalPopupTrigger(userId);
  return null;
}

/** Mounted once by the modal host: messages exist for logged-in users on the main site only (product §1: io has none). */
export function MessagesTriggers() {
  const { profile } = useSession();
  const { variant } = useSiteConfig();
  if (!profile || variant === 'io') return null;
  return <LoggedInMessages key={profile.id} userId={profile.id} />;
}
