import { call } from '@/lib/http/call';
import { reportError } from '@/lib/report-error';

/** The playdate events of product §3 (event/payment names): the member asked for, requested, extended or joined one. */
export type PlaydateEventName = 'playdate_ask' | 'playdate_request' | 'playdate_prolongation' | 'playdate_join';

/** POST /track {name, properties} (product §7). Tracking never stands in the way: a failure is reported, nothing else. */
export function trackPlaydate(name: PlaydateEventName, properties: Record<string, string | number | null>): void {
  call('visits.event', { body: { name, properties } }).catch((error: unknown) => reportError(error, { during: 'track playdate', name }));
}
