import type { AccessTokenResponse } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

/** Exchanges the one-click log-in hash of a mail for an access token (single use). */
export function loginByHash(hash: string): Promise<AccessTokenResponse> {
  return requireData(call('auth.loginByHash', { body: { hash } }));
}
