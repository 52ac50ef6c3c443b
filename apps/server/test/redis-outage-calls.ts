import type { EndpointName } from '@velora/shared';
import type { SuiteRole } from './endpoints/endpoint-world';

/**
 * The calls issue 11 found failing while Redis was away, each as a role that may make it: every one counts a rate
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
