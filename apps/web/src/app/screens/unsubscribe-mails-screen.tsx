import { useSession } from '@/features/auth/session';
import { UnsubscribeMailsPage } from '@/features/pages/routes/unsubscribe-mails';

/** /unsubscribe_mails: the page needs to know whether someone is logged in, which only the app may tell it. */
export default function UnsubscribeMailsScreen() {
  const { isLoggedIn, isPending } = useSession();
  return <UnsubscribeMailsPage loggedIn={isLoggedIn} sessionPending={isPending} />;
}
