import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import type { Viewer } from '../catalog-fixture';
import { asMember, createVisit, setFeature, type UserOverrides } from '../factories';
import { buildTestApp, type TestApp, type TestAppOverrides } from '../test-app';
import { seedMoney, type DEMO_COIN_PACKAGES, type DEMO_PLANS } from '../../src/demo/seed-money';
import { webhookSecret } from '../../src/modules/payments/payments.service';
import { signWebhook, SIGNATURE_HEADER } from '../../src/modules/payments/webhook-signature';

// Helpers of the payments tests: a clock the test moves, the demo plans and packages, visits from a country,
// members, calls, and webhooks signed as the provider signs them.

export const START = Date.parse('2030-05-01T12:00:00Z');
export const DAY_MS = 86_400_000;

export interface CallOptions {
  token?: string;
  visit?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface PaymentsTestApp extends TestApp {
  clock: { ms(): number; set(ms: number): void; advance(ms: number): number };
  /** Plan and package ids by token (day-1, month-1, month-3; coins-100, coins-500, coins-1000). */
  plans: Record<(typeof DEMO_PLANS)[number]['token'], number>;
  packages: Record<(typeof DEMO_COIN_PACKAGES)[number]['token'], number>;
  call(method: 'GET' | 'POST' | 'DELETE', url: string, options?: CallOptions): Promise<LightMyRequestResponse>;
  member(options?: UserOverrides): Promise<Viewer>;
  /** A visit row from `country`, as GET /track/visit records it; its id goes in the X-Visit-Id header. */
  visitFrom(country: string | null, campaign?: string | null): Promise<string>;
  feature(name: string, isActive: boolean, version?: string | null, settings?: Record<string, unknown>): Promise<void>;
  /** Posts `event` to the webhook, signed with the webhook secret at `timestamp` (unix s; default now). */
  webhook(event: unknown, options?: { timestamp?: number; secret?: string; signature?: string; provider?: string }): Promise<LightMyRequestResponse>;
  premiumUntil(userId: number): Promise<number | null>;
  paymentRow(publicId: string): Promise<{ id: number; status: string; amount_cents: number; net_cents: number; vat_cents: number; vat_rate_bp: number; discount: string | null; discount_percent: number; country: string | null; provider_reference: string | null; subscription_id: number | null }>;
}

export async function buildPaymentsTestApp(overrides: TestAppOverrides = {}): Promise<PaymentsTestApp> {
  let nowMs = START;
  const t = await buildTestApp({ now: () => new Date(nowMs), ...overrides });
  await seedMoney(t.deps.db);
  const plans = Object.fromEntries(
    (await t.deps.db.query<{ id: number; token: string }>('SELECT id, token FROM membership_plans')).map((r) => [r.token, r.id]),
  ) as PaymentsTestApp['plans'];
  const packages = Object.fromEntries(
    (await t.deps.db.query<{ id: number; token: string }>('SELECT id, token FROM coin_packages')).map((r) => [r.token, r.id]),
  ) as PaymentsTestApp['packages'];

  const call: PaymentsTestApp['call'] = (method, url, options = {}) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: {
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.visit ? { 'x-visit-id': options.visit } : {}),
        ...options.headers,
      },
      ...(options.body === undefined ? {} : { payload: options.body as object }),
    });

  return Object.assign(t, {
    clock: {
      ms: () => nowMs,
      set: (ms: number) => void (nowMs = ms),
      advance: (ms: number) => (nowMs += ms),
    },
    plans,
    packages,
    call,
    member: (options: UserOverrides = {}) => asMember(t, options),
    visitFrom: (country: string | null, campaign: string | null = null) => createVisit(t, { country, campaign }),
    feature: async (name: string, isActive: boolean, version: string | null = null, settings: Record<string, unknown> = {}) =>
      void (await setFeature(t, name, { is_active: isActive, version, settings })),
    webhook(event: unknown, options: { timestamp?: number; secret?: string; signature?: string; provider?: string } = {}) {
      const body = typeof event === 'string' ? event : JSON.stringify(event);
      const timestamp = options.timestamp ?? Math.floor(nowMs / 1000);
      const signature = options.signature ?? signWebhook(options.secret ?? webhookSecret(t.deps.config), body, timestamp);
      return t.app.inject({
        method: 'POST',
        url: `/api/payments/webhook/${options.provider ?? 'sandbox'}`,
        headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signature },
        payload: body,
      });
    },
    async premiumUntil(userId: number) {
      const [row] = await t.deps.db.query<{ premium_until: Date | null }>('SELECT premium_until FROM users WHERE id = $1', [userId]);
      return row?.premium_until ? row.premium_until.getTime() : null;
    },
    async paymentRow(publicId: string) {
      const [row] = await t.deps.db.query<Awaited<ReturnType<PaymentsTestApp['paymentRow']>>>(
        `SELECT id, status, amount_cents, net_cents, vat_cents, vat_rate_bp, discount, discount_percent, country, provider_reference, subscription_id
           FROM payments WHERE public_id = $1`,
        [publicId],
      );
      if (!row) throw new Error(`No payment ${publicId}`);
      return row;
    },
  });
}

/** A provider event of our wire format. */
export const paymentEvent = (payment: string, type = 'payment.succeeded', id = `evt_${randomUUID()}`, created = Math.floor(START / 1000)) => ({
  id,
  type,
  created,
  data: { payment, reference: `sbx_${payment}` },
});
