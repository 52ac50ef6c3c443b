import { LANDING_SHELL_ATTRIBUTE, LANDING_SHELL_ID } from './shell-state';

// The shell on the page, without React: the page's entry (main.tsx) reads it before the app loads.

/** Marks, for CSS, that the app's page replaced the shell (the gate then appears without its entry animation). */
const REPLACED_ATTRIBUTE = 'data-landing-shell-replaced';

/** Whether the pre-rendered landing is on screen (the start-up screen then stays out of sight). */
export function isLandingShellShown(doc: Document = document): boolean {
  return doc.documentElement.hasAttribute(LANDING_SHELL_ATTRIBUTE);
}

/** Takes the shell out of the page; after the app's first commit, before the browser paints it. */
export function removeLandingShell(doc: Document = document): void {
  const root = doc.documentElement;
  if (root.hasAttribute(LANDING_SHELL_ATTRIBUTE)) root.setAttribute(REPLACED_ATTRIBUTE, '');
  root.removeAttribute(LANDING_SHELL_ATTRIBUTE);
  doc.getElementById(LANDING_SHELL_ID)?.remove();
}
