import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Http from '@/lib/http';
import { api } from '@/lib/http';
import { leavePage } from '@/lib/leave-page';
import { resetPaymentReturn } from '../payment-return';
import type { ApiMock } from '../test/render';
import { fakeApi, planFixture, priceFixture, renderAt, serverError } from '../test/render';
import PaywallRoute from './paywall';

vi.mock('@/lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof Http>();
  return { ...actual, api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() } };
});
vi.mock('@/lib/leave-page', () => ({ leavePage: vi.fn() }));

const mockedApi = api as unknown as ApiMock;
const NOW = Date.parse('2030-05-01T12:00:00Z');

const PLANS = [
  planFixture(1, { name: 'Monthly', price: priceFixture({ amount_cents: 1189, vat_rate_bp: 1900 }) }),
  planFixture(2, {
    name: 'Quarterly',
    period_count: 3,
    price: priceFixture({ amount_cents: 2499, net_cents: 2100, vat_cents: 399, original_amount_cents: 3570, discount: 'summer_discount', discount_percent: 30 }),
  }),
  planFixture(3, { name: 'Day pass', period: 'DAY', period_count: 1, price: priceFixture({ amount_cents: 299, net_cents: 299, vat_cents: 0, vat_rate_bp: 0, currency: 'USD' }) }),
];

const card = (name: string) => screen.getByRole('article', { name });

beforeEach(() => {
  vi.clearAllMocks();
  resetPaymentReturn();
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('/paywall', () => {
  it('lists the plans with their period and the price as charged, the discount struck through and the VAT included', async () => {
    fakeApi(mockedApi, { get: { '/payments/plans': () => ({ plans: PLANS, country: 'DE' }) } });
    renderAt(<PaywallRoute premiumUntil={null} />, '/paywall');
    expect(await screen.findByRole('list', { name: 'Membership plans' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Become a premium member' })).toBeTruthy();

    const monthly = card('Monthly');
    expect(within(monthly).getByText('1 month')).toBeTruthy();
    expect(within(monthly).getByTestId('price-amount').textContent).toBe('€11.89');
    expect(within(monthly).getByTestId('price-vat').textContent).toBe('incl. 19 % VAT');
    expect(monthly.querySelector('s')).toBeNull();

    const quarterly = card('Quarterly');
    expect(within(quarterly).getByText('3 months')).toBeTruthy();
    expect(within(quarterly).getByTestId('price-amount').textContent).toBe('€24.99');
    const struck = quarterly.querySelector('s')!;
    expect(struck.textContent).toBe('Regular price: €35.70');
    expect(within(quarterly).getByText('−30 %')).toBeTruthy();

    const day = card('Day pass');
    expect(within(day).getByText('1 day')).toBeTruthy();
    expect(within(day).getByTestId('price-amount').textContent).toBe('$2.99');
    expect(within(day).queryByTestId('price-vat')).toBeNull();

    expect(screen.getByTestId('discount-banner').textContent).toBe('30 % off every plan, for a limited time.');
    expect(screen.getAllByRole('button', { name: /^Continue to payment/ })).toHaveLength(3);
    expect(within(quarterly).getByRole('button').textContent).toBe('Continue to payment for Quarterly');
  });

  it('does not repeat the period when the plan is named after it', async () => {
    fakeApi(mockedApi, { get: { '/payments/plans': () => ({ plans: [planFixture(1, { name: '1 Month' })], country: null }) } });
    renderAt(<PaywallRoute premiumUntil={null} />, '/paywall');
    const plan = await screen.findByRole('article', { name: '1 Month' });
    expect(plan.querySelector('.plan-card__period')).toBeNull();
  });

  it('starts the checkout of the chosen plan and sends the browser to the provider', async () => {
    const user = userEvent.setup();
    const checkout = vi.fn(() => ({ payment_id: 'pay_12345678', checkout_url: '/api/payments/sandbox/pay_12345678' }));
    fakeApi(mockedApi, { get: { '/payments/plans': () => ({ plans: PLANS, country: 'DE' }) }, post: { '/payments/checkout': checkout } });
    renderAt(<PaywallRoute premiumUntil={null} />, '/paywall');
    await user.click(within(await screen.findByRole('article', { name: 'Quarterly' })).getByRole('button', { name: /Continue to payment/ }));
    await waitFor(() => expect(leavePage).toHaveBeenCalledWith('/api/payments/sandbox/pay_12345678'));
    expect(checkout).toHaveBeenCalledWith({ kind: 'subscription', plan_id: 2 });
    expect(within(card('Quarterly')).getByRole('button').textContent).toBe('Taking you to the payment page…');
    // One checkout at a time: every plan waits while the browser leaves.
    for (const button of screen.getAllByRole('button')) expect((button as HTMLButtonElement).disabled).toBe(true);
  });

  it('says so when the checkout cannot start, in the server’s words for a refusal it explains', async () => {
    const user = userEvent.setup();
    let refusal = serverError(409, 'A payment for this plan is already under way.', { code: 'CONFLICT' });
    fakeApi(mockedApi, {
      get: { '/payments/plans': () => ({ plans: PLANS, country: null }) },
      post: {
        '/payments/checkout': () => {
          throw refusal;
        },
      },
    });
    renderAt(<PaywallRoute premiumUntil={null} />, '/paywall');
    await user.click(within(await screen.findByRole('article', { name: 'Monthly' })).getByRole('button'));
    expect((await screen.findByRole('alert')).textContent).toBe('A payment for this plan is already under way.');
    refusal = serverError(500, 'boom');
    await user.click(within(card('Monthly')).getByRole('button'));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('The payment could not be started. Please try again.'));
    expect(leavePage).not.toHaveBeenCalled();
  });

  it('shows a premium member until when, and lets them extend', async () => {
    fakeApi(mockedApi, { get: { '/payments/plans': () => ({ plans: PLANS, country: 'DE' }) } });
    renderAt(<PaywallRoute premiumUntil={Math.floor(Date.parse('2030-06-15T10:00:00Z') / 1000)} />, '/paywall');
    expect(screen.getByRole('heading', { level: 1, name: 'Extend your membership' })).toBeTruthy();
    expect(screen.getByTestId('premium-status').textContent).toContain('You are a premium member until June 15, 2030.');
    expect(await screen.findAllByRole('button', { name: /Continue to payment/ })).toHaveLength(3);
  });

  it('treats an expired premium as none', () => {
    fakeApi(mockedApi, { get: { '/payments/plans': () => ({ plans: [], country: null }) } });
    renderAt(<PaywallRoute premiumUntil={Math.floor(NOW / 1000) - 60} />, '/paywall');
    expect(screen.getByRole('heading', { level: 1, name: 'Become a premium member' })).toBeTruthy();
    expect(screen.queryByTestId('premium-status')).toBeNull();
  });

  it('has loading, empty and error states', async () => {
    const user = userEvent.setup();
    let answer: () => unknown = () => new Promise(() => undefined);
    fakeApi(mockedApi, { get: { '/payments/plans': () => answer() } });
    const first = renderAt(<PaywallRoute premiumUntil={null} />, '/paywall');
    expect(screen.getByTestId('plans-loading').textContent).toContain('Loading the plans…');
    first.unmount();

    answer = () => ({ plans: [], country: null });
    const second = renderAt(<PaywallRoute premiumUntil={null} />, '/paywall');
    expect(await screen.findByText('No membership plans are available right now. Please check back later.')).toBeTruthy();
    second.unmount();

    answer = () => {
      throw serverError(500, 'down');
    };
    renderAt(<PaywallRoute premiumUntil={null} />, '/paywall');
    expect(within(await screen.findByRole('alert')).getByText('The plans could not be loaded.')).toBeTruthy();
    answer = () => ({ plans: PLANS, country: null });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Monthly' })).toBeTruthy();
  });
});
