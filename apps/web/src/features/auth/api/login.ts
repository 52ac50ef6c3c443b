import { useMutation } from '@tanstack/react-query';
import type { AccessTokenResponse, LoginBody } from '@velora/shared';
import { api, requireData } from '@/lib/http';

export function login(body: LoginBody): Promise<AccessTokenResponse> {
  return requireData(api.post<AccessTokenResponse>('/auth/login', body));
}

export function useLogin() {
  // A 401 here is a wrong password, not an expired session.
  return useMutation({ mutationFn: login, meta: { handlesUnauthorized: true } });
}
