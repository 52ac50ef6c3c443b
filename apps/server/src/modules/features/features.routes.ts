import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ErrorBody,
  FeatureFeedback,
  FeatureFeedbackBody,
  FeatureIdParam,
  FeedbackBody,
  ModelTipOfferResponse,
  SetOrganicDataBody,
  StatusOk,
  TrackActionBody,
} from '@velora/shared';
import type { AppDeps } from '../../app-deps';
import { requireAuth } from '../../plugins/auth';
import { createTipsService } from '../coins/coins-tips.service';
import { createUsersService } from '../users/users.service';
import { createVisitsService } from '../visits/visits.service';
import { createFeaturesService } from './features.service';

const errors = { 400: ErrorBody, 401: ErrorBody };
const withFeature = { ...errors, 404: ErrorBody };
const security = [{ bearer: [] }];
const noContent = z.null().describe('No content');

/** The event name under which feature actions are stored (events table). */
export const FEATURE_ACTION_EVENT = 'feature_action';

// The /feature/* calls of SPEC §7 (get_company lives in the company module). `:id` is a feature's name or numeric id.
export const featuresRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const features = createFeaturesService(deps.db, deps.now);
  const users = createUsersService(deps.db);
  const visits = createVisitsService(deps);
  const tips = createTipsService(deps);

  app.post('/feature/set_organic_data', {
    config: { access: 'member' },
    schema: {
      tags: ['features'],
      summary: 'Store the answers of the organic popup: age, where the member heard of the site',
      security,
      body: SetOrganicDataBody,
      response: { 200: StatusOk, ...errors },
    },
    handler: async (request) => {
      await users.setOrganicData(requireAuth(request).userId, request.body);
      return { status: 'ok' as const };
    },
  });

  app.post('/feature/feedback', {
    config: { access: 'member' },
    schema: { tags: ['features'], summary: 'Send feedback about the site', security, body: FeedbackBody, response: { 200: StatusOk, ...errors } },
    handler: async (request) => {
      await features.submitSiteFeedback(requireAuth(request).userId, request.body);
      return { status: 'ok' as const };
    },
  });

  app.get('/feature/feature_feedback/:id', {
    config: { access: 'member' },
    schema: {
      tags: ['features'],
      summary: "The member's feedback on a feature; 404 when there is none",
      security,
      params: FeatureIdParam,
      response: { 200: FeatureFeedback, ...withFeature },
    },
    handler: async (request) => features.feedbackOf(requireAuth(request).userId, request.params.id),
  });

  app.post('/feature/feature_feedback/:id', {
    config: { access: 'member' },
    schema: {
      tags: ['features'],
      summary: "Create or replace the member's feedback on a feature",
      security,
      params: FeatureIdParam,
      body: FeatureFeedbackBody,
      response: { 200: FeatureFeedback, ...withFeature },
    },
    handler: async (request) => features.saveFeedback(requireAuth(request).userId, request.params.id, request.body),
  });

  app.delete('/feature/feature_feedback/:id', {
    config: { access: 'member' },
    schema: {
      tags: ['features'],
      summary: "Remove the member's feedback on a feature (idempotent)",
      security,
      params: FeatureIdParam,
      response: { 204: noContent, ...withFeature },
    },
    handler: async (request, reply) => {
      await features.deleteFeedback(requireAuth(request).userId, request.params.id);
      return reply.status(204).send(null);
    },
  });

  app.post('/feature/view/:id', {
    config: { access: 'member' },
    schema: {
      tags: ['features'],
      summary: 'Record that the feature-introduce popup was shown; the profile then has settings.introduce_seen',
      security,
      params: FeatureIdParam,
      response: { 204: noContent, ...withFeature },
    },
    handler: async (request, reply) => {
      await features.markViewed(requireAuth(request).userId, request.params.id);
      return reply.status(204).send(null);
    },
  });

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
      if ((await users.lawLimitations(viewer.userId, request.visitId)).length > 0) return { offer: null };
      return tips.offer(viewer);
    },
  });

  app.post('/feature/track_action/:id', {
    config: { access: 'member' },
    schema: {
      tags: ['features'],
      summary: `Record an action on a feature (stored as a ${FEATURE_ACTION_EVENT} event)`,
      security,
      params: FeatureIdParam,
      body: TrackActionBody,
      response: { 204: noContent, ...withFeature },
    },
    handler: async (request, reply) => {
      const feature = await features.resolve(request.params.id);
      await visits.trackEvent({
        name: FEATURE_ACTION_EVENT,
        properties: { feature: feature.name, action: request.body.action },
        userId: requireAuth(request).userId,
        visitId: request.visitId,
      });
      return reply.status(204).send(null);
    },
  });
};
