import { afterEach, describe, expect, it } from 'vitest';
import { forwardTarget } from './forward-target';
import { applyPageMeta, canonicalUrl } from './page-meta';
import { landingIdFor } from './routes/custom-page';

const ORIGIN = 'https://velora.example';

describe('forwardTarget (transforming links)', () => {
  it.each([
    ['/about_us', '?utm=mail', { internal: true, href: '/about_us?utm=mail' }],
    ['/about_us?from=x', '?utm=mail&from=y', { internal: true, href: '/about_us?from=x&utm=mail' }],
    ['https://velora.example/blog#top', '', { internal: true, href: '/blog#top' }],
    ['https://partner.example/page', '?a=1', { internal: false, href: 'https://partner.example/page?a=1' }],
    ['javascript:alert(1)', '', null],
    ['/spring', '?x=1', null],
    ['/spring?other=1', '', null],
  ])('%s with %s → %j', (source, search, expected) => {
    expect(forwardTarget(source, { pathname: '/spring', search }, ORIGIN)).toEqual(expected);
  });
});

describe('canonicalUrl', () => {
  it.each([
    [{ canonical: 'https://velora.example/contact-us' }, '/contact-us', 'https://velora.example/contact-us'],
    [{ canonical: '/agb' }, '/x', 'https://velora.example/agb'],
    [{ canonical: '' }, '/blog', 'https://velora.example/blog'],
    [null, '/blog', 'https://velora.example/blog'],
  ])('%j on %s → %s', (meta, path, expected) => {
    expect(canonicalUrl(meta, path, ORIGIN)).toBe(expected);
  });
});

describe('applyPageMeta', () => {
  afterEach(() => {
    document.head.querySelectorAll('meta[name], link[rel="canonical"]').forEach((el) => el.remove());
  });

  it('writes the tags, then restores the shipped description and drops the others when the server has none', () => {
    const shipped = document.createElement('meta');
    shipped.name = 'description';
    shipped.content = 'The shipped description';
    document.head.appendChild(shipped);

    applyPageMeta(document, { title: 'T', description: 'D', keywords: 'K', robots: 'noindex', canonical: '' }, '/dmca');
    const content = (name: string) => document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? null;
    expect([content('description'), content('keywords'), content('robots')]).toEqual(['D', 'K', 'noindex']);
    expect(document.head.querySelectorAll('link[rel="canonical"]')).toHaveLength(1);

    applyPageMeta(document, undefined, '/agb');
    expect([content('description'), content('keywords'), content('robots')]).toEqual(['The shipped description', null, null]);
    expect(document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href).toBe(`${window.location.origin}/agb`);
  });
});

describe('landingIdFor (landing-type custom pages)', () => {
  it.each([
    ['de', { landing_de: 4, landing_en: 3 }, 4],
    ['en', { landing_de: 4, landing_en: 3 }, 3],
    ['fr', { landing_de: 4, landing_en: 3 }, 3],
    ['de', { landing_de: null, landing_en: 3 }, 3],
    ['en', { landing_de: 4, landing_en: null }, 4],
    ['en', { landing_de: null, landing_en: null }, null],
  ])('%s, %j → %s', (language, page, expected) => {
    expect(landingIdFor(page, language)).toBe(expected);
  });
});
