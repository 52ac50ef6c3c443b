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
// endpoints/plain-text-fields.test.ts walks the table and fails for any string that takes one. They are patterns,
// not refinements, so the OpenAPI document states them and a client's generator keeps to them (decision record 064).

// eslint-disable-next-line no-control-regex
const ONE_LINE_PATTERN = /^[^\u0000-\u001F\u007F]*$/;
// eslint-disable-next-line no-control-regex
const SEVERAL_LINES_PATTERN = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]*$/;
// With the u flag a surrogate pair is one code point outside the range; only a lone half is in it.
const WELL_FORMED_PATTERN = /^[^\uD800-\uDFFF]*$/u;

/** The checks of a one-line value (a name, an address, a token, a password, a path): `.check(...plainLine())`. */
export const plainLine = () => [z.regex(ONE_LINE_PATTERN, NO_CONTROL_CHARACTERS), z.regex(WELL_FORMED_PATTERN, NOT_VALID_UNICODE)];
/** The checks of a text of several lines (a message, a comment, feedback): tabs and line breaks stay. */
export const plainLines = () => [z.regex(SEVERAL_LINES_PATTERN, NO_CONTROL_CHARACTERS), z.regex(WELL_FORMED_PATTERN, NOT_VALID_UNICODE)];

/** The latest time a caller may send: 2100-01-01, in unix seconds. Later is a mistake, and far later no Date holds. */
export const UNIX_SECONDS_MAX = 4_102_444_800;

/**
 * A time a caller sends, in unix seconds: a whole number after 1970 and before 2100. Every time an endpoint takes is
 * one (endpoints/timestamp-fields.test.ts), so one far out answers 400 naming its field instead of becoming an
 * Invalid Date that slips past the services' time checks (NaN compares false) to the database, a 500 (decision 063).
 */
export const unixSeconds = (message = 'Must be a time in unix seconds before the year 2100') =>
  z.number().int(message).positive(message).max(UNIX_SECONDS_MAX, message);

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
          'its own, or the live media server is restarting (live video pauses; everything else serves). unavailable ' +
          '(503): the database or the job queue does not answer',
      ),
    checks: z.object({
      database: z.enum(['up', 'down']).describe('A SELECT 1 answered within the timeout'),
      redis: z.enum(['up', 'down', 'not configured']).describe('A PING answered within the timeout; not configured without REDIS_URL'),
      jobs: z.enum(['up', 'down']).describe('The job queue is started and its tables answer within the timeout'),
      media: z
        .enum(['up', 'idle', 'restarting', 'down', 'external', 'not configured'])
        .describe(
          'The live media server: up (the embedded SFU runs), idle (not started yet: it starts with the first live room), ' +
            'restarting (it stopped and is being started again), down (shutting down), external (MEDIA_SERVER=external, ' +
            'not watched here), not configured (no media server in this process)',
        ),
    }),
  })
  .meta({ id: 'Readiness' });
export type Readiness = z.infer<typeof Readiness>;

/**
 * A comma-separated list of ids as a query carries it ("1,2, 3"; empty parts are skipped): a pattern, so the OpenAPI
 * document states what the list check refuses (decision record 064).
 */
export const idListText = (what: string) =>
  z
    .string()
    .check(...plainLine())
    .regex(/^\s*\d*\s*(,\s*\d*\s*)*$/, `Must be a comma-separated list of ${what} ids`);
