import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getPopupStates, resetPopups, showPopup } from '@/components/popups/popup-store';
import type * as Http from '@/lib/http';
import { api } from '@/lib/http';
import { leavePage } from '@/lib/leave-page';
import type { ApiMock } from '../test/render';
import { coinPackageFixture, fakeApi, planFixture, priceFixture, renderAt, serverError } from '../test/render';
import { BuyCoinsPopup } from './buy-coins-popup';
import { BuySubscriptionPopup } from './buy-subscription-popup';
import { SummerDiscountPopup } from './discount-popup';

vi.mock('@/lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof Http>();
  return { ...actual, api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() } };
});
vi.mock('@/lib/leave-page', () => ({ leavePage: vi.fn() }));

const mockedApi = api as unknown as ApiMock;

beforeEach(() => {
  vi.clearAllMocks();
  resetPopups();
});

describe('buy-subscription popup', () => {
  it('offers the plans as one choice and goes to the checkout of the chosen one', async () => {
    const user = userEvent.setup();
    const checkout = vi.fn(() => ({ payment_id: 'pay_12345678', checkout_url: 'https://pay.example.test/c/1' }));
    fakeApi(mockedApi, {
      get: {
        '/payments/plans': () => ({
          plans: [planFixture(1, { name: 'Monthly' }), planFixture(2, { name: 'Quarterly', period_count: 3, price: priceFixture({ amount_cents: 2999 }) })],
          country: 'DE',
        }),
      },
      post: { '/payments/checkout': checkout },
    });
    const onClose = vi.fn();
    renderAt(<BuySubscriptionPopup open onClose={onClose} />, '/videos');
    const dialog = await screen.findByRole('dialog', { name: 'Become premium' });
    const group = await within(dialog).findByRole('group', { name: 'Choose a plan' });
    const radios = within(group).getAllByRole('radio');
    expect(radios).toHaveLength(2);
    expect((radios[0] as HTMLInputElement).checked).toBe(true);
    expect(within(group).getByRole('radio', { name: /^3 months/ })).toBeTruthy();
    expect(within(group).getByText('€29.99')).toBeTruthy();
    await user.click(within(group).getByRole('radio', { name: /^3 months/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(leavePage).toHaveBeenCalledWith('https://pay.example.test/c/1'));
    expect(checkout).toHaveBeenCalledWith({ kind: 'subscription', plan_id: 2 });
    expect(within(dialog).getByRole('link', { name: 'Compare all plans' }).getAttribute('href')).toBe('/paywall');
  });
});

describe('buy-coins popup', () => {
  it('offers the packages with their bonus and goes to the checkout of coins', async () => {
    const user = userEvent.setup();
    const checkout = vi.fn(() => ({ payment_id: 'pay_12345678', checkout_url: '/api/payments/sandbox/pay_12345678' }));
    fakeApi(mockedApi, {
      get: { '/payments/coin_packages': () => ({ packages: [coinPackageFixture(1), coinPackageFixture(5, { bonus_coins: 50 })], country: null }) },
      post: { '/payments/checkout': checkout },
    });
    renderAt(<BuyCoinsPopup open onClose={vi.fn()} />, '/videos');
    const dialog = await screen.findByRole('dialog', { name: 'Buy coins' });
    const list = await within(dialog).findByRole('list', { name: 'Choose a package' });
    const rows = within(list).getAllByTestId('coin-package');
    expect(rows.map((row) => row.querySelector('.coin-package__coins')!.textContent)).toEqual(['100 coins', '500 coins + 50 bonus']);
    expect(within(rows[1]!).getByText('€24.95')).toBeTruthy();
    await user.click(within(rows[1]!).getByRole('button', { name: 'Continue to payment for 500 coins' }));
    await waitFor(() => expect(leavePage).toHaveBeenCalledWith('/api/payments/sandbox/pay_12345678'));
    expect(within(rows[1]!).getByRole('button').textContent).toBe('Taking you to the payment page…');
    expect((within(rows[0]!).getByRole('button') as HTMLButtonElement).disabled).toBe(true);
    expect(checkout).toHaveBeenCalledWith({ kind: 'coins', package_id: 5 });
  });

  it('closes on 451 (the app shows the law-limitation popup for it)', async () => {
    fakeApi(mockedApi, {
      get: {
        '/payments/coin_packages': () => {
          throw serverError(451, 'Not available in your country', { code: 'LAW_LIMITED' });
        },
      },
    });
    const onClose = vi.fn();
    renderAt(<BuyCoinsPopup open onClose={onClose} />, '/videos');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});

describe('discount popups', () => {
  it('announce the percent and lead to /paywall', async () => {
    const user = userEvent.setup();
    showPopup('summer-discount', { percent: 25 });
    const onClose = vi.fn();
    const { url } = renderAt(<SummerDiscountPopup open onClose={onClose} />, '/videos');
    const dialog = screen.getByRole('dialog', { name: 'Summer offer' });
    expect(dialog.textContent).toContain('premium membership at 25 % off');
    await user.click(within(dialog).getByRole('link', { name: 'See the offer' }));
    expect(url()).toBe('/paywall');
    expect(onClose).toHaveBeenCalled();
    expect(getPopupStates()['summer-discount']?.data).toEqual({ percent: 25 });
  });
});
