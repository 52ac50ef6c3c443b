import type { AccessTokenResponse } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';
import type { LoginLink } from '../pending-login';
import { loginByHash } from './login-by-hash';

/** Uses a log-in link (single use): a new session of the link's account. */
export function exchangeLoginLink(link: LoginLink): Promise<AccessTokenResponse> {
  return link.kind === 'hash' ? loginByHash(link.credential) : requireData(call('auth.exchangeHandOver', { body: { code: link.credential } }));
}
