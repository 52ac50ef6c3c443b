import { useMutation } from '@tanstack/react-query';
import type { AccessTokenResponse, RegisterBody } from '@velora/shared';
import { api, requireData } from '@/lib/http';

export function register(body: RegisterBody): Promise<AccessTokenResponse> {
  return requireData(api.post<AccessTokenResponse>('/auth/register', body));
}

export function useRegister() {
  return useMutation({ mutationFn: register, meta: { handlesUnauthorized: true } });
}
