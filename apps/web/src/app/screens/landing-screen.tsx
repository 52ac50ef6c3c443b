import { usePlans } from '@/features/paywall/api/get-plans';
import LandingRoute, { PriceFrom } from '@/features/landing/routes/landing';

/** The price line over the real membership plans; their answer re-renders this line alone. */
function LandingPrice() {
  const plans = usePlans();
  return <PriceFrom plans={{ plans: plans.data?.plans, isPending: plans.isPending }} />;
}

/** `/`: the landing with the price of the real membership plans (features/landing and features/paywall stay apart). */
export default function LandingScreen() {
  return <LandingRoute price={<LandingPrice />} />;
}
