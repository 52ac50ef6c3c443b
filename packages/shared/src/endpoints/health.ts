import { z } from 'zod';
import { HealthStatus, Readiness } from '../contracts/common';
import { defineEndpoint } from './define-endpoint';

// Liveness, readiness and the OpenAPI document.

export const healthEndpoints = {
  'health.get': defineEndpoint({
    method: 'GET',
    path: '/health',
    response: HealthStatus,
    status: 200,
    answer: 'json',
    errors: [],
    capability: 'public',
    summary: 'Liveness: the process answers',
    tags: ['health'],
  }),
  'health.ready': defineEndpoint({
    method: 'GET',
    path: '/health/ready',
    response: Readiness,
    status: 200,
    answer: 'json',
    // The 503 carries the same report: which dependency is down.
    errors: [503],
    errorResponse: Readiness,
    capability: 'public',
    summary: 'Readiness: the database, Redis, the job queue and the live media server',
    description:
      '200 when the database and the job queue answer (status degraded while Redis is away, the instance working on its ' +
      'own, or while the live media server restarts), 503 when either of them does not. For load balancers and ' +
      'monitoring; GET /health stays a liveness check.',
    tags: ['health'],
  }),
  'docs.openapi': defineEndpoint({
    method: 'GET',
    path: '/docs/json',
    // The document itself: an OpenAPI object, described by the OpenAPI specification rather than by a schema here.
    response: z.record(z.string(), z.unknown()),
    status: 200,
    answer: 'json',
    errors: [],
    capability: 'public',
    summary: 'The OpenAPI document, generated from this table',
    tags: ['docs'],
    hidden: true,
  }),
};
