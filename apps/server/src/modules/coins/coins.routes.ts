import type { FastifyPluginAsync } from 'fastify';
import { ENDPOINTS } from '@velora/shared';
import { route } from '../../http/register-endpoint';
import { requireAuth } from '../../plugins/auth';
import { assertKeysAgree } from '../../plugins/idempotency';
import type { TipsService } from './coins-tips.service';
import type { CoinsService } from './coins.service';

// Coins and tips (decision record 016). Buying coins is the payments module's; it credits through the
// coins service. The payment history lives here because it is one list over payments and the coin ledger.
export const coinsRoutes: FastifyPluginAsync<{ coins: CoinsService; tips: TipsService }> = async (app, { coins, tips }) => {
  // product §4, §6: SE users skip law-limited calls (451), like buying coins (the table's lawLimited).
  route(app, ENDPOINTS['coins.tip'], async (request) => {
    // The Idempotency-Key header and the body's idempotency_key are one key: both at once must agree.
    assertKeysAgree(request, request.body.idempotency_key);
    return tips.tip(requireAuth(request), request.body);
  });

  // A /feature/* call of product §7, here because the offer is the tips service's.
  route(app, ENDPOINTS['features.modelTipOffer'], async (request) => {
    const viewer = requireAuth(request);
    // Tipping is law-limited (product §4: SE): no offer of what would be refused.
    if ((await request.lawLimitations()).length > 0) return { offer: null };
    return tips.offer(viewer);
  });

  route(app, ENDPOINTS['coins.balance'], async (request) => ({ coins: await coins.balance(requireAuth(request).userId) }));

  route(app, ENDPOINTS['coins.history'], async (request) => coins.history(requireAuth(request).userId, request.query.page));
};
