import { z } from 'zod';
import { hasControlCharacters, hasLoneSurrogates, hasStrayControlCharacters } from '../rules/plain-text';

export const NO_CONTROL_CHARACTERS = 'Must not contain control characters';
export const NOT_VALID_UNICODE = 'Must be valid Unicode text';

/** A one-line value (a name, a search, a path): no control character at all; PostgreSQL refuses NUL outright. */
export const oneLine = (text: string) => !hasControlCharacters(text);
/** A text of several lines (a message): tabs and line breaks, but no other control character. */
export const severalLines = (text: string) => !hasStrayControlCharacters(text);
/** Valid Unicode: no half of a surrogate pair (it cannot be stored as sent). */
export const wellFormed = (text: string) => !hasLoneSurrogates(text);

// Every string a caller sends ends with one of these two (decision record 031): a control character is refused by
// the contract with a 400 naming the field, never left for PostgreSQL to refuse with a 500. The test
// endpoints/plain-text-fields.test.ts walks the table and fails for any string that takes one.

/** The checks of a one-line value (a name, an address, a token, a password, a path): `.check(...plainLine())`. */
export const plainLine = () => [z.refine<string>(oneLine, NO_CONTROL_CHARACTERS), z.refine<string>(wellFormed, NOT_VALID_UNICODE)];
/** The checks of a text of several lines (a message, a comment, feedback): tabs and line breaks stay. */
export const plainLines = () => [z.refine<string>(severalLines, NO_CONTROL_CHARACTERS), z.refine<string>(wellFormed, NOT_VALID_UNICODE)];

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
