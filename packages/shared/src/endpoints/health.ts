import { z } from 'zod';
import { HealthStatus } from '../contracts/common';
import { defineEndpoint } from './define-endpoint';

// Liveness and the OpenAPI document.

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
