import { clampPage } from '@velora/shared';

/** The blog list's state; it lives in the URL as `title`, `category` and `page` (product §2). */
export interface BlogParams {
  title: string | null;
  category: string | null;
  page: number;
}

const clean = (value: string | null) => value?.trim() || null;

export function readBlogParams(search: URLSearchParams): BlogParams {
  return { title: clean(search.get('title')), category: clean(search.get('category')), page: clampPage(search.get('page') ?? 1) };
}

/** The query for `params` on top of `base` (other parameters stay); empty values and page 1 are left out. */
export function writeBlogParams(params: BlogParams, base = new URLSearchParams()): URLSearchParams {
  const next = new URLSearchParams(base);
  const set = (name: string, value: string | null) => (value ? next.set(name, value) : next.delete(name));
  set('title', clean(params.title));
  set('category', clean(params.category));
  set('page', params.page > 1 ? String(params.page) : null);
  return next;
}

/** The path a blog URL should have: `expected` when the prefix differs (the language decides it), else null. */
export function blogRedirect(pathname: string, search: string, expected: string): string | null {
  return pathname === expected ? null : `${expected}${search}`;
}
