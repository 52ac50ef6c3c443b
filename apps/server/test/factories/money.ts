import { paymentsRepository, type PaymentKind, type PaymentStatus } from '../../src/modules/payments/payments.repository';
import { nextNumber, uniqueName, type FactoryContext } from './context';

// Coins go through the coins service's ledger (a grant from the house), so balances and entries always agree.
// Payments are written by the payments repository, as a checkout and its webhook write them. Plans and coin packages
// are the shop's price list, loaded by the seed (no service writes them): inserted here.

/** Gives a member coins from the house, as support does; returns the new balance. */
export async function giveCoins(t: FactoryContext, userId: number, coins: number, reason = 'Test coins'): Promise<number> {
  return (await t.services.coins.grant(userId, coins, reason, uniqueName('factory-grant'))).balance;
}

export interface PlanRow {
  id: number;
  token: string;
  name: string;
  period: 'DAY' | 'MONTH';
  period_count: number;
  price_cents: number;
  currency: string;
  active: boolean;
}

export async function createPlan(
  t: FactoryContext,
  o: { token?: string; name?: string; period?: 'DAY' | 'MONTH'; periodCount?: number; priceCents?: number; active?: boolean; sort?: number } = {},
): Promise<PlanRow> {
  const [row] = await t.deps.db.query<PlanRow>(
    `INSERT INTO membership_plans (token, name, period, period_count, price_cents, active, sort) VALUES ($1, $2, $3, $4, $5, $6, $7)
     RETURNING id, token, name, period, period_count, price_cents, currency, active`,
    [o.token ?? uniqueName('plan'), o.name ?? 'Premium monthly', o.period ?? 'MONTH', o.periodCount ?? 1, o.priceCents ?? 1000, o.active ?? true, o.sort ?? 0],
  );
  return row!;
}

/** Takes a plan off sale or puts it back, as the shop's staff do (the seed's plans are named by token). */
export async function setPlanActive(t: FactoryContext, token: string, active: boolean): Promise<void> {
  await t.deps.db.query('UPDATE membership_plans SET active = $2 WHERE token = $1', [token, active]);
}

export interface CoinPackageRow {
  id: number;
  token: string;
  coins: number;
  bonus_coins: number;
  price_cents: number;
  currency: string;
}

export async function createCoinPackage(
  t: FactoryContext,
  o: { token?: string; coins?: number; bonusCoins?: number; priceCents?: number } = {},
): Promise<CoinPackageRow> {
  const [row] = await t.deps.db.query<CoinPackageRow>(
    `INSERT INTO coin_packages (token, coins, bonus_coins, price_cents) VALUES ($1, $2, $3, $4)
     RETURNING id, token, coins, bonus_coins, price_cents, currency`,
    [o.token ?? uniqueName('coins'), o.coins ?? 100, o.bonusCoins ?? 0, o.priceCents ?? 999],
  );
  return row!;
}

export interface PaymentOverrides {
  userId: number;
  kind?: PaymentKind;
  /** A subscription's or renewal's plan: a new plan unless given. */
  planId?: number;
  /** A coin purchase's package: a new one of `coins` coins unless given. */
  packageId?: number;
  coins?: number;
  status?: PaymentStatus;
  amountCents?: number;
  vatCents?: number;
  vatRateBp?: number;
  publicId?: string;
  createdAt?: Date;
  /** When the provider settled it (default `createdAt`); a pending payment has none. */
  completedAt?: Date;
}

/** A payment as a checkout starts it and the provider's webhook settles it (succeeded unless told otherwise). */
export async function createPayment(t: FactoryContext, o: PaymentOverrides): Promise<{ id: number; publicId: string }> {
  const { db } = t.deps;
  const kind = o.kind ?? 'coins';
  const coins = kind === 'coins' ? (o.coins ?? 100) : null;
  const amountCents = o.amountCents ?? 1190;
  const vatCents = o.vatCents ?? 190;
  const publicId = o.publicId ?? `pay_factory_${nextNumber()}_xxxxxx`;
  const createdAt = o.createdAt ?? t.deps.now();
  const id = await paymentsRepository.insertPayment(db, {
    publicId,
    userId: o.userId,
    provider: 'sandbox',
    kind,
    planId: kind === 'coins' ? null : (o.planId ?? (await createPlan(t)).id),
    packageId: kind === 'coins' ? (o.packageId ?? (await createCoinPackage(t, { coins: coins! })).id) : null,
    subscriptionId: null,
    coins,
    discount: null,
    discountPercent: 0,
    netCents: amountCents - vatCents,
    vatRateBp: o.vatRateBp ?? 1900,
    vatCents,
    amountCents,
    currency: 'EUR',
    country: null,
    createdAt,
  });
  const status = o.status ?? 'succeeded';
  if (status !== 'pending') await paymentsRepository.settlePayment(db, id, { status, at: o.completedAt ?? createdAt });
  return { id, publicId };
}
