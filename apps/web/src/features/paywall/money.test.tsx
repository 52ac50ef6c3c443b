import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Profile } from '@velora/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetPopups } from '@/components/popups/popup-store';
import { resetTipOfferTrigger } from '@/features/coins/use-tip-offer-trigger';
import { resetDiscountPopupTrigger } from '@/features/paywall/money-popup-triggers';
import { resetPaymentReturn } from '@/features/paywall/payment-return';
import { resetTheater } from '@/features/player/theater-store';
import type * as Http from '@/lib/http';
import { api } from '@/lib/http';
import { setAccessToken } from '@/lib/storage';
import { modelDetailFixture, shootListFixture } from '@/test/catalog-fixtures';
import type { ApiMock, FakeRoutes } from '@/test/render-app';
import { fakeSite, profileFixture, renderApp, videoFixture } from '@/test/render-app';

vi.mock('@/lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof Http>();
  return { ...actual, api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() } };
});
vi.mock('@/lib/leave-page', () => ({ leavePage: vi.fn() }));

const mockedApi = api as unknown as ApiMock;
const PAYMENT_ID = 'pay_abcdefgh';
const FUTURE = 4_102_444_800;

const plans = {
  plans: [
    {
      id: 1,
      token: 'monthly',
      name: 'Monthly',
      period: 'MONTH',
      period_count: 1,
      price: { amount_cents: 1189, net_cents: 999, vat_cents: 190, vat_rate_bp: 1900, currency: 'EUR', original_amount_cents: null, discount: null, discount_percent: 0 },
    },
  ],
  country: 'DE',
};

function member(profile: () => Profile, routes: FakeRoutes = {}) {
  setAccessToken('member-token');
  fakeSite(mockedApi, {
    ...routes,
    get: { '/user/profile': profile, '/roles': () => [], '/payments/plans': () => plans, ...routes.get },
    post: { '/track': () => ({}), ...routes.post },
  });
}

const header = () => document.querySelector<HTMLElement>('header.site-header')!;

beforeEach(() => {
  vi.clearAllMocks();
  resetPopups();
  resetTheater();
  resetPaymentReturn();
  resetDiscountPopupTrigger();
  resetTipOfferTrigger();
});
afterEach(() => {
  setAccessToken(null);
});

describe('money in the app', () => {
  it('shows the member’s coins in the header; they open buy-coins', async () => {
    const user = userEvent.setup();
    member(() => profileFixture({ coins: 1250 }), { get: { '/payments/coin_packages': () => ({ packages: [], country: null }) } });
    renderApp('/videos');
    await screen.findByTestId('coin-balance');
    await user.click(within(header()).getByRole('button', { name: 'Your coins: 1,250. Buy coins' }));
    expect(await screen.findByRole('dialog', { name: 'Buy coins' })).toBeTruthy();
  });

  it('gives an SE member the law-limitation popup instead of buy-coins (product §4)', async () => {
    const user = userEvent.setup();
    const packages = vi.fn(() => ({ packages: [], country: 'SE' }));
    member(() => profileFixture({ coins: 40, country: 'SE', law_limitations: ['country:SE'] }), { get: { '/payments/coin_packages': packages } });
    renderApp('/videos');
    await user.click(await screen.findByTestId('coin-balance'));
    expect(await screen.findByTestId('law-limitation-popup')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Buy coins' })).toBeNull();
  });

  it('gives an SE member the law-limitation popup instead of the tip popup', async () => {
    const user = userEvent.setup();
    member(() => profileFixture({ country: 'SE', law_limitations: ['country:SE'] }), {
      get: { '/models/1': () => modelDetailFixture(1, { name_en: 'Ava Demo' }), '/models/1/shoots': () => shootListFixture(), '/coins/balance': () => ({ coins: 40 }) },
    });
    renderApp('/profile/1');
    await user.click(await screen.findByRole('button', { name: 'Send a tip' }));
    expect(await screen.findByTestId('law-limitation-popup')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Tip Ava Demo' })).toBeNull();
  });

  it('shows the coins bought after the provider sends the member back to /?payment=, once, and refreshes the profile', async () => {
    let coins = 100;
    const profile = vi.fn(() => profileFixture({ coins }));
    member(profile, {
      get: {
        [`/payments/${PAYMENT_ID}`]: () => {
          coins = 600;
          return { id: PAYMENT_ID, kind: 'coins', status: 'succeeded', amount_cents: 999, currency: 'EUR', plan: null, coins: 500, created_at: 1 };
        },
      },
    });
    const { url } = renderApp(`/?payment=${PAYMENT_ID}`);
    const dialog = await screen.findByRole('dialog', { name: 'Coins added' });
    expect(dialog.textContent).toContain('500 coins are now in your account.');
    // The member redirect kept the id for the landing page; the return took it out again.
    expect(url()).toBe('/recent_updates');
    await waitFor(() => expect(screen.getByTestId('coin-balance-amount').textContent).toBe('600'));
    expect(mockedApi.post).toHaveBeenCalledWith('/track', expect.objectContaining({ name: 'charge_coins' }));
  });

  it('/paywall lists the plans and, back from the provider, confirms the membership', async () => {
    let premiumUntil: number | null = null;
    member(() => profileFixture({ premium_until: premiumUntil }), {
      get: {
        [`/payments/${PAYMENT_ID}`]: () => {
          premiumUntil = FUTURE;
          return { id: PAYMENT_ID, kind: 'subscription', status: 'succeeded', amount_cents: 1189, currency: 'EUR', plan: { name: 'Monthly', period: 'MONTH', period_count: 1 }, coins: null, created_at: 1 };
        },
      },
    });
    const { url } = renderApp(`/paywall?payment=${PAYMENT_ID}`);
    expect(await screen.findByRole('dialog', { name: 'Welcome to Premium!' })).toBeTruthy();
    expect(url()).toBe('/paywall');
    await waitFor(() => expect(screen.getByTestId('premium-status').textContent).toContain('You are a premium member until'));
    expect(document.title).toContain('Membership');
  });

  it('sends a free member to /paywall instead of the membership popup while a discount is on (product §4)', async () => {
    const user = userEvent.setup();
    member(() => profileFixture({ features: { summer_discount: { is_active: true, version: 'subscribers', settings: {} }, cc_discount: { is_active: true, version: null, settings: {} } } }), {
      get: {
        '/videos/5': () => ({ ...videoFixture(5), playable: false, hls_url: null, renditions: [], is_favourite: false, shoot_id: null }),
        '/videos/5/similar': () => [],
        '/videos/5/comments': () => ({ comments: [], total: 0, page: 1, pages: 0 }),
      },
    });
    const { url } = renderApp('/videos#play-5');
    const locked = await screen.findByTestId('player-locked', undefined, { timeout: 3000 });
    await user.click(within(locked).getByRole('button', { name: 'Become premium' }));
    await waitFor(() => expect(url()).toBe('/paywall'));
    expect(screen.queryByRole('dialog', { name: 'Become premium' })).toBeNull();
  });

  it('opens the tip popup from a model’s profile; a tip refreshes the coins in the header', async () => {
    const user = userEvent.setup();
    let coins = 120;
    member(() => profileFixture({ coins }), {
      get: {
        '/models/1': () => modelDetailFixture(1, { name_en: 'Ava Demo' }),
        '/models/1/shoots': () => shootListFixture(),
        '/coins/balance': () => ({ coins }),
      },
      post: {
        '/coins/tip': (body) => {
          coins -= (body as { coins: number }).coins;
          return { tip_id: 1, model_id: 1, coins: (body as { coins: number }).coins, balance: coins };
        },
      },
    });
    renderApp('/profile/1');
    await user.click(await screen.findByRole('button', { name: 'Send a tip' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tip Ava Demo' });
    await within(dialog).findByText('Your balance: 120 coins');
    await user.click(within(dialog).getByRole('button', { name: 'Send 50 coins' }));
    expect(await screen.findByRole('dialog', { name: 'Thank you!' })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('coin-balance-amount').textContent).toBe('70'));
  });

  it('shows the subscription and the payment history on the profile overview', async () => {
    member(() => profileFixture({ premium_until: FUTURE, subscription: { type: { name: 'Monthly', token: 'monthly', period: 'MONTH', period_count: 1 } } }), {
      get: {
        '/payments/subscription': () => ({
          subscription: { token: 's1', status: 'active', plan: { name: 'Monthly', token: 'monthly', period: 'MONTH', period_count: 1 }, current_period_end: FUTURE, renews: true },
        }),
        '/user/get_payment_history': () => ({
          items: [
            {
              id: 'payment:1',
              kind: 'subscription',
              description: 'Monthly membership',
              amount_cents: 1189,
              currency: 'EUR',
              coins: null,
              plan: { period: 'MONTH', period_count: 1 },
              model_name: null,
              status: 'succeeded',
              created_at: 1,
            },
          ],
          page: 1,
          per_page: 20,
          total: 1,
          pages: 1,
        }),
      },
    });
    renderApp('/user-profile');
    const subscription = await screen.findByRole('region', { name: 'Subscription' });
    expect((await within(subscription).findByTestId('subscription-status')).textContent).toContain('Active · Renews on');
    const history = screen.getByRole('region', { name: 'Payment history' });
    expect(await within(history).findByText('Membership: 1 month')).toBeTruthy();
    expect(within(history).getByText('€11.89')).toBeTruthy();
  });
});
