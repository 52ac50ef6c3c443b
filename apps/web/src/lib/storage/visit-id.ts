import { STORAGE_KEYS, readStored, writeStored } from './storage';

/** The visit id the server handed out (product §7), sent back on every call. */
export function getVisitId(): string | null {
  const value = readStored<unknown>(STORAGE_KEYS.visitorId);
  return typeof value === 'string' && value !== '' ? value : null;
}

export function setVisitId(id: string): void {
  writeStored(STORAGE_KEYS.visitorId, id);
}
