import { useMutation } from '@tanstack/react-query';
import type { Playdate, PlaydateRequestBodyInput } from '@velora/shared';
import { IDEMPOTENCY_KEY_HEADER } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

export interface RequestPlaydateInput {
  cameraId: number;
  body: PlaydateRequestBodyInput;
  /** One per attempt: a retry after a lost answer holds the coins once. */
  idempotencyKey: string;
}

/**
 * POST /playdates/private/request/{id}: holds the coins until she answers. Sends the price the member saw: another is
 * 409 PLAYDATE_PRICE_CHANGED and nothing is held.
 */
export function requestPrivatePlaydate({ cameraId, body, idempotencyKey }: RequestPlaydateInput): Promise<Playdate> {
  return requireData(call('playdates.private.request', { params: { id: String(cameraId) }, body }, { headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } }));
}

export function useRequestPrivatePlaydate() {
  return useMutation({ mutationFn: requestPrivatePlaydate });
}
