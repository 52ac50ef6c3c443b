import { describe, expect, it, vi } from 'vitest';
import { en } from '@/locales/en';

// As `vite build` makes it (build/locale-split.ts): the first page's English lacks a text that the search missed.
vi.mock('./locale-parts', () => ({
  FIRST_ENGLISH: { nav: { logIn: en.nav.logIn } },
  loadFullEnglish: () => Promise.resolve(en),
  loadOtherLanguage: {},
}));

const { createI18n } = await import('./i18n');

describe('a text missing from the first page’s English', () => {
  it('loads all of English at its first use and tells the components to render again once it is there', async () => {
    const i18n = createI18n();
    // react-i18next re-renders on languageChanged (its default binding); the language itself stays.
    const rendered = new Promise<string>((resolve) => i18n.on('languageChanged', resolve));
    expect(i18n.t('nav.logIn')).toBe(en.nav.logIn);
    expect(i18n.t('nav.logOut')).toBe('nav.logOut');
    expect(await rendered).toBe('en');
    expect(i18n.t('nav.logOut')).toBe(en.nav.logOut);
  });
});
