import { describe, expect, it } from 'vitest';
import { en } from '@/locales/en';
import { renderLandingShell } from './render-landing-shell';

describe('the landing shell as the build renders it', () => {
  const html = renderLandingShell();
  const shell = new DOMParser().parseFromString(html, 'text/html').getElementById('landing-shell');

  it('holds the landing page twice (phone and wide header) and the age gate, in English', () => {
    expect(shell?.querySelectorAll('.landing-shell__phone h1, .landing-shell__wide h1')).toHaveLength(2);
    expect(shell?.querySelector('h1')?.textContent).toBe(en.landing.title);
    expect(shell?.querySelector('.landing-shell__phone .site-header--phone')).not.toBeNull();
    expect(shell?.querySelector('.landing-shell__wide .site-header--phone')).toBeNull();
    expect(shell?.querySelector('.landing-shell__gate [data-popup="age-approval"]')?.textContent).toContain(en.compliance.ageApproval.title);
  });

  it('is out of reach of people, assistive technology and tests (inert, hidden from the tree, no test ids), and CSP-clean', () => {
    expect(shell?.hasAttribute('inert')).toBe(true);
    expect(shell?.getAttribute('aria-hidden')).toBe('true');
    expect(html).not.toContain('data-testid');
    // The CSP refuses style attributes in HTML.
    expect(html).not.toContain(' style=');
  });

  it('gives each copy its own generated ids, so an SVG gradient never resolves into a hidden copy', () => {
    const referenced = [...html.matchAll(/url\(#([^)]+)\)/g)].map((match) => match[1]);
    expect(referenced.length).toBeGreaterThan(1);
    expect(new Set(referenced).size).toBe(referenced.length);
    for (const id of referenced) expect(shell?.querySelectorAll(`[id="${id}"]`)).toHaveLength(1);
  });
});
