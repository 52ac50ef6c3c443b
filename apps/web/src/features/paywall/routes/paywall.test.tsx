import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Http from '@/lib/http';
import { api } from '@/lib/http';
import { leavePage } from '@/lib/leave-page';
import { resetPaymentReturn } from '../payment-return';
import type { ApiMock } from '../test/render';
import { testI18n as i18n } from '@/test/providers';
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
  it('lists the plans named by their duration with the price as charged, the discount struck through and the VAT included', async () => {
    fakeApi(mockedApi, { get: { '/payments/plans': () => ({ plans: PLANS, country: 'DE' }) } });
    renderAt(<PaywallRoute premiumUntil={null} />, '/paywall');
    expect(await screen.findByRole('list', { name: 'Membership plans' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Become a premium member' })).toBeTruthy();

    const monthly = card('1 month');
    expect(within(monthly).getByTestId('price-amount').textContent).toBe('€11.89');
    expect(within(monthly).getByTestId('price-vat').textContent).toBe('incl. 19 % VAT');
    expect(monthly.querySelector('s')).toBeNull();

    const quarterly = card('3 months');
    expect(within(quarterly).getByTestId('price-amount').textContent).toBe('€24.99');
    const struck = quarterly.querySelector('s')!;
    expect(struck.textContent).toBe('Regular price: €35.70');
    expect(within(quarterly).getByText('−30 %')).toBeTruthy();

    const day = card('1 day');
    expect(within(day).getByTestId('price-amount').textContent).toBe('$2.99');
    expect(within(day).queryByTestId('price-vat')).toBeNull();

    expect(screen.getByTestId('discount-banner').textContent).toBe('30 % off every plan, for a limited time.');
    expect(screen.getAllByRole('button', { name: /^Continue to payment/ })).toHaveLength(3);
    expect(within(quarterly).getByRole('button').textContent).toBe('Continue to payment for 3 months');
  });

  it('names each plan by its duration in the page language, never by its stored name', async () => {
    fakeApi(mockedApi, { get: { '/payments/plans': () => ({ plans: PLANS, country: 'DE' }) } });
    const { de } = await import('@/locales/de');
    i18n.addResourceBundle('de', 'translation', de);
    await i18n.changeLanguage('de');
    try {
      renderAt(<PaywallRoute premiumUntil={null} />, '/paywall');
      await screen.findByRole('list', { name: 'Mitgliedschaftspakete' });
      expect(screen.getAllByTestId('plan-name').map((h) => h.textContent)).toEqual(['1 Monat', '3 Monate', '1 Tag']);
      expect(screen.queryByText(/Monthly|Quarterly|Day pass/)).toBeNull();
      // Money in the page language too.
      expect(within(card('1 Monat')).getByTestId('price-amount').textContent).toBe('11,89\u00a0€');
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('says what premium includes, to a member who is not premium yet', async () => {
    fakeApi(mockedApi, { get: { '/payments/plans': () => ({ plans: PLANS, country: 'DE' }) } });
    renderAt(<PaywallRoute premiumUntil={null} />, '/paywall');
    const benefits = await screen.findByRole('region', { name: 'Premium includes' });
    const items = within(benefits).getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual([
      'Every video in full length, not just the trailers',
      'Every shoot, with its galleries in full size',
      'Public playdates with the models, live',
      'Private playdates on request (paid in coins)',
      'Cancel any time in your profile; premium stays until the end of the time you paid for',
    ]);
  });

  it('shows the price per month and the saving of a longer plan against the monthly one, and marks the best value as recommended', async () => {
    const plans = [
      planFixture(1, { name: 'Monthly', price: priceFixture({ amount_cents: 2974 }) }),
      planFixture(2, { name: 'Quarterly', period_count: 3, price: priceFixture({ amount_cents: 7139 }) }),
      planFixture(3, { name: 'Day pass', period: 'DAY', period_count: 1, price: priceFixture({ amount_cents: 356 }) }),
    ];
    fakeApi(mockedApi, { get: { '/payments/plans': () => ({ plans, country: 'DE' }) } });
    renderAt(<PaywallRoute premiumUntil={null} />, '/paywall');
    const quarterly = await screen.findByRole('article', { name: '3 months' });
    // 71.39 € over 3 months is 23.80 € a month: 19.98 % below 29.74 €, said as 19 % (never more than it is).
    expect(within(quarterly).getByTestId('plan-per-month').textContent).toBe('€23.80 per month');
    expect(within(quarterly).getByTestId('plan-saving').textContent).toBe('Save 19 %');
    expect(within(quarterly).getByTestId('plan-recommended').textContent).toBe('Recommended');
    expect(screen.getAllByTestId('plan-recommended')).toHaveLength(1);
    expect(screen.getByText('Savings compared with the monthly price of the 1 month plan.')).toBeTruthy();
    // The monthly and the day plan: no per-month line repeating the price, no saving.
    for (const name of ['1 month', '1 day']) {
      expect(within(card(name)).queryByTestId('plan-value')).toBeNull();
      expect(within(card(name)).queryByTestId('plan-recommended')).toBeNull();
    }
    expect(within(card('1 day')).getByText('Renews every day until you cancel')).toBeTruthy();
    expect(within(quarterly).getByText('Renews every 3 months until you cancel')).toBeTruthy();
    // The recommended plan's button is the primary one.
    expect(within(quarterly).getByRole('button').className).toContain('button--primary');
    expect(within(card('1 month')).getByRole('button').className).not.toContain('button--primary');
  });

  it('starts the checkout of the chosen plan and sends the browser to the provider', async () => {
    const user = userEvent.setup();
    const checkout = vi.fn(() => ({ payment_id: 'pay_12345678', checkout_url: '/api/payments/sandbox/pay_12345678' }));
    fakeApi(mockedApi, { get: { '/payments/plans': () => ({ plans: PLANS, country: 'DE' }) }, post: { '/payments/checkout': checkout } });
    renderAt(<PaywallRoute premiumUntil={null} />, '/paywall');
    await user.click(within(await screen.findByRole('article', { name: '3 months' })).getByRole('button', { name: /Continue to payment/ }));
    await waitFor(() => expect(leavePage).toHaveBeenCalledWith('/api/payments/sandbox/pay_12345678'));
    expect(checkout).toHaveBeenCalledWith({ kind: 'subscription', plan_id: 2 });
    expect(within(card('3 months')).getByRole('button').textContent).toBe('Taking you to the payment page…');
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
    await user.click(within(await screen.findByRole('article', { name: '1 month' })).getByRole('button'));
    expect((await screen.findByRole('alert')).textContent).toBe('A payment for this plan is already under way.');
    refusal = serverError(500, 'boom');
    await user.click(within(card('1 month')).getByRole('button'));
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
    expect(await screen.findByRole('article', { name: '1 month' })).toBeTruthy();
  });
});
