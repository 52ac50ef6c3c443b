import type { MODEL_ORDERS, SHOOT_ORDERS } from '@velora/shared';
import { clampPage } from '@velora/shared';

export type ModelOrder = (typeof MODEL_ORDERS)[number];
export type ShootOrder = (typeof SHOOT_ORDERS)[number];

/** The state of a sorted, paged list (/models, /shoots). It lives in the URL: page, order. */
export interface ListParams<Order extends string> {
  page: number;
  order: Order;
}

/** Reads page and order from a query string; anything unreadable falls back to the default. */
export function readListParams<Order extends string>(search: URLSearchParams, orders: readonly Order[], fallback: Order): ListParams<Order> {
  const order = search.get('order');
  return {
    page: clampPage(search.get('page') ?? 1),
    order: order !== null && (orders as readonly string[]).includes(order) ? (order as Order) : fallback,
  };
}

/** Writes page and order into a copy of `base` (other parameters stay); defaults are left out. */
export function writeListParams<Order extends string>(params: ListParams<Order>, fallback: Order, base = new URLSearchParams()): URLSearchParams {
  const next = new URLSearchParams(base);
  if (params.page > 1) next.set('page', String(params.page));
  else next.delete('page');
  if (params.order !== fallback) next.set('order', params.order);
  else next.delete('order');
  return next;
}

/** The link to another page of the current list: the same query with another `page`. */
export function pageHref(search: URLSearchParams, page: number): string {
  const next = new URLSearchParams(search);
  if (page > 1) next.set('page', String(page));
  else next.delete('page');
  const qs = next.toString();
  return qs ? `?${qs}` : '?';
}

/** A positive integer route parameter, or null (the screen then shows Not Found). */
export function idParam(value: string | undefined): number | null {
  if (value === undefined || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && Number.isSafeInteger(id) ? id : null;
}
