import type { FastifyPluginAsync } from 'fastify';
import { ENDPOINTS } from '@velora/shared';
import { route } from '../../http/register-endpoint';
import { requireAuth } from '../../plugins/auth';
import type { FeaturesService } from './features.service';

// The /feature/* calls of product §7 about features themselves. `:id` is a feature's name or numeric id. The others live
// with the module whose rule they apply, so this low-tier module imports none above it: get_company (company),
// set_organic_data (users), model_tip_offer (coins), track_action (visits).
export const featuresRoutes: FastifyPluginAsync<{ features: FeaturesService }> = async (app, { features }) => {
  route(app, ENDPOINTS['features.feedback'], async (request) => {
    await features.submitSiteFeedback(requireAuth(request).userId, request.body);
    return { status: 'ok' as const };
  });

  route(app, ENDPOINTS['features.featureFeedback.get'], async (request) =>
    features.feedbackOf(requireAuth(request).userId, request.params.id),
  );

  route(app, ENDPOINTS['features.featureFeedback.save'], async (request) =>
    features.saveFeedback(requireAuth(request).userId, request.params.id, request.body),
  );

  route(app, ENDPOINTS['features.featureFeedback.delete'], async (request) => {
    await features.deleteFeedback(requireAuth(request).userId, request.params.id);
  });

  route(app, ENDPOINTS['features.view'], async (request) => {
    await features.markViewed(requireAuth(request).userId, request.params.id);
  });
};
