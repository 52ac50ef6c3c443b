import { describe, expect, it } from 'vitest';
import { firstPaintLanguage, landingShellState, type LandingShellInput } from './shell-state';

const visitor: LandingShellInput = { pathname: '/', hasAccessToken: false, variant: 'main', language: 'en', approvedAge: false };

describe('landing shell state', () => {
  it('shows the landing under the age gate to a first-time visitor of /', () => {
    expect(landingShellState(visitor)).toBe('gate');
  });

  it('shows the landing without the gate to a visitor who confirmed being an adult', () => {
    expect(landingShellState({ ...visitor, approvedAge: true })).toBe('page');
  });

  it.each<[string, Partial<LandingShellInput>]>([
    ['another path (the HTML is every path’s)', { pathname: '/videos' }],
    ['a member, whom / sends on', { hasAccessToken: true }],
    ['the io variant, whose header differs', { variant: 'io' }],
    ['a visitor the page will greet in German', { language: 'de' }],
    ['a visitor who chose French', { language: 'fr' }],
  ])('stays hidden for %s', (_, change) => {
    expect(landingShellState({ ...visitor, ...change })).toBe('off');
  });
});

describe('first paint language', () => {
  it('is the stored choice when there is one', () => {
    expect(firstPaintLanguage('fr', ['de-DE'])).toBe('fr');
  });

  it('is German for a browser asking for German first, English otherwise', () => {
    expect(firstPaintLanguage(null, ['de-AT', 'en'])).toBe('de');
    expect(firstPaintLanguage(null, ['en-US', 'de'])).toBe('en');
    expect(firstPaintLanguage(null, ['fr-FR'])).toBe('en');
    expect(firstPaintLanguage(null, [])).toBe('en');
  });
});
