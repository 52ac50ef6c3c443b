import { useMutation } from '@tanstack/react-query';
import type { Playdate } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

/** POST /playdates/private/{id}/cancel: withdraws a request or a playdate not started; every held coin is released. */
export function cancelPrivatePlaydate(id: number): Promise<Playdate> {
  return requireData(call('playdates.private.cancel', { params: { id: String(id) } }));
}

export function useCancelPrivatePlaydate() {
  return useMutation({ mutationFn: cancelPrivatePlaydate });
}
