import { SecondFactorGate } from '@/features/second-factor/components/second-factor-gate';
import { loadTexts } from '@/locales/load-texts';
import type { ScreenLoader } from '../route-types';

/**
 * A studio or back-office screen behind two-factor sign-in (decision record 070): the gate asks for the app's set-up or
 * a code before the screen mounts, so the screen's own calls are never refused for it. Composed here: features stay
 * apart. The gate's texts (namespace `backoffice`) come with it, whatever the screen's loader names.
 */
export function behindSecondFactor(load: ScreenLoader): ScreenLoader {
  return () =>
    Promise.all([load(), loadTexts(['backoffice'])]).then(([{ default: Screen }]) => ({
      default: function StaffScreen() {
        return (
          <SecondFactorGate>
            <Screen />
          </SecondFactorGate>
        );
      },
    }));
}
