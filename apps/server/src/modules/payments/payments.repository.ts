import type { Period } from '@velora/shared';
import type { Queryable } from '../../db/database';

export type PaymentKind = 'subscription' | 'renewal' | 'coins';
export type PaymentStatus = 'pending' | 'succeeded' | 'failed' | 'cancelled' | 'refunded';

export interface PlanRow {
  id: number;
  token: string;
  name: string;
  period: Period;
  period_count: number;
  price_cents: number;
  currency: string;
  /** Marked by an admin (decision record 072). */
  recommended?: boolean;
}

export interface PackageRow {
  id: number;
  token: string;
  coins: number;
  bonus_coins: number;
  price_cents: number;
  currency: string;
}

export interface PaymentRow {
  id: number;
  public_id: string;
  user_id: number;
  provider: string;
  provider_reference: string | null;
  kind: PaymentKind;
  plan_id: number | null;
  package_id: number | null;
  subscription_id: number | null;
  coins: number | null;
  discount: string | null;
  discount_percent: number;
  net_cents: number;
  vat_rate_bp: number;
  vat_cents: number;
  amount_cents: number;
  currency: string;
  country: string | null;
  status: PaymentStatus;
  created_at: Date;
  /** Of the plan, for subscription and renewal payments. */
  plan_name: string | null;
  plan_period: Period | null;
  plan_period_count: number | null;
}

export interface NewPayment {
  publicId: string;
  userId: number;
  provider: string;
  kind: PaymentKind;
  planId: number | null;
  packageId: number | null;
  subscriptionId: number | null;
  coins: number | null;
  discount: string | null;
  discountPercent: number;
  netCents: number;
  vatRateBp: number;
  vatCents: number;
  amountCents: number;
  currency: string;
  country: string | null;
  createdAt: Date;
}

const PAYMENT_COLUMNS = `p.id, p.public_id, p.user_id, p.provider, p.provider_reference, p.kind, p.plan_id, p.package_id,
  p.subscription_id, p.coins, p.discount, p.discount_percent, p.net_cents, p.vat_rate_bp, p.vat_cents, p.amount_cents, p.currency,
  p.country, p.status, p.created_at,
  pl.name AS plan_name, pl.period AS plan_period, pl.period_count AS plan_period_count`;

export const paymentsRepository = {
  activePlans(db: Queryable): Promise<PlanRow[]> {
    return db.query<PlanRow>(
      'SELECT id, token, name, period, period_count, price_cents, currency, recommended FROM membership_plans WHERE active ORDER BY sort, id',
    );
  },

  async activePlan(db: Queryable, id: number): Promise<PlanRow | null> {
    const rows = await db.query<PlanRow>(
      'SELECT id, token, name, period, period_count, price_cents, currency FROM membership_plans WHERE id = $1 AND active',
      [id],
    );
    return rows[0] ?? null;
  },

  activePackages(db: Queryable): Promise<PackageRow[]> {
    return db.query<PackageRow>('SELECT id, token, coins, bonus_coins, price_cents, currency FROM coin_packages WHERE active ORDER BY sort, id');
  },

  async activePackage(db: Queryable, id: number): Promise<PackageRow | null> {
    const rows = await db.query<PackageRow>(
      'SELECT id, token, coins, bonus_coins, price_cents, currency FROM coin_packages WHERE id = $1 AND active',
      [id],
    );
    return rows[0] ?? null;
  },

  async insertPayment(db: Queryable, p: NewPayment): Promise<number> {
    const rows = await db.query<{ id: number }>(
      `INSERT INTO payments (public_id, user_id, provider, kind, plan_id, package_id, subscription_id, coins, discount, discount_percent,
                             net_cents, vat_rate_bp, vat_cents, amount_cents, currency, country, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17) RETURNING id`,
      [
        p.publicId, p.userId, p.provider, p.kind, p.planId, p.packageId, p.subscriptionId, p.coins, p.discount, p.discountPercent,
        p.netCents, p.vatRateBp, p.vatCents, p.amountCents, p.currency, p.country, p.createdAt,
      ],
    );
    return rows[0]!.id;
  },

  async setProviderReference(db: Queryable, id: number, reference: string): Promise<void> {
    await db.query('UPDATE payments SET provider_reference = $2 WHERE id = $1', [id, reference]);
  },

  async findPayment(db: Queryable, publicId: string): Promise<PaymentRow | null> {
    const rows = await db.query<PaymentRow>(
      `SELECT ${PAYMENT_COLUMNS} FROM payments p LEFT JOIN membership_plans pl ON pl.id = p.plan_id WHERE p.public_id = $1`,
      [publicId],
    );
    return rows[0] ?? null;
  },

  /** The payment, locked until the transaction ends: events of one payment are applied one after the other. */
  async lockPayment(tx: Queryable, provider: string, publicId: string): Promise<PaymentRow | null> {
    const rows = await tx.query<PaymentRow>(
      `SELECT ${PAYMENT_COLUMNS} FROM payments p LEFT JOIN membership_plans pl ON pl.id = p.plan_id
        WHERE p.public_id = $1 AND p.provider = $2 FOR NO KEY UPDATE OF p`,
      [publicId, provider],
    );
    return rows[0] ?? null;
  },

  /** Records a provider event; false when it was recorded before (a replay). */
  async insertEvent(tx: Queryable, e: { provider: string; eventId: string; type: string; paymentId: number | null; at: Date }): Promise<boolean> {
    const rows = await tx.query(
      `INSERT INTO payment_events (provider, event_id, type, payment_id, received_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (provider, event_id) DO NOTHING RETURNING event_id`,
      [e.provider, e.eventId, e.type, e.paymentId, e.at],
    );
    return rows.length > 0;
  },

  /** The outcome; the provider's reference is kept when the payment has none yet. */
  async settlePayment(tx: Queryable, id: number, s: { status: PaymentStatus; at: Date; subscriptionId?: number | null; reference?: string | null }): Promise<void> {
    await tx.query(
      `UPDATE payments SET status = $2, completed_at = $3, subscription_id = COALESCE($4, subscription_id),
              provider_reference = COALESCE(provider_reference, $5)
        WHERE id = $1`,
      [id, s.status, s.at, s.subscriptionId ?? null, s.reference ?? null],
    );
  },

  /**
   * premium_until of the member, locked: extensions of one member's membership happen one after the other. NO KEY:
   * rows that merely reference the member (a renewal payment being inserted) do not wait for it.
   */
  async lockPremiumUntil(tx: Queryable, userId: number): Promise<Date | null> {
    const rows = await tx.query<{ premium_until: Date | null }>('SELECT premium_until FROM users WHERE id = $1 FOR NO KEY UPDATE', [userId]);
    return rows[0]?.premium_until ?? null;
  },

  async setPremiumUntil(tx: Queryable, userId: number, until: Date): Promise<void> {
    await tx.query('UPDATE users SET premium_until = $2 WHERE id = $1', [userId, until]);
  },

  async insertSubscription(
    tx: Queryable,
    s: { userId: number; planId: number; token: string; provider: string; providerReference: string | null; startedAt: Date; periodEnd: Date },
  ): Promise<number> {
    const rows = await tx.query<{ id: number }>(
      `INSERT INTO subscriptions (user_id, plan_id, token, status, provider, provider_reference, started_at, current_period_end, created_at)
       VALUES ($1, $2, $3, 'active', $4, $5, $6, $7, $6) RETURNING id`,
      [s.userId, s.planId, s.token, s.provider, s.providerReference, s.startedAt, s.periodEnd],
    );
    return rows[0]!.id;
  },

  /** A new period: the plan bought last, the new end; `reactivate` undoes a cancellation (a new purchase renews again). */
  async extendSubscription(tx: Queryable, id: number, e: { planId: number; periodEnd: Date; reactivate: boolean }): Promise<void> {
    await tx.query(
      `UPDATE subscriptions SET plan_id = $2, current_period_end = $3,
              status = CASE WHEN $4 THEN 'active' ELSE status END,
              cancelled_at = CASE WHEN $4 THEN NULL ELSE cancelled_at END
        WHERE id = $1`,
      [id, e.planId, e.periodEnd, e.reactivate],
    );
  },

  async cancelSubscription(db: Queryable, id: number, at: Date): Promise<void> {
    await db.query(`UPDATE subscriptions SET status = 'cancelled', cancelled_at = $2 WHERE id = $1 AND status = 'active'`, [id, at]);
  },

  async resumeSubscription(db: Queryable, id: number): Promise<void> {
    await db.query(`UPDATE subscriptions SET status = 'active', cancelled_at = NULL WHERE id = $1 AND status = 'cancelled'`, [id]);
  },

  /** Ends a subscription whose period is over (a failed renewal). */
  async expireSubscription(tx: Queryable, id: number, now: Date): Promise<void> {
    await tx.query(`UPDATE subscriptions SET status = 'expired' WHERE id = $1 AND status IN ('active', 'cancelled') AND current_period_end <= $2`, [
      id,
      now,
    ]);
  },

  /** Cancelled subscriptions whose period is over become expired; returns how many. */
  async expireCancelled(db: Queryable, now: Date): Promise<number> {
    const rows = await db.query(`UPDATE subscriptions SET status = 'expired' WHERE status = 'cancelled' AND current_period_end <= $1 RETURNING id`, [now]);
    return rows.length;
  },

  /** Active subscriptions whose period is over, the longest overdue first. */
  dueForRenewal(db: Queryable, now: Date, limit: number): Promise<Array<{ id: number; user_id: number }>> {
    return db.query<{ id: number; user_id: number }>(
      `SELECT id, user_id FROM subscriptions WHERE status = 'active' AND current_period_end <= $1 ORDER BY current_period_end, id LIMIT $2`,
      [now, limit],
    );
  },

  /** The renewal payment of a subscription that is still waiting for the provider, if any. */
  async pendingRenewal(tx: Queryable, subscriptionId: number): Promise<PaymentRow | null> {
    const rows = await tx.query<PaymentRow>(
      `SELECT ${PAYMENT_COLUMNS} FROM payments p LEFT JOIN membership_plans pl ON pl.id = p.plan_id
        WHERE p.subscription_id = $1 AND p.kind = 'renewal' AND p.status = 'pending' ORDER BY p.id DESC LIMIT 1`,
      [subscriptionId],
    );
    return rows[0] ?? null;
  },

  /** The country the subscription's last successful payment was taxed for: its renewals are taxed for the same one. */
  async lastTaxCountry(tx: Queryable, subscriptionId: number): Promise<string | null> {
    const rows = await tx.query<{ country: string | null }>(
      `SELECT country FROM payments WHERE subscription_id = $1 AND status = 'succeeded' ORDER BY id DESC LIMIT 1`,
      [subscriptionId],
    );
    return rows[0]?.country ?? null;
  },
};
