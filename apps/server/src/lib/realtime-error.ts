import type { RealtimeErrorCode } from '@velora/shared';

/**
 * A refusal a realtime handler (or a room kind's authorize) throws on purpose: the connection is acknowledged with
 * `{ ok: false, error: { code, message } }`. Any other exception is acknowledged as INTERNAL and logged.
 */
export class RealtimeError extends Error {
  constructor(
    readonly code: RealtimeErrorCode,
    message: string,
    readonly extra: { fields?: Record<string, string>; retry_after_ms?: number } = {},
  ) {
    super(message);
    this.name = 'RealtimeError';
  }
}
