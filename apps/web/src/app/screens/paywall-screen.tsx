import { useSession } from '@/features/auth/session';
import PaywallRoute from '@/features/paywall/routes/paywall';

/** /paywall: the plans, with the member's premium status from the session (features/paywall does not read it). */
export default function PaywallScreen() {
  const { profile } = useSession();
  return <PaywallRoute premiumUntil={profile?.premium_until ?? null} />;
}
