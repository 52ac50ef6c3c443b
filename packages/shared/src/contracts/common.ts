import { z } from 'zod';
import { hasControlCharacters, hasStrayControlCharacters } from '../rules/plain-text';

export const NO_CONTROL_CHARACTERS = 'Must not contain control characters';

/** A one-line value (a name, a search, a path): no control character at all; PostgreSQL refuses NUL outright. */
export const oneLine = (text: string) => !hasControlCharacters(text);
/** A text of several lines (a message): tabs and line breaks, but no other control character. */
export const severalLines = (text: string) => !hasStrayControlCharacters(text);

export const ErrorBody = z
  .object({
    error: z.object({
      code: z.string().describe('Machine-readable error code, e.g. VALIDATION_FAILED'),
      message: z.string().describe('Human-readable summary'),
      fields: z.record(z.string(), z.string()).optional().describe('Per-field messages for invalid input'),
    }),
  })
  .meta({ id: 'ErrorBody' });
export type ErrorBody = z.infer<typeof ErrorBody>;

export const StatusOk = z.object({ status: z.literal('ok') });
export type StatusOk = z.infer<typeof StatusOk>;

export const IdParam = z.object({ id: z.coerce.number().int().positive() });

export const FeatureState = z.object({
  is_active: z.boolean(),
  version: z.string().nullable(),
  settings: z.record(z.string(), z.unknown()),
});
export const FeatureMap = z.record(z.string(), FeatureState);
export type FeatureMapT = z.infer<typeof FeatureMap>;

export const Campaign = z.object({ id: z.string() }).nullable();

/** The body of a 204 answer. */
export const NoContent = z.null().describe('No content');

/** GET /health */
export const HealthStatus = z.object({ status: z.literal('ok') });

/** GET /health/ready: each dependency, and what they make of the instance (decision record 027). */
export const Readiness = z
  .object({
    status: z
      .enum(['ready', 'degraded', 'unavailable'])
      .describe(
        'ready: every dependency answers. degraded (still 200): Redis is away, so this instance limits and delivers on ' +
          'its own. unavailable (503): the database or the job queue does not answer',
      ),
    checks: z.object({
      database: z.enum(['up', 'down']).describe('A SELECT 1 answered within the timeout'),
      redis: z.enum(['up', 'down', 'not configured']).describe('A PING answered within the timeout; not configured without REDIS_URL'),
      jobs: z.enum(['up', 'down']).describe('The job queue is started and its tables answer within the timeout'),
    }),
  })
  .meta({ id: 'Readiness' });
export type Readiness = z.infer<typeof Readiness>;
