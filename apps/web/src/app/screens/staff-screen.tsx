import { loadTexts } from '@/locales/load-texts';
import type { ScreenLoader } from '../route-types';

/**
 * A studio or back-office screen behind two-factor sign-in (decision record 070): the gate asks for the app's set-up or
 * a code before the screen mounts, so the screen's own calls are never refused for it. Composed here: features stay
 * apart. The gate and its texts (namespace `backoffice`) load with the screen, never with the first page (the
 * landing's budget, decision record 052).
 */
export function behindSecondFactor(load: ScreenLoader): ScreenLoader {
  return () =>
    Promise.all([load(), import('@/features/second-factor/components/second-factor-gate'), loadTexts(['backoffice'])]).then(
      ([{ default: Screen }, { SecondFactorGate }]) => ({
        default: function StaffScreen() {
          return (
            <SecondFactorGate>
              <Screen />
            </SecondFactorGate>
          );
        },
      }),
    );
}
