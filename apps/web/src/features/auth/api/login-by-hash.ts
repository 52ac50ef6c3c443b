import type { AccessTokenResponse } from '@velora/shared';
import { api, requireData } from '@/lib/http';

/** Exchanges the one-click log-in hash of a mail for an access token (single use). */
export function loginByHash(hash: string): Promise<AccessTokenResponse> {
  return requireData(api.post<AccessTokenResponse>('/auth/login_by_hash', { hash }));
}
