import type { ModelDetail } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

/** GET /models/{id}: the model a tip offer is for, so the offer can name her and show her picture. */
export function getOfferedModel(id: number): Promise<ModelDetail> {
  return requireData(call('models.detail', { params: { id } }));
}
