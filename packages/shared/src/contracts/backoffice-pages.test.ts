import { describe, expect, it } from 'vitest';
import { CreatePageBody, isSafeLinkTarget, SitePath } from './backoffice-pages';

describe('isSafeLinkTarget', () => {
  it('takes a path of the site and an http(s) address', () => {
    for (const target of ['/videos', '/blog/a?b=1#c', 'https://partner.example.com/offer?x=1', 'http://example.com']) expect(isSafeLinkTarget(target), target).toBe(true);
  });

  it('refuses another scheme, a protocol-relative address, a backslash trick, whitespace and control characters', () => {
    for (const target of ['javascript:alert(1)', 'JAVASCRIPT:alert(1)', 'data:text/html,x', 'mailto:a@b.c', '//evil.example.com', '/\\evil.example.com', ' /x', '/a b', '/a\nb', '/a\u0000', '', 'videos']) {
      expect(isSafeLinkTarget(target), JSON.stringify(target)).toBe(false);
    }
  });
});

describe('SitePath', () => {
  it('takes "/" and clean paths, and refuses what a page could not be reached at', () => {
    for (const path of ['/', '/press', '/go/join', '/a.b_c~d-e']) expect(SitePath.safeParse(path).success, path).toBe(true);
    for (const path of ['', 'press', '/press/', '//press', '/a//b', '/with space', '/ümlaut', '/%2e%2e', `/${'a'.repeat(512)}`]) expect(SitePath.safeParse(path).success, path).toBe(false);
  });
});

describe('CreatePageBody', () => {
  const base = { path: '/p', title: '', source: null, landing_en: null, landing_de: null, published: true };
  const fieldsOf = (body: object) => {
    const parsed = CreatePageBody.safeParse(body);
    return parsed.success ? [] : parsed.error.issues.map((issue) => issue.path.join('.'));
  };

  it('asks each type for what it needs, naming the field', () => {
    expect(fieldsOf({ ...base, type: 'document', source: ' ' })).toEqual(['source']);
    expect(fieldsOf({ ...base, type: 'transforming_links', source: 'javascript:x' })).toEqual(['source']);
    expect(fieldsOf({ ...base, type: 'landing' })).toEqual(['landing_en']);
    expect(fieldsOf({ ...base, type: 'landing', landing_de: 2 })).toEqual([]);
    expect(fieldsOf({ ...base, type: 'document', source: '<p>x</p>', password: 'long enough', remove_password: true })).toEqual(['password']);
  });
});
