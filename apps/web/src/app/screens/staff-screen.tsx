import { withTexts } from '@/locales/load-texts';
import type { ScreenLoader } from '../route-types';

/** The gate and its texts (namespace `backoffice`), loaded with a staff screen, never with the first page. */
const loadGate = withTexts(['backoffice'], () => import('@/features/second-factor/components/second-factor-gate'));

/**
 * A studio or back-office screen behind two-factor sign-in (decision record 070): the gate asks for the app's set-up or
 * a code before the screen mounts, so the screen's own calls are never refused for it. Composed here: features stay
 * apart; the gate stays out of the landing's budget (decision record 052).
 */
export function behindSecondFactor(load: ScreenLoader): ScreenLoader {
  return () =>
    Promise.all([load(), loadGate()]).then(([{ default: Screen }, { SecondFactorGate }]) => ({
      default: function StaffScreen() {
        return (
          <SecondFactorGate>
            <Screen />
          </SecondFactorGate>
        );
      },
    }));
}
