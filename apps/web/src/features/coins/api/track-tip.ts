import type { TipResult } from '@velora/shared';
import { call } from '@/lib/http/call';
import { reportError } from '@/lib/report-error';

/** POST /track {name: 'model_tip', properties} (product §3, §7). A failure is reported and changes nothing else. */
export function trackTip(result: TipResult): void {
  call('visits.event', { body: { name: 'model_tip', properties: { tip_id: result.tip_id, model_id: result.model_id, coins: result.coins } } }).catch(
    (error: unknown) => reportError(error, { during: 'track tip' }),
  );
}
