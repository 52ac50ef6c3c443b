import { describe, expect, it } from 'vitest';
import { applyLanguage, chooseInitialLanguage, createI18n } from './i18n';

const visit = (country: string | null, is_international: boolean) => ({ country, is_international });

describe('chooseInitialLanguage (product §1)', () => {
  it.each([
    ['stored language wins', { stored: 'de', visit: visit('FR', true), frenchEnabled: true }, 'de'],
    ['stored French only while French is enabled', { stored: 'fr', visit: visit('US', true), frenchEnabled: false }, 'en'],
    ['French visitors get French when enabled', { stored: null, visit: visit('FR', true), frenchEnabled: true }, 'fr'],
    ['French visitors get English when French is off', { stored: null, visit: visit('FR', true), frenchEnabled: false }, 'en'],
    ['international visitors get English', { stored: null, visit: visit('US', true), frenchEnabled: false }, 'en'],
    ['others get German', { stored: null, visit: visit('DE', false), frenchEnabled: false }, 'de'],
    ['no visit record: English', { stored: null, visit: null, frenchEnabled: false }, 'en'],
  ] as const)('%s', (_label, input, expected) => {
    expect(chooseInitialLanguage(input)).toBe(expected);
  });
});

describe('applyLanguage', () => {
  it('loads the locale lazily, switches and sets <html lang>', async () => {
    const i18n = createI18n();
    expect(i18n.hasResourceBundle('de', 'app')).toBe(false);
    await applyLanguage(i18n, 'de');
    expect(i18n.resolvedLanguage).toBe('de');
    expect(i18n.t('nav.logOut')).toBe('Abmelden');
    expect(document.documentElement.lang).toBe('de-DE');
    await applyLanguage(i18n, 'fr');
    expect(i18n.t('nav.logOut')).toBe('Se déconnecter');
    expect(document.documentElement.lang).toBe('fr-FR');
    await applyLanguage(i18n, 'en');
    expect(i18n.t('nav.logOut')).toBe('Log out');
    expect(document.documentElement.lang).toBe('en-US');
  });

  it('formats plurals per language', async () => {
    const i18n = createI18n();
    await i18n.loadNamespaces('videos');
    expect(i18n.t('videos.resultCount', { count: 1 })).toBe('1 video');
    expect(i18n.t('videos.resultCount', { count: 1200 })).toBe('1,200 videos');
    await applyLanguage(i18n, 'de');
    expect(i18n.t('videos.resultCount', { count: 1200 })).toBe('1.200 Videos');
  });
});
