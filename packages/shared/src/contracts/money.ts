import { z } from 'zod';
import { PERIODS } from '../constants';
import { clampPage } from '../rules/page-query';
import { plainLine } from './common';

// Money (decision 016): membership plans, coin packages, checkout through a payment provider, coins and tips.
// Money amounts are integer cents of `currency`; coins are whole numbers. Prices are computed on the server
// (discount, then VAT by country) and the checkout charges exactly what the list showed.

const pageParam = z
  .string()
  .regex(/^-?\d+$/, 'Must be a whole number')
  .optional()
  .transform((v) => clampPage(v));

export const Price = z
  .object({
    /** What is charged: net + VAT. */
    amount_cents: z.number().int(),
    net_cents: z.number().int(),
    vat_cents: z.number().int(),
    /** Basis points: 1900 = 19 %. 0 when the `vat` feature is off or the country has none. */
    vat_rate_bp: z.number().int(),
    currency: z.string().length(3),
    /** The charged amount without the discount, when one applies; null otherwise. */
    original_amount_cents: z.number().int().nullable(),
    /** The feature name of the discount that applies (product §9), or null. */
    discount: z.string().nullable(),
    discount_percent: z.number().int(),
  })
  .meta({ id: 'Price' });
export type Price = z.infer<typeof Price>;

export const MembershipPlan = z
  .object({
    id: z.number().int(),
    token: z.string(),
    name: z.string(),
    period: z.enum(PERIODS),
    period_count: z.number().int(),
    price: Price,
    /** Present (true) on the plan an admin marked as recommended; otherwise the paywall recommends the best value. */
    recommended: z.literal(true).optional(),
  })
  .meta({ id: 'MembershipPlan' });
export type MembershipPlan = z.infer<typeof MembershipPlan>;

/** GET /payments/plans */
export const MembershipPlans = z
  .object({
    plans: z.array(MembershipPlan),
    /** The country prices were computed for (VAT), or null. */
    country: z.string().nullable(),
  })
  .meta({ id: 'MembershipPlans' });
export type MembershipPlans = z.infer<typeof MembershipPlans>;

export const CoinPackage = z
  .object({
    id: z.number().int(),
    token: z.string(),
    coins: z.number().int(),
    bonus_coins: z.number().int(),
    price: Price,
  })
  .meta({ id: 'CoinPackage' });
export type CoinPackage = z.infer<typeof CoinPackage>;

/** GET /payments/coin_packages (451 for law-limited users: product §4, SE). */
export const CoinPackages = z.object({ packages: z.array(CoinPackage), country: z.string().nullable() }).meta({ id: 'CoinPackages' });
export type CoinPackages = z.infer<typeof CoinPackages>;

/** POST /payments/checkout: starts a payment; the browser goes to checkout_url (the provider's hosted page). */
export const CheckoutBody = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('subscription'), plan_id: z.number().int().positive() }),
  z.object({ kind: z.literal('coins'), package_id: z.number().int().positive() }),
]);
export type CheckoutBody = z.infer<typeof CheckoutBody>;
export const Checkout = z.object({ payment_id: z.string(), checkout_url: z.string() }).meta({ id: 'Checkout' });
export type Checkout = z.infer<typeof Checkout>;

/** Where the provider sends the browser back: `/paywall?payment={id}` or `/?payment={id}` (coins); the app asks for the status. */
export const PAYMENT_RETURN_PARAM = 'payment';

export const PaymentStatus = z.enum(['pending', 'succeeded', 'failed', 'cancelled', 'refunded']);
/** GET /payments/{id}: the viewer's own payment only (404 otherwise). */
export const Payment = z
  .object({
    id: z.string(),
    kind: z.enum(['subscription', 'renewal', 'coins']),
    status: PaymentStatus,
    amount_cents: z.number().int(),
    currency: z.string().length(3),
    plan: z.object({ name: z.string(), period: z.enum(PERIODS), period_count: z.number().int() }).nullable(),
    coins: z.number().int().nullable(),
    created_at: z.number().int().describe('Unix ms'),
  })
  .meta({ id: 'Payment' });
export type Payment = z.infer<typeof Payment>;
export const PaymentIdParam = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'Must be a payment id') });

/** The running subscription (also on the profile as `subscription`). */
export const Subscription = z
  .object({
    token: z.string(),
    status: z.enum(['active', 'cancelled', 'expired']),
    plan: z.object({ name: z.string(), token: z.string(), period: z.enum(PERIODS), period_count: z.number().int() }),
    /** Unix seconds, like premium_until. */
    current_period_end: z.number().int(),
    /** Cancelled: it runs to current_period_end and does not renew. */
    renews: z.boolean(),
  })
  .meta({ id: 'Subscription' });
export type Subscription = z.infer<typeof Subscription>;
/** GET /payments/subscription → { subscription | null }; POST /payments/subscription/cancel, /resume → the same. */
export const SubscriptionResponse = z.object({ subscription: Subscription.nullable() }).meta({ id: 'SubscriptionResponse' });
export type SubscriptionResponse = z.infer<typeof SubscriptionResponse>;

/** POST /coins/tip (law-limited: 451 for SE). The idempotency key makes a retried tip book once. */
export const TIP_MIN_COINS = 1;
export const TIP_MAX_COINS = 10_000;
export const TipBody = z.object({
  model_id: z.number().int().positive(),
  coins: z
    .number()
    .int('Must be a whole number of coins')
    .min(TIP_MIN_COINS, `Must be at least ${TIP_MIN_COINS} coin`)
    .max(TIP_MAX_COINS, `Must be at most ${TIP_MAX_COINS} coins`),
  idempotency_key: z
    .string()
    .trim()
    .min(8)
    .max(64)
    // A NUL would reach PostgreSQL as a 500; no client key needs a control character.
    .check(...plainLine())
    .optional(),
});
export type TipBody = z.infer<typeof TipBody>;
export const TipResult = z
  .object({
    tip_id: z.number().int(),
    model_id: z.number().int(),
    coins: z.number().int(),
    /** The member's coins after the tip. */
    balance: z.number().int(),
  })
  .meta({ id: 'TipResult' });
export type TipResult = z.infer<typeof TipResult>;
/** A tip the balance does not cover: 409 with this code. */
export const INSUFFICIENT_COINS = 'INSUFFICIENT_COINS';

/** GET /coins/balance */
export const CoinBalance = z.object({ coins: z.number().int() }).meta({ id: 'CoinBalance' });

/** Server → the member's connections: his coins changed on the server (a paid-chat minute, a purchase): CoinBalance. */
export const REALTIME_MONEY_EVENTS = { balance: 'coins:balance' } as const;

/** GET /user/get_payment_history?page: what the user paid (money) and spent or received (coins), newest first. */
export const PaymentHistoryQuery = z.object({ page: pageParam });
export const PaymentHistoryItem = z
  .object({
    id: z.string().describe('payment:<id> or coins:<id>'),
    kind: z.enum(['subscription', 'renewal', 'coins', 'tip', 'paid_chat', 'private_playdate', 'grant', 'refund']),
    description: z.string(),
    /** Money paid, for payments; null for coin movements. */
    amount_cents: z.number().int().nullable(),
    currency: z.string().nullable(),
    /** Coins credited (+) or spent (−); null for a membership payment. */
    coins: z.number().int().nullable(),
    /** The plan of a membership payment (subscription, renewal), so the reader's language can name it; else null. */
    plan: z.object({ period: z.enum(PERIODS), period_count: z.number().int() }).nullable(),
    /** The model a tip or a paid chat went to; else null. */
    model_name: z.string().nullable(),
    status: PaymentStatus,
    created_at: z.number().int().describe('Unix ms'),
  })
  .meta({ id: 'PaymentHistoryItem' });
export type PaymentHistoryItem = z.infer<typeof PaymentHistoryItem>;
export const PaymentHistory = z
  .object({
    items: z.array(PaymentHistoryItem),
    page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
    pages: z.number().int(),
  })
  .meta({ id: 'PaymentHistory' });
export type PaymentHistory = z.infer<typeof PaymentHistory>;
export const PAYMENT_HISTORY_PER_PAGE = 20;

/** POST /payments/webhook/{provider}: the provider's signed event, applied once per event id. */
export const PaymentProviderParam = z.object({ provider: z.string().regex(/^[a-z0-9_-]{1,32}$/, 'Must be a payment provider name') });
export const WebhookResult = z.object({ status: z.enum(['processed', 'duplicate', 'ignored']) });
/** A button of the sandbox checkout page (an HTML form post). */
export const SandboxPaymentActionBody = z.object({ action: z.enum(['pay', 'decline', 'cancel'], { message: 'Must be pay, decline or cancel' }) });
