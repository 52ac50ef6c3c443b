import { randomBytes } from 'node:crypto';
import path from 'node:path';
import {
  DEFAULT_LANGUAGE,
  PAYMENT_RETURN_PARAM,
  isLanguage,
  activeDiscount,
  addPeriods,
  isFeatureActive,
  priceFor,
  vatRateFor,
  type Checkout,
  type CheckoutBody,
  type CoinPackages,
  type FeatureMapT,
  type MembershipPlans,
  type Payment,
  type Price,
  type SubscriptionResponse,
} from '@velora/shared';
import type { Platform } from '../../platform';
import { isUniqueViolation, type Queryable } from '../../db/database';
import { generatedKey, secretsDir } from '../../lib/generated-key';
import { HttpError, conflict, notFound, tooManyRequests } from '../../lib/http-error';
import { RATE_LIMITS } from '../../lib/rate-limits';
import { isDbId } from '../../lib/paging';
import type { CoinsService } from '../coins/coins.service';
import type { FeaturesService } from '../features/features.service';
import type { SettingsService } from '../settings/settings.service';
import type { SubscriptionRow, SubscriptionsService } from '../subscriptions/subscriptions.service';
import type { UsersService } from '../users/users.service';
import type { VisitsService } from '../visits/visits.service';
import type { PaymentEvent, PaymentProvider, ProviderPayment, WebhookDelivery } from './payment-provider';
import { paymentsRepository as repo, type PackageRow, type PaymentRow, type PlanRow } from './payments.repository';
import { createSandboxProvider, type SandboxOutcome, type SandboxProvider } from './sandbox-provider';

/** Checkouts a member may start per window: enough for changing one's mind, not for hammering the provider. */
/** A renewal the provider has not answered for this long is asked for again (the provider's charge is idempotent). */
export const RENEWAL_RETRY_AFTER_MS = 15 * 60_000;

export type WebhookOutcome = 'processed' | 'duplicate' | 'ignored';

/** Who is looking at prices or buying: a member or a visitor, and the visit (its country decides VAT). */
export interface Buyer {
  userId: number | null;
  visitId: string | null;
}

interface PricingContext {
  country: string | null;
  features: FeatureMapT;
  /** VAT rates by country as the back office keeps them (decision record 072). */
  vatRates: Record<string, number>;
}

export interface Logger {
  warn(obj: object, msg: string): void;
}

const newPublicId = () => `pay_${randomBytes(16).toString('base64url')}`;
const newSubscriptionToken = () => `sub_${randomBytes(16).toString('base64url')}`;

export const paymentsUnavailable = () => new HttpError(503, 'PAYMENTS_UNAVAILABLE', 'Payments are not available right now. Please try again later.');

/** PAYMENT_WEBHOOK_SECRET, else a key generated once in DATA_DIR/secrets/payment-webhook.key. */
export function webhookSecret(config: Pick<Platform['config'], 'dataDir' | 'paymentWebhookSecret'>): string {
  return config.paymentWebhookSecret ?? generatedKey(path.join(secretsDir(config.dataDir), 'payment-webhook.key'));
}

/** The configured provider; `deliver` is how the sandbox's webhooks reach our webhook route. */
export function paymentProviderFor(deps: Pick<Platform, 'config' | 'now'>, deliver: WebhookDelivery): PaymentProvider | null {
  if (deps.config.paymentProvider !== 'sandbox') return null;
  return createSandboxProvider({ secret: webhookSecret(deps.config), now: deps.now, deliver });
}

export const isSandbox = (provider: PaymentProvider | null): provider is SandboxProvider => provider?.name === 'sandbox' && 'complete' in provider;

const returnPathOf = (kind: PaymentRow['kind'], publicId: string) =>
  `${kind === 'coins' ? '/' : '/paywall'}?${PAYMENT_RETURN_PARAM}=${encodeURIComponent(publicId)}`;

const describePlan = (name: string, renewal = false) => `${name} membership${renewal ? ' (renewal)' : ''}`;
const describeCoins = (coins: number) => `${coins.toLocaleString('en-GB')} coins`;
const describePayment = (p: PaymentRow) => (p.kind === 'coins' ? describeCoins(p.coins ?? 0) : describePlan(p.plan_name ?? 'Premium', p.kind === 'renewal'));

function toPayment(p: PaymentRow): Payment {
  return {
    id: p.public_id,
    kind: p.kind,
    status: p.status,
    amount_cents: p.amount_cents,
    currency: p.currency,
    plan: p.plan_name === null ? null : { name: p.plan_name, period: p.plan_period!, period_count: p.plan_period_count! },
    coins: p.coins,
    created_at: p.created_at.getTime(),
  };
}

const toProviderPayment = (p: PaymentRow): ProviderPayment => ({
  publicId: p.public_id,
  kind: p.kind,
  amountCents: p.amount_cents,
  currency: p.currency,
  description: describePayment(p),
  returnPath: returnPathOf(p.kind, p.public_id),
});

/**
 * Money at the payment provider (decision record 016): plans and coin packages priced per buyer, checkouts whose
 * amounts are fixed when they start, provider webhooks applied exactly once, subscriptions and their renewals.
 */
export interface PaymentsDeps extends Pick<Platform, 'db' | 'config' | 'now' | 'rateLimits'> {
  log: Logger;
  /** The configured provider (paymentProviderFor), or null when payments are off. */
  provider: PaymentProvider | null;
  users: UsersService;
  visits: VisitsService;
  features: FeaturesService;
  coins: CoinsService;
  subscriptions: SubscriptionsService;
  settings: Pick<SettingsService, 'vatRates'>;
}

export function createPaymentsService(deps: PaymentsDeps) {
  const { db, now, rateLimits, log, provider, users, visits, features, coins, subscriptions, settings } = deps;

  /** VAT follows where the buyer is now; discounts follow their feature flags (a member's include their own). */
  async function pricingContext(buyer: Buyer): Promise<PricingContext> {
    const vatRates = await settings.vatRates();
    if (buyer.userId !== null) return { ...(await users.countryAndFeatures(buyer.userId, buyer.visitId)), vatRates };
    const visit = buyer.visitId ? await visits.findById(buyer.visitId) : null;
    return { country: visit?.country?.trim().toUpperCase() || null, features: await features.forVisit(visit?.campaign ?? null), vatRates };
  }
  const vatOf = (ctx: PricingContext) => vatRateFor(ctx.country, isFeatureActive(ctx.features, 'vat'), ctx.vatRates);
  const planPrice = (plan: PlanRow, ctx: PricingContext): Price => priceFor(plan.price_cents, plan.currency, activeDiscount(ctx.features, 'plan'), vatOf(ctx));
  const packagePrice = (pkg: PackageRow, ctx: PricingContext): Price => priceFor(pkg.price_cents, pkg.currency, activeDiscount(ctx.features, 'coins'), vatOf(ctx));

  async function ownRunning(userId: number): Promise<SubscriptionRow> {
    const s = await subscriptions.running(userId);
    if (!s) throw notFound('You have no running membership subscription');
    return s;
  }

  /** A succeeded subscription or renewal payment: a new period from the later of now and the paid-up time. */
  async function activateMembership(tx: Queryable, payment: PaymentRow, at: Date): Promise<number> {
    // The member row first: two payments of one member are applied one after the other.
    const premiumUntil = await repo.lockPremiumUntil(tx, payment.user_id);
    const running = await subscriptions.running(payment.user_id, tx, true);
    const base = Math.max(at.getTime(), premiumUntil?.getTime() ?? 0, running?.current_period_end.getTime() ?? 0);
    const end = addPeriods(new Date(base), payment.plan_period!, payment.plan_period_count!);
    let subscriptionId: number;
    if (running) {
      // Buying a plan renews again (undoes a cancellation); a renewal that was charged leaves the member's choice as it is.
      await repo.extendSubscription(tx, running.id, { planId: payment.plan_id!, periodEnd: end, reactivate: payment.kind === 'subscription' });
      subscriptionId = running.id;
    } else {
      subscriptionId = await repo.insertSubscription(tx, {
        userId: payment.user_id,
        planId: payment.plan_id!,
        token: newSubscriptionToken(),
        provider: payment.provider,
        providerReference: payment.provider_reference,
        startedAt: at,
        periodEnd: end,
      });
    }
    await repo.setPremiumUntil(tx, payment.user_id, end);
    return subscriptionId;
  }

  /** The effect of one new event on its (locked) payment. */
  async function apply(tx: Queryable, event: PaymentEvent, payment: PaymentRow, at: Date): Promise<WebhookOutcome> {
    if (event.type === 'payment.succeeded') {
      // Money taken after a decline (a provider's retry) still counts; a payment is never granted twice.
      if (payment.status === 'succeeded' || payment.status === 'refunded') return 'ignored';
      let subscriptionId: number | null = null;
      if (payment.kind === 'coins') {
        await coins.creditPurchase(tx, { userId: payment.user_id, coins: payment.coins!, paymentId: payment.id, idempotencyKey: `payment:${payment.id}` });
      } else {
        subscriptionId = await activateMembership(tx, payment, at);
      }
      await repo.settlePayment(tx, payment.id, { status: 'succeeded', at, subscriptionId, reference: event.reference });
      return 'processed';
    }
    if (payment.status !== 'pending') return 'ignored';
    await repo.settlePayment(tx, payment.id, { status: event.type === 'payment.failed' ? 'failed' : 'cancelled', at, reference: event.reference });
    // A renewal that could not be charged ends the subscription (its paid period is over); no dunning retries.
    if (payment.kind === 'renewal' && payment.subscription_id !== null) await repo.expireSubscription(tx, payment.subscription_id, at);
    return 'processed';
  }

  async function trackSuccess(payment: PaymentRow): Promise<void> {
    try {
      await visits.trackEvent({
        name: 'success_buy',
        properties: {
          type: payment.kind === 'coins' ? 'charge_coins' : 'buy_subscription',
          renewal: payment.kind === 'renewal',
          payment: payment.public_id,
          amount_cents: payment.amount_cents,
          currency: payment.currency,
          source: 'server',
        },
        userId: payment.user_id,
        visitId: null,
      });
    } catch (error) {
      log.warn({ err: error }, 'could not record the success_buy event');
    }
  }

  /** Creates the renewal payment of a due subscription, or finds the one waiting; null when there is nothing to charge. */
  async function claimRenewal(subscriptionId: number, userId: number, at: Date): Promise<{ payment: PaymentRow; subscription: SubscriptionRow } | null> {
    if (!provider) return null;
    // Read outside the transaction: PGlite has one connection, and the flags need no lock.
    const { features: flags } = await users.countryAndFeatures(userId, null);
    const vatRates = await settings.vatRates();
    try {
      return await db.transaction(async (tx) => {
        const s = await subscriptions.lock(tx, subscriptionId);
        if (!s || s.status !== 'active' || s.current_period_end.getTime() > at.getTime()) return null;
        const pending = await repo.pendingRenewal(tx, s.id);
        if (pending) return pending.created_at.getTime() <= at.getTime() - RENEWAL_RETRY_AFTER_MS ? { payment: pending, subscription: s } : null;
        // The plan's price today, taxed for the country of the last payment; campaign discounts are for new purchases.
        const country = await repo.lastTaxCountry(tx, s.id);
        const price = priceFor(s.plan_price_cents, s.plan_currency, null, vatRateFor(country, isFeatureActive(flags, 'vat'), vatRates));
        const publicId = newPublicId();
        await repo.insertPayment(tx, {
          publicId,
          userId: s.user_id,
          provider: provider.name,
          kind: 'renewal',
          planId: s.plan_id,
          packageId: null,
          subscriptionId: s.id,
          coins: null,
          discount: null,
          discountPercent: 0,
          netCents: price.net_cents,
          vatRateBp: price.vat_rate_bp,
          vatCents: price.vat_cents,
          amountCents: price.amount_cents,
          currency: price.currency,
          country,
          createdAt: at,
        });
        return { payment: (await repo.findPayment(tx, publicId))!, subscription: s };
      });
    } catch (error) {
      // Another run created this period's renewal a moment ago: it charges it.
      if (isUniqueViolation(error, 'payments_one_pending_renewal')) return null;
      throw error;
    }
  }

  /** The sandbox page's view of a payment still waiting for the member, or null. */
  async function sandboxCheckout(publicId: string) {
    if (!isSandbox(provider)) return null;
    const p = await repo.findPayment(db, publicId);
    if (!p || p.provider !== provider.name || p.status !== 'pending' || p.kind === 'renewal') return null;
    const language = await users.languageOf(p.user_id);
    return {
      item:
        p.kind === 'coins'
          ? ({ kind: 'coins', coins: p.coins ?? 0 } as const)
          : ({ kind: 'plan', plan: { period: p.plan_period!, period_count: p.plan_period_count! } } as const),
      language: isLanguage(language) ? language : DEFAULT_LANGUAGE,
      amountCents: p.amount_cents,
      netCents: p.net_cents,
      vatCents: p.vat_cents,
      vatRateBp: p.vat_rate_bp,
      currency: p.currency,
      discount: p.discount,
      discountPercent: p.discount_percent,
    };
  }

  return {
    provider,

    /** GET /payments/plans: the active plans, priced for this buyer. */
    async plans(buyer: Buyer): Promise<MembershipPlans> {
      const [rows, ctx] = await Promise.all([repo.activePlans(db), pricingContext(buyer)]);
      return {
        plans: rows.map((p) => ({ id: p.id, token: p.token, name: p.name, period: p.period, period_count: p.period_count, price: planPrice(p, ctx), ...(p.recommended ? { recommended: true } : {}) })),
        country: ctx.country,
      };
    },

    /** GET /payments/coin_packages: the active packages, priced for this buyer. */
    async coinPackages(buyer: Buyer): Promise<CoinPackages> {
      const [rows, ctx] = await Promise.all([repo.activePackages(db), pricingContext(buyer)]);
      return {
        packages: rows.map((p) => ({ id: p.id, token: p.token, coins: p.coins, bonus_coins: p.bonus_coins, price: packagePrice(p, ctx) })),
        country: ctx.country,
      };
    },

    /**
     * POST /payments/checkout: a pending payment at exactly the price the lists show this buyer (same rule, same
     * inputs), and the provider's page to pay it on. A premium member may buy a plan: it extends the membership.
     */
    async checkout(buyer: Buyer & { userId: number }, body: CheckoutBody): Promise<Checkout> {
      if (!provider) throw paymentsUnavailable();
      const hits = await rateLimits.consume(`payments:checkout:${buyer.userId}`, RATE_LIMITS.checkoutsPerAccount);
      if (!hits.allowed) {
        throw tooManyRequests('Too many checkouts started. Please wait a few minutes and try again.', Math.max(1, Math.ceil(hits.retryAfterMs / 1000)));
      }
      const ctx = await pricingContext(buyer);
      let item: { planId: number | null; packageId: number | null; coins: number | null; price: Price };
      if (body.kind === 'subscription') {
        // An id beyond PostgreSQL's integers names nothing (and must not reach the database as a 500).
        const plan = isDbId(body.plan_id) ? await repo.activePlan(db, body.plan_id) : null;
        if (!plan) throw notFound(`No membership plan ${body.plan_id}`);
        item = { planId: plan.id, packageId: null, coins: null, price: planPrice(plan, ctx) };
      } else {
        const pkg = isDbId(body.package_id) ? await repo.activePackage(db, body.package_id) : null;
        if (!pkg) throw notFound(`No coin package ${body.package_id}`);
        item = { planId: null, packageId: pkg.id, coins: pkg.coins + pkg.bonus_coins, price: packagePrice(pkg, ctx) };
      }
      const { price } = item;
      const publicId = newPublicId();
      const id = await repo.insertPayment(db, {
        publicId,
        userId: buyer.userId,
        provider: provider.name,
        kind: body.kind,
        planId: item.planId,
        packageId: item.packageId,
        subscriptionId: null,
        coins: item.coins,
        discount: price.discount,
        discountPercent: price.discount_percent,
        netCents: price.net_cents,
        vatRateBp: price.vat_rate_bp,
        vatCents: price.vat_cents,
        amountCents: price.amount_cents,
        currency: price.currency,
        country: ctx.country,
        createdAt: now(),
      });
      const payment = (await repo.findPayment(db, publicId))!;
      try {
        const { reference, url } = await provider.createCheckout(toProviderPayment(payment));
        await repo.setProviderReference(db, id, reference);
        return { payment_id: publicId, checkout_url: url };
      } catch (error) {
        await repo.settlePayment(db, id, { status: 'failed', at: now() });
        log.warn({ err: error, payment: publicId }, 'the payment provider refused a checkout');
        throw new HttpError(502, 'PAYMENT_PROVIDER_ERROR', 'The payment provider could not start the checkout. Please try again.');
      }
    },

    /** GET /payments/{id}: the member's own payment; anyone else's is as unknown as one that does not exist. */
    async payment(userId: number, publicId: string): Promise<Payment> {
      const p = await repo.findPayment(db, publicId);
      if (!p || p.user_id !== userId) throw notFound(`No payment ${publicId}`);
      return toPayment(p);
    },

    /**
     * POST /payments/webhook/{provider}: verifies the event, then records it and applies it in one transaction. An
     * event id seen before changes nothing ('duplicate'); an event for an unknown or settled payment is 'ignored'.
     */
    async handleWebhook(providerName: string, rawBody: string, headers: Record<string, string | string[] | undefined>): Promise<{ status: WebhookOutcome }> {
      if (!provider || providerName !== provider.name) throw notFound(`No payment provider ${providerName}`);
      const event = provider.verifyWebhook(rawBody, headers, now().getTime());
      const at = now();
      const result = await db.transaction(async (tx) => {
        // The payment first (locked), then the event: concurrent deliveries of one payment queue on its row.
        const payment = await repo.lockPayment(tx, provider.name, event.payment);
        const fresh = await repo.insertEvent(tx, { provider: provider.name, eventId: event.id, type: event.type, paymentId: payment?.id ?? null, at });
        if (!fresh) return { status: 'duplicate' as const, payment: null };
        if (!payment) return { status: 'ignored' as const, payment: null };
        return { status: await apply(tx, event, payment, at), payment };
      });
      if (result.status === 'processed' && event.type === 'payment.succeeded' && result.payment) await trackSuccess(result.payment);
      return { status: result.status };
    },

    async subscription(userId: number): Promise<SubscriptionResponse> {
      return { subscription: await subscriptions.current(userId) };
    },

    /** Stops the renewal; the membership runs to the end of the paid period. Idempotent. */
    async cancel(userId: number): Promise<SubscriptionResponse> {
      const s = await ownRunning(userId);
      await repo.cancelSubscription(db, s.id, now());
      return { subscription: await subscriptions.current(userId) };
    },

    /** Renews again at the period end; 409 once the period is over (buy a plan instead). Idempotent. */
    async resume(userId: number): Promise<SubscriptionResponse> {
      const s = await ownRunning(userId);
      if (s.status === 'cancelled' && s.current_period_end.getTime() <= now().getTime()) {
        throw conflict('This membership has ended. Choose a plan to start a new one.');
      }
      await repo.resumeSubscription(db, s.id);
      return { subscription: await subscriptions.current(userId) };
    },

    /**
     * One pass of the renewal job: cancelled subscriptions past their end expire; active ones past their end are
     * charged through the provider, whose webhook extends them. Safe to run on several instances at once.
     */
    async runRenewals(limit = 100): Promise<{ expired: number; charged: number; failed: number }> {
      const at = now();
      const expired = await repo.expireCancelled(db, at);
      let charged = 0;
      let failed = 0;
      if (!provider) return { expired, charged, failed };
      for (const due of await repo.dueForRenewal(db, at, limit)) {
        const claimed = await claimRenewal(due.id, due.user_id, at);
        if (!claimed) continue;
        try {
          const { reference } = await provider.chargeRenewal({ ...toProviderPayment(claimed.payment), subscriptionReference: claimed.subscription.provider_reference });
          await repo.setProviderReference(db, claimed.payment.id, reference);
          charged++;
        } catch (error) {
          // Left pending: the next pass after RENEWAL_RETRY_AFTER_MS asks the provider again.
          failed++;
          log.warn({ err: error, payment: claimed.payment.public_id }, 'a renewal charge failed');
        }
      }
      return { expired, charged, failed };
    },

    sandboxCheckout,

    /**
     * A button of the sandbox page: the sandbox sends the outcome's signed webhook, then the browser returns to the
     * site. Null when the payment is not waiting; throws when our webhook refused the event.
     */
    async sandboxComplete(publicId: string, outcome: SandboxOutcome): Promise<{ returnPath: string } | null> {
      if (!isSandbox(provider) || !(await sandboxCheckout(publicId))) return null;
      const p = (await repo.findPayment(db, publicId))!;
      const { statusCode } = await provider.complete(publicId, outcome);
      if (statusCode >= 300) throw new Error(`The sandbox webhook was answered with ${statusCode}`);
      return { returnPath: returnPathOf(p.kind, p.public_id) };
    },
  };
}
export type PaymentsService = ReturnType<typeof createPaymentsService>;
