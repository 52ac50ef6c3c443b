import { describe, expect, it } from 'vitest';
import { en } from '@/locales/en';
import { createI18n } from './i18n';

// A lazy screen or dialog names the namespaces its code reads (decision 066); one it forgot still arrives.
describe('a text of a namespace nobody loaded yet', () => {
  it('loads its namespace at its first use and tells the components to render again once it is there', async () => {
    const i18n = createI18n();
    // react-i18next re-renders on languageChanged (its default binding); the language itself stays.
    const rendered = new Promise<string>((resolve) => i18n.on('languageChanged', resolve));
    expect(i18n.t('nav.logIn')).toBe(en.nav.logIn);
    expect(i18n.t('login.title')).toBe('login.title');
    expect(await rendered).toBe('en');
    expect(i18n.t('login.title')).toBe(en.login.title);
  });
});
