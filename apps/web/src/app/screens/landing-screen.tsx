import { usePlans } from '@/features/paywall/api/get-plans';
import type { LandingPlans } from '@/features/landing/routes/landing';
import LandingRoute from '@/features/landing/routes/landing';

/** The real membership plans, as the landing's price reads them. */
function useLandingPlans(): LandingPlans {
  const plans = usePlans();
  return { plans: plans.data?.plans, isPending: plans.isPending };
}

/** `/`: the landing with the price of the real membership plans (features/landing and features/paywall stay apart). */
export default function LandingScreen() {
  return <LandingRoute usePlans={useLandingPlans} />;
}
