import type { Period } from '@velora/shared';
import type { Queryable } from '../../db/database';

// Reading subscriptions: the member's running one for the profile and for payments. The payments module writes them.

export type SubscriptionStatus = 'active' | 'cancelled' | 'expired';

export interface SubscriptionRow {
  id: number;
  user_id: number;
  token: string;
  status: SubscriptionStatus;
  provider: string;
  provider_reference: string | null;
  current_period_end: Date;
  plan_id: number;
  plan_token: string;
  plan_name: string;
  plan_period: Period;
  plan_period_count: number;
  plan_price_cents: number;
  plan_currency: string;
}

const SUBSCRIPTION_COLUMNS = `s.id, s.user_id, s.token, s.status, s.provider, s.provider_reference, s.current_period_end, s.plan_id,
  pl.token AS plan_token, pl.name AS plan_name, pl.period AS plan_period, pl.period_count AS plan_period_count,
  pl.price_cents AS plan_price_cents, pl.currency AS plan_currency`;

export const subscriptionsRepository = {
  /** The member's running subscription ('active' or 'cancelled'; at most one), optionally locked. */
  async running(db: Queryable, userId: number, lock = false): Promise<SubscriptionRow | null> {
    const rows = await db.query<SubscriptionRow>(
      `SELECT ${SUBSCRIPTION_COLUMNS} FROM subscriptions s JOIN membership_plans pl ON pl.id = s.plan_id
        WHERE s.user_id = $1 AND s.status IN ('active', 'cancelled')${lock ? ' FOR NO KEY UPDATE OF s' : ''}`,
      [userId],
    );
    return rows[0] ?? null;
  },

  async lock(tx: Queryable, id: number): Promise<SubscriptionRow | null> {
    const rows = await tx.query<SubscriptionRow>(
      `SELECT ${SUBSCRIPTION_COLUMNS} FROM subscriptions s JOIN membership_plans pl ON pl.id = s.plan_id WHERE s.id = $1 FOR NO KEY UPDATE OF s`,
      [id],
    );
    return rows[0] ?? null;
  },
};
