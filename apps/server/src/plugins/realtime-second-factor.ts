import { REALTIME_ERROR_CODES } from '@velora/shared';
import { RealtimeError } from '../lib/realtime-error';
import type { RealtimeEventContext } from '../lib/realtime-hub';
import { secondFactorRefusalOf } from './auth';

/**
 * A staff write over the realtime channel (a model writing in her own chat or playdate room) needs what a studio call
 * needs (decision record 070): a session that proved its second factor lately. Refused FORBIDDEN with the refusal's
 * code as the detail, the same codes the HTTP answers carry.
 */
export async function requireSecondFactorOnRealtime(context: RealtimeEventContext, nowMs: number): Promise<void> {
  const auth = await context.session();
  if (!auth) throw new RealtimeError(REALTIME_ERROR_CODES.unauthorized, 'Your session has ended: log in again');
  const refusal = secondFactorRefusalOf(auth, nowMs);
  if (refusal) throw new RealtimeError(REALTIME_ERROR_CODES.forbidden, refusal.message, { detail: refusal.code });
}
