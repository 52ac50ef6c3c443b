import type { AccessTokenResponse, IdentitySignInBody } from '@velora/shared';
import { api, requireData } from '@/lib/http';
import { IDENTITY_PROVIDER } from '../config';

/**
 * POST /auth/google {token, language, landing_id}: the server verifies the ID token and answers with
 * access_token and redirect_url (SPEC §7). Called directly, not as a mutation: its 401 means a
 * rejected token, never an expired session.
 */
export function signInWithIdentityProvider(body: IdentitySignInBody): Promise<AccessTokenResponse> {
  return requireData(api.post<AccessTokenResponse>(`/auth/${IDENTITY_PROVIDER}`, body));
}
