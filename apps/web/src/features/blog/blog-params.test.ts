import { describe, expect, it } from 'vitest';
import { blogRedirect, readBlogParams, writeBlogParams } from './blog-params';

describe('blog params', () => {
  it.each([
    ['', { title: null, category: null, page: 1 }],
    ['?title=studio&category=news&page=3', { title: 'studio', category: 'news', page: 3 }],
    ['?title=%20%20&category=&page=-2', { title: null, category: null, page: 1 }],
    ['?page=abc', { title: null, category: null, page: 1 }],
  ])('reads %s', (search, expected) => {
    expect(readBlogParams(new URLSearchParams(search))).toEqual(expected);
  });

  it('writes only what is set, keeping other parameters', () => {
    expect(writeBlogParams({ title: ' tips ', category: null, page: 1 }, new URLSearchParams('utm=x&page=4')).toString()).toBe('utm=x&title=tips');
    expect(writeBlogParams({ title: null, category: 'news', page: 2 }).toString()).toBe('category=news&page=2');
  });

  it('redirects to the prefix of the language, keeping the query', () => {
    expect(blogRedirect('/blog', '?title=a', '/lecker_blog')).toBe('/lecker_blog?title=a');
    expect(blogRedirect('/lecker_blog/x', '', '/blog/x')).toBe('/blog/x');
    expect(blogRedirect('/blog', '?title=a', '/blog')).toBeNull();
  });
});
