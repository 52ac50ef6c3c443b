import { useMutation } from '@tanstack/react-query';
import type { AccessTokenResponse, RegisterBody } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

export function register(body: RegisterBody): Promise<AccessTokenResponse> {
  return requireData(call('auth.register', { body }));
}

export function useRegister() {
  return useMutation({ mutationFn: register, meta: { handlesUnauthorized: true } });
}
