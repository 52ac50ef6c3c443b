import type { VideoOrder } from '@velora/shared';
import { VIDEO_ORDERS, clampPage, parseIntegerList } from '@velora/shared';

export { tagName } from '@/lib/content-language';

/** The /videos filter state. It lives in the URL: page, order, tags (comma list of ids), query. */
export interface VideoFilters {
  page: number;
  order: VideoOrder;
  tags: number[];
  query: string;
}

export const DEFAULT_ORDER: VideoOrder = 'newest';

export function isVideoOrder(value: unknown): value is VideoOrder {
  return typeof value === 'string' && (VIDEO_ORDERS as readonly string[]).includes(value);
}

/** Tag ids as a canonical list: positive, unique, ascending. */
function normalizeTags(tags: readonly number[]): number[] {
  return [...new Set(tags.filter((id) => id > 0))].sort((a, b) => a - b);
}

/** Reads the filters from a query string; anything unreadable falls back to its default. */
export function readVideoFilters(search: URLSearchParams): VideoFilters {
  const order = search.get('order');
  return {
    page: clampPage(search.get('page') ?? 1),
    order: isVideoOrder(order) ? order : DEFAULT_ORDER,
    tags: normalizeTags(parseIntegerList(search.getAll('tags'))),
    query: (search.get('query') ?? '').trim(),
  };
}

/** Writes the filters into a copy of `base` (other parameters stay); defaults are left out of the URL. */
export function writeVideoFilters(filters: VideoFilters, base: URLSearchParams = new URLSearchParams()): URLSearchParams {
  const next = new URLSearchParams(base);
  const put = (name: string, value: string | null) => (value === null ? next.delete(name) : next.set(name, value));
  const tags = normalizeTags(filters.tags);
  put('page', filters.page > 1 ? String(filters.page) : null);
  put('order', filters.order !== DEFAULT_ORDER ? filters.order : null);
  put('tags', tags.length > 0 ? tags.join(',') : null);
  put('query', filters.query.trim() !== '' ? filters.query.trim() : null);
  return next;
}

/** Applies a change; any change but the page itself starts again at page 1. */
export function changeVideoFilters(current: VideoFilters, change: Partial<VideoFilters>): VideoFilters {
  const next: VideoFilters = { ...current, ...change };
  if (change.page === undefined) next.page = 1;
  next.tags = normalizeTags(next.tags);
  return next;
}

export function toggleTag(tags: readonly number[], id: number): number[] {
  return tags.includes(id) ? tags.filter((t) => t !== id) : [...tags, id];
}

export function hasActiveFilters(filters: VideoFilters): boolean {
  return filters.tags.length > 0 || filters.query !== '' || filters.order !== DEFAULT_ORDER;
}
