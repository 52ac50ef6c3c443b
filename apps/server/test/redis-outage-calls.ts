import { ENDPOINTS, type EndpointName } from '@velora/shared';
import { requestOf, validParts } from './endpoints/endpoint-requests';
import type { EndpointWorld, SuiteRole } from './endpoints/endpoint-world';

/**
 * The calls that failed while Redis was away before decision 027, each as a role that may make it: every one counts a rate
 * limit. The outage tests (src/composition/redis-outage.test.ts) and the bench (bench/redis-outage.bench.ts) make them.
 */
export const REDIS_OUTAGE_CALLS: readonly [EndpointName, SuiteRole][] = [
  ['auth.login', 'visitor'],
  ['messages.send', 'premium'],
  ['comments.post', 'member'],
  ['coins.tip', 'premium'],
  ['pages.captcha', 'visitor'],
  ['payments.checkout', 'member'],
];

/** One of those calls as its role, timing only the request (the session and the body are made before it). */
export async function timedCall(world: EndpointWorld, name: EndpointName, role: SuiteRole): Promise<{ status: number; ms: number }> {
  const endpoint = ENDPOINTS[name];
  const request = requestOf(endpoint, await validParts(name, endpoint, world, role));
  const token = await world.tokenFor(role);
  const started = performance.now();
  const res = await world.send({ ...request, token });
  return { status: res.statusCode, ms: performance.now() - started };
}
