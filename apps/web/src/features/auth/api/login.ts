import { useMutation } from '@tanstack/react-query';
import type { AccessTokenResponse, LoginBody } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

export function login(body: LoginBody): Promise<AccessTokenResponse> {
  return requireData(call('auth.login', { body }));
}

export function useLogin() {
  // A 401 here is a wrong password, not an expired session.
  return useMutation({ mutationFn: login, meta: { handlesUnauthorized: true } });
}
