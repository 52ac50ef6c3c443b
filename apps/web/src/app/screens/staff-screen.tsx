import { SecondFactorGate } from '@/features/second-factor/components/second-factor-gate';
import type { ScreenLoader } from '../route-types';

/**
 * A studio or back-office screen behind two-factor sign-in (decision record 070): the gate asks for the app's set-up or
 * a code before the screen mounts, so the screen's own calls are never refused for it. Composed here: features stay
 * apart.
 */
export function behindSecondFactor(load: ScreenLoader): ScreenLoader {
  return () =>
    load().then(({ default: Screen }) => ({
      default: function StaffScreen() {
        return (
          <SecondFactorGate>
            <Screen />
          </SecondFactorGate>
        );
      },
    }));
}
