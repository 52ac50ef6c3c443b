import type { ModelTipOfferResponse } from '@velora/shared';
import { api, requireData } from '@/lib/http';

/** GET /feature/model_tip_offer: a suggestion to tip a model (a model and a number of coins), or null. Asked once per session. */
export function getTipOffer(): Promise<ModelTipOfferResponse> {
  return requireData(api.get<ModelTipOfferResponse>('/feature/model_tip_offer'));
}
