import type { Profile, Subscription } from '@velora/shared';
import type { Queryable } from '../../db/database';
import type { Platform } from '../../platform';
import { subscriptionsRepository, type SubscriptionRow, type SubscriptionStatus } from './subscriptions.repository';

export type { SubscriptionRow, SubscriptionStatus };

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
 * Reading a member's running subscription. A module of its own below users and payments: the users module shows it
 * on the profile, and the payments module (which uses the users service) starts, renews and ends subscriptions.
 */
export function createSubscriptionsService({ db }: Pick<Platform, 'db'>) {
  return {
    /**
     * 'active' (renewing, or awaiting its renewal) or 'cancelled' (runs to its period end, when the renewal job expires
     * it). In a transaction `tx` with `lock`, the row stays locked until it ends.
     */
    running: (userId: number, tx: Queryable = db, lock = false): Promise<SubscriptionRow | null> =>
      subscriptionsRepository.running(tx, userId, lock),

    /** One subscription, locked in the transaction `tx`. */
    lock: (tx: Queryable, id: number): Promise<SubscriptionRow | null> => subscriptionsRepository.lock(tx, id),

    async current(userId: number): Promise<Subscription | null> {
      const s = await subscriptionsRepository.running(db, userId);
      return s ? toSubscription(s) : null;
    },

    /** product §3 profile.subscription: the plan's name and the subscription's public token. */
    async profileSubscription(userId: number): Promise<Profile['subscription']> {
      const s = await subscriptionsRepository.running(db, userId);
      return s ? { type: { name: s.plan_name, token: s.token, period: s.plan_period, period_count: s.plan_period_count } } : null;
    },
  };
}
export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;
