import type { Profile, Subscription } from '@velora/shared';
import type { Queryable } from '../../db/database';
import { paymentsRepository, type SubscriptionRow } from './payments.repository';

const toUnixSeconds = (d: Date) => Math.floor(d.getTime() / 1000);

export function toSubscription(s: SubscriptionRow): Subscription {
  return {
    token: s.token,
    status: s.status,
    plan: { name: s.plan_name, token: s.plan_token, period: s.plan_period, period_count: s.plan_period_count },
    current_period_end: toUnixSeconds(s.current_period_end),
    renews: s.status === 'active',
  };
}

/**
 * Reading a member's running subscription. This service needs only its own repository, so the users module may
 * use it for the profile without an import cycle (the payments service uses the users service).
 */
export function createSubscriptionsService(db: Queryable) {
  /** 'active' (renewing, or awaiting its renewal) or 'cancelled' (runs to its period end, when the renewal job expires it). */
  const running = (userId: number): Promise<SubscriptionRow | null> => paymentsRepository.runningSubscription(db, userId);

  return {
    running,

    async current(userId: number): Promise<Subscription | null> {
      const s = await running(userId);
      return s ? toSubscription(s) : null;
    },

    /** SPEC §3 profile.subscription: the plan's name and the subscription's public token. */
    async profileSubscription(userId: number): Promise<Profile['subscription']> {
      const s = await running(userId);
      return s ? { type: { name: s.plan_name, token: s.token } } : null;
    },
  };
}
export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;
