import type { ModelTipOfferResponse } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

/** GET /feature/model_tip_offer: a suggestion to tip a model (a model and a number of coins), or null. Asked once per session. */
export function getTipOffer(): Promise<ModelTipOfferResponse> {
  return requireData(call('features.modelTipOffer'));
}
