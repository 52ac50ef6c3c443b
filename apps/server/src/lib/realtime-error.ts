import type { RealtimeErrorCode } from '@velora/shared';

/** The channel's own codes, or a module's (CHAT_ERROR_CODES of camera chat: CHAT_MUTED, CHAT_FILTERED, …). */
export type RealtimeRefusalCode = RealtimeErrorCode | (string & {});

/**
 * A refusal a realtime handler (or a room kind's authorize) throws on purpose: the connection is acknowledged with
 * `{ ok: false, error: { code, message } }`. Any other exception is acknowledged as INTERNAL and logged.
 */
export class RealtimeError extends Error {
  constructor(
    readonly code: RealtimeRefusalCode,
    message: string,
    readonly extra: { fields?: Record<string, string>; retry_after_ms?: number; detail?: string } = {},
  ) {
    super(message);
    this.name = 'RealtimeError';
  }
}
