import { usePlans } from '@/features/paywall/api/get-plans';
import LandingRoute from '@/features/landing/routes/landing';

/** `/`: the landing with the price of the real membership plans (features/landing and features/paywall stay apart). */
export default function LandingScreen() {
  const plans = usePlans();
  return <LandingRoute plans={{ plans: plans.data?.plans, isPending: plans.isPending }} />;
}
