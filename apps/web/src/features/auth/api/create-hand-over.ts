import type { HandOverCode } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

/** A one-time code (valid for a minute) that carries this session's user to the main domain (product §1). */
export function createHandOver(): Promise<HandOverCode> {
  return requireData(call('auth.createHandOver'));
}
