import type { AccessTokenResponse, IdentitySignInBody } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';
import { IDENTITY_PROVIDER } from '../config';

/**
 * POST /auth/google {token, language, landing_id}: the server verifies the ID token and answers with
 * access_token and redirect_url (product §7). Called directly, not as a mutation: its 401 means a
 * rejected token, never an expired session.
 */
export function signInWithIdentityProvider(body: IdentitySignInBody): Promise<AccessTokenResponse> {
  return requireData(call('auth.identity', { params: { provider: IDENTITY_PROVIDER }, body }));
}
