import type { CameraOrder } from '@velora/shared';
import { CAMERA_ORDERS, clampPage, parseIntegerList } from '@velora/shared';

/** The /cameras state. It lives in the URL (product §2): page, filters (comma list of tag ids), order, camera, exit_code, hint. */
export interface CameraParams {
  page: number;
  filters: number[];
  order: CameraOrder;
  /** product §2: `hint` forces order free_chat (the chat sends members here with it). */
  hint: boolean;
  /** The card to scroll to and highlight. */
  camera: string | null;
  /** Why the member's chat ended (product §4 codes). */
  exitCode: number | null;
}

export const DEFAULT_CAMERA_ORDER: CameraOrder = 'popular';

const isCameraOrder = (value: unknown): value is CameraOrder => typeof value === 'string' && (CAMERA_ORDERS as readonly string[]).includes(value);

/** Tag ids as a canonical list: positive, unique, ascending. */
const normalize = (ids: readonly number[]) => [...new Set(ids.filter((id) => id > 0))].sort((a, b) => a - b);

export function readCameraParams(search: URLSearchParams): CameraParams {
  const order = search.get('order');
  const hint = search.has('hint');
  const exit = search.get('exit_code');
  return {
    page: clampPage(search.get('page') ?? 1),
    filters: normalize(parseIntegerList(search.getAll('filters'))),
    order: hint ? 'free_chat' : isCameraOrder(order) ? order : DEFAULT_CAMERA_ORDER,
    hint,
    camera: search.get('camera') || null,
    exitCode: exit !== null && /^\d{1,4}$/.test(exit) ? Number(exit) : null,
  };
}

/**
 * Applies a change of filters or order to the URL: back to page 1, and a chosen order ends the hint (the member
 * picked another). The card and exit message stay until the member dismisses them.
 */
export function changeCameraParams(base: URLSearchParams, change: { filters?: readonly number[]; order?: CameraOrder }): URLSearchParams {
  const next = new URLSearchParams(base);
  next.delete('page');
  if (change.filters !== undefined) {
    const filters = normalize(change.filters);
    if (filters.length > 0) next.set('filters', filters.join(','));
    else next.delete('filters');
  }
  if (change.order !== undefined) {
    next.delete('hint');
    if (change.order === DEFAULT_CAMERA_ORDER) next.delete('order');
    else next.set('order', change.order);
  }
  return next;
}

export const toggleFilter = (filters: readonly number[], id: number): number[] => (filters.includes(id) ? filters.filter((f) => f !== id) : [...filters, id]);
