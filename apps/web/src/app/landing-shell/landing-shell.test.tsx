import { render } from '@testing-library/react';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PHONE_HEADER_QUERY } from '../layout/site-header';
import { isLandingShellShown, removeLandingShell, useLandingShellRemoval } from './landing-shell';
import { LANDING_SHELL_ATTRIBUTE, LANDING_SHELL_ID } from './shell-state';

function showShell(state: 'page' | 'gate') {
  const shell = document.createElement('div');
  shell.id = LANDING_SHELL_ID;
  document.body.prepend(shell);
  document.documentElement.setAttribute(LANDING_SHELL_ATTRIBUTE, state);
}

function FirstScreen() {
  useLandingShellRemoval();
  return <p>page</p>;
}

afterEach(() => {
  removeLandingShell();
  document.documentElement.removeAttribute('data-landing-shell-replaced');
});

describe('landing shell', () => {
  it('leaves the page when the app renders its first screen', () => {
    showShell('gate');
    expect(isLandingShellShown()).toBe(true);
    render(<FirstScreen />);
    expect(document.getElementById(LANDING_SHELL_ID)).toBeNull();
    expect(isLandingShellShown()).toBe(false);
    // The app's gate then appears without rising in again.
    expect(document.documentElement.hasAttribute('data-landing-shell-replaced')).toBe(true);
  });

  it('changes nothing on a page that never showed it', () => {
    render(<FirstScreen />);
    expect(document.documentElement.hasAttribute('data-landing-shell-replaced')).toBe(false);
  });

  it('shows the copy whose header the width calls for, at the site header’s own breakpoint', () => {
    const css = fs.readFileSync(path.join(import.meta.dirname, 'landing-shell.css'), 'utf8');
    expect(css).toContain(`@media ${PHONE_HEADER_QUERY} {`);
  });
});

describe('start-up screen under the shell', () => {
  it('says "loading" to assistive technology only, while the shell is the visible page', async () => {
    const { StartupScreen } = await import('../screens/startup-screen');
    showShell('page');
    const { container, unmount } = render(<StartupScreen />);
    expect(container.querySelector('[role="status"]')?.className).toBe('visually-hidden');
    unmount();
    removeLandingShell();
    const full = render(<StartupScreen />);
    expect(full.container.querySelector('.loading-screen')).not.toBeNull();
  });
});
