// Renders paywall pieces on their own: a query client, English texts and a memory router whose
// every path shows `ui` (so a navigation is seen in `location()` while the piece stays).
import type { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { CoinPackage, MembershipPlan, Payment, PaymentHistoryItem, Price, Subscription } from '@velora/shared';
import type { ReactNode } from 'react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { TestProviders, createTestQueryClient } from '@/test/providers';

export type { ApiMock } from '@/test/fake-api';
export { fakeApi, serverError } from '@/test/fake-api';

export function renderAt(ui: ReactNode, path = '/', options: { queryClient?: QueryClient } = {}) {
  const queryClient = options.queryClient ?? createTestQueryClient();
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [path] });
  const utils = render(
    <TestProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  const location = () => router.state.location;
  return { ...utils, router, queryClient, location, url: () => `${location().pathname}${location().search}${location().hash}` };
}

// ---- Fixtures of the money contracts ----

export const priceFixture = (overrides: Partial<Price> = {}): Price => ({
  amount_cents: 1189,
  net_cents: 999,
  vat_cents: 190,
  vat_rate_bp: 1900,
  currency: 'EUR',
  original_amount_cents: null,
  discount: null,
  discount_percent: 0,
  ...overrides,
});

export const planFixture = (id: number, overrides: Partial<MembershipPlan> = {}): MembershipPlan => ({
  id,
  token: `plan-${id}`,
  name: `Plan ${id}`,
  period: 'MONTH',
  period_count: 1,
  price: priceFixture(),
  ...overrides,
});

export const coinPackageFixture = (id: number, overrides: Partial<CoinPackage> = {}): CoinPackage => ({
  id,
  token: `coins-${id}`,
  coins: 100 * id,
  bonus_coins: 0,
  price: priceFixture({ amount_cents: 499 * id, net_cents: 499 * id, vat_cents: 0, vat_rate_bp: 0 }),
  ...overrides,
});

export const PAYMENT_ID = 'pay_12345678';

export const paymentFixture = (overrides: Partial<Payment> = {}): Payment => ({
  id: PAYMENT_ID,
  kind: 'subscription',
  status: 'succeeded',
  amount_cents: 1189,
  currency: 'EUR',
  plan: { name: 'Monthly', period: 'MONTH', period_count: 1 },
  coins: null,
  created_at: Date.UTC(2030, 4, 1, 12),
  ...overrides,
});

export const subscriptionFixture = (overrides: Partial<Subscription> = {}): Subscription => ({
  token: 'sub-1',
  status: 'active',
  plan: { name: 'Monthly', token: 'monthly', period: 'MONTH', period_count: 1 },
  current_period_end: Math.floor(Date.UTC(2030, 5, 15, 10) / 1000),
  renews: true,
  ...overrides,
});

export const historyItemFixture = (id: number, overrides: Partial<PaymentHistoryItem> = {}): PaymentHistoryItem => ({
  id: `payment:${id}`,
  kind: 'subscription',
  description: `Membership ${id}`,
  amount_cents: 1189,
  currency: 'EUR',
  coins: null,
  plan: { period: 'MONTH', period_count: 1 },
  model_name: null,
  status: 'succeeded',
  created_at: Date.UTC(2030, 4, id, 12),
  ...overrides,
});
