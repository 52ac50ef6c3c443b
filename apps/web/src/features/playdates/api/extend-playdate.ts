import { useMutation } from '@tanstack/react-query';
import type { Playdate } from '@velora/shared';
import { IDEMPOTENCY_KEY_HEADER } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

export interface ExtendPlaydateInput {
  id: number;
  duration: number;
  /** One per attempt: a retry after a lost answer pays once. */
  idempotencyKey: string;
}

/** POST /playdates/private/extend/{id} {duration}: pays the extension and opens the room again. */
export function extendPlaydate({ id, duration, idempotencyKey }: ExtendPlaydateInput): Promise<Playdate> {
  return requireData(call('playdates.private.extend', { params: { id: String(id) }, body: { duration } }, { headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } }));
}

export function useExtendPlaydate() {
  return useMutation({ mutationFn: extendPlaydate });
}
