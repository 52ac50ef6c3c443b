import { PaymentHistoryCard } from '@/features/paywall/components/payment-history-card';
import { SubscriptionCard } from '@/features/paywall/components/subscription-card';
import UserProfileRoute from '@/features/profile/routes/user-profile';

/** /user-profile: the profile overview with the money cards of features/paywall (one feature does not import another). */
export default function UserProfileScreen() {
  return (
    <UserProfileRoute
      moneyCards={(profile) => (
        <>
          <SubscriptionCard fallbackPlan={profile.subscription?.type ?? null} />
          <PaymentHistoryCard />
        </>
      )}
    />
  );
}
