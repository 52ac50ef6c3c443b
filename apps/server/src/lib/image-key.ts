import { isDbId } from './paging';

/** Pictures stored by key, "<kind>:<id>" (e.g. "shoot:12"): a landing's hero or a blog cover reuses a catalog image. */
export type ImageKeyKind = 'video' | 'model' | 'shoot' | 'image';

const KEY = /^(video|model|shoot|image):([1-9]\d{0,9})$/;

/** The kind and id of an image key, or null for an empty or malformed one. */
export function parseImageKey(key: string | null | undefined): { kind: ImageKeyKind; id: number } | null {
  const match = key ? KEY.exec(key) : null;
  if (!match) return null;
  const id = Number(match[2]);
  return isDbId(id) ? { kind: match[1] as ImageKeyKind, id } : null;
}
