// Runs in <head> as a classic script before the first paint (built apart from the app by build/landing-shell.ts):
// it decides whether the pre-rendered landing shows, and with or without the age gate, then starts the app, whose
// files the build writes into this script's data attributes (decision record 055).
import { applyStoredTheme } from '@/app/layout/theme';
import { siteVariantFor } from '@/features/site-variant/site-variant';
import { getAccessToken } from '@/lib/storage/access-token';
import { getApprovedAge, getLanguage } from '@/lib/storage/preferences';
import { getTld } from '@/lib/storage/tld';
import { afterFirstPaint, appFilesOf, startApp } from './start-app';
import { LANDING_SHELL_ATTRIBUTE, firstPaintLanguage, landingShellState, type LandingShellState } from './shell-state';

const app = document.currentScript ? appFilesOf(document.currentScript.dataset) : null;

function shellState(): LandingShellState {
  try {
    // The remembered theme before the first paint, shell or not (the app applies it again when it starts).
    applyStoredTheme();
    return landingShellState({
      pathname: window.location.pathname,
      hasAccessToken: getAccessToken() !== null,
      variant: siteVariantFor(getTld()),
      language: firstPaintLanguage(getLanguage(), navigator.languages),
      approvedAge: getApprovedAge(),
    });
  } catch {
    // Without the shell the page starts as it always did: the app renders it.
    return 'off';
  }
}

const state = shellState();
if (state !== 'off') document.documentElement.setAttribute(LANDING_SHELL_ATTRIBUTE, state);
if (app) {
  // With the shell on screen the app waits until its first paint is presented: what that paint needs then has the
  // line to itself. Without it, nothing is on screen until the app runs, so it loads at once.
  if (state === 'off') startApp(document, app);
  else void afterFirstPaint(window, document).then(() => startApp(document, app));
}
