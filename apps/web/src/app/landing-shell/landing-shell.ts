import { useLayoutEffect } from 'react';
import { removeLandingShell } from './shell-dom';

export { isLandingShellShown, removeLandingShell } from './shell-dom';

/** For the first screen the app renders (a page or an error): the shell leaves in the same frame it arrives. */
export function useLandingShellRemoval(): void {
  useLayoutEffect(() => removeLandingShell(), []);
}
