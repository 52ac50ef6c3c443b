import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CoinBalance, ErrorBody, ModelTipOfferResponse, PaymentHistory, PaymentHistoryQuery, TipBody, TipResult } from '@velora/shared';
import { requireAuth } from '../../plugins/auth';
import type { TipsService } from './coins-tips.service';
import type { CoinsService } from './coins.service';

const security = [{ bearer: [] }];

// Coins and tips (issue 6, decision record 016). Buying coins is the payments module's; it credits through the
// coins service. The payment history lives here because it is one list over payments and the coin ledger.
export const coinsRoutes: FastifyPluginAsyncZod<{ coins: CoinsService; tips: TipsService }> = async (app, { coins, tips }) => {
  app.post('/coins/tip', {
    // SPEC §4, §6: SE users skip law-limited calls (451), like buying coins.
    config: { access: 'member', lawLimited: true },
    schema: {
      tags: ['coins'],
      summary:
        'Tip a model: the coins leave the member at once (the model gets her share). 409 INSUFFICIENT_COINS when the balance ' +
        'does not cover it; an idempotency_key sent again returns the first tip instead of tipping twice',
      security,
      body: TipBody,
      response: { 200: TipResult, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 429: ErrorBody, 451: ErrorBody },
    },
    handler: async (request) => tips.tip(requireAuth(request), request.body),
  });

  // A /feature/* call of SPEC §7, here because the offer is the tips service's.
  app.get('/feature/model_tip_offer', {
    config: { access: 'member' },
    schema: {
      tags: ['features'],
      summary: 'A suggested tip { model_id, coins } the member can afford (a model they tipped or favourited), or null',
      security,
      response: { 200: ModelTipOfferResponse, 401: ErrorBody },
    },
    handler: async (request) => {
      const viewer = requireAuth(request);
      // Tipping is law-limited (SPEC §4: SE): no offer of what would be refused.
      if ((await request.lawLimitations()).length > 0) return { offer: null };
      return tips.offer(viewer);
    },
  });

  app.get('/coins/balance', {
    config: { access: 'member' },
    schema: { tags: ['coins'], summary: "The member's coins", security, response: { 200: CoinBalance, 401: ErrorBody } },
    handler: async (request) => ({ coins: await coins.balance(requireAuth(request).userId) }),
  });

  app.get('/user/get_payment_history', {
    config: { access: 'member' },
    schema: {
      tags: ['user'],
      summary: 'What the member paid (memberships, coin packages) and how their coins moved (tips, grants), newest first',
      security,
      querystring: PaymentHistoryQuery,
      response: { 200: PaymentHistory, 400: ErrorBody, 401: ErrorBody },
    },
    handler: async (request) => coins.history(requireAuth(request).userId, request.query.page),
  });
};
