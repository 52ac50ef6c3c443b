import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody, FeatureFeedback, FeatureFeedbackBody, FeatureIdParam, FeedbackBody, StatusOk } from '@velora/shared';
import { requireAuth } from '../../plugins/auth';
import type { FeaturesService } from './features.service';

const errors = { 400: ErrorBody, 401: ErrorBody };
const withFeature = { ...errors, 404: ErrorBody };
const security = [{ bearer: [] }];
const noContent = z.null().describe('No content');

// The /feature/* calls of SPEC §7 about features themselves. `:id` is a feature's name or numeric id. The others live
// with the module whose rule they apply, so this low-tier module imports none above it: get_company (company),
// set_organic_data (users), model_tip_offer (coins), track_action (visits).
export const featuresRoutes: FastifyPluginAsyncZod<{ features: FeaturesService }> = async (app, { features }) => {
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

};
