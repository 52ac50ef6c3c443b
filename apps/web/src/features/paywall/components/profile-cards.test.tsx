import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Http from '@/lib/http';
import { api } from '@/lib/http';
import type { ApiMock } from '../test/render';
import { fakeApi, historyItemFixture, renderAt, serverError, subscriptionFixture } from '../test/render';
import { PaymentHistoryCard } from './payment-history-card';
import { SubscriptionCard } from './subscription-card';

vi.mock('@/lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof Http>();
  return { ...actual, api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() } };
});

const mockedApi = api as unknown as ApiMock;
const NOW = Date.parse('2030-05-01T12:00:00Z');

beforeEach(() => {
  vi.clearAllMocks();
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the subscription card', () => {
  it('shows the plan and when it renews; cancelling asks first, then says until when premium stays', async () => {
    const user = userEvent.setup();
    const cancel = vi.fn(() => ({ subscription: subscriptionFixture({ status: 'cancelled', renews: false }) }));
    fakeApi(mockedApi, { get: { '/payments/subscription': () => ({ subscription: subscriptionFixture() }) }, post: { '/payments/subscription/cancel': cancel } });
    renderAt(<SubscriptionCard />, '/user-profile');
    const card = screen.getByRole('region', { name: 'Subscription' });
    expect(await within(card).findByTestId('subscription-plan')).toBeTruthy();
    expect(within(card).getByTestId('subscription-plan').textContent).toBe('1 month');
    expect(within(card).getByTestId('subscription-status').textContent).toBe('Active · Renews on June 15, 2030');

    await user.click(within(card).getByRole('button', { name: 'Cancel subscription' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel your subscription?' });
    expect(dialog.textContent).toContain('Your premium membership stays until June 15, 2030');
    // Focus starts on the safe answer; keeping closes without a call.
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Keep my subscription' }));
    await user.click(within(dialog).getByRole('button', { name: 'Keep my subscription' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(cancel).not.toHaveBeenCalled();

    await user.click(within(card).getByRole('button', { name: 'Cancel subscription' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes, cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(cancel).toHaveBeenCalledTimes(1);
    expect(within(card).getByTestId('subscription-status').textContent).toBe('Cancelled · Ends on June 15, 2030');
    expect(within(card).getByRole('status').textContent).toBe('Your subscription is cancelled. Premium stays until June 15, 2030.');
    expect(within(card).queryByRole('button', { name: 'Cancel subscription' })).toBeNull();
    expect(within(card).getByRole('button', { name: 'Resume subscription' })).toBeTruthy();
  });

  it('resumes a cancelled subscription', async () => {
    const user = userEvent.setup();
    const resume = vi.fn(() => ({ subscription: subscriptionFixture() }));
    fakeApi(mockedApi, {
      get: { '/payments/subscription': () => ({ subscription: subscriptionFixture({ status: 'cancelled', renews: false }) }) },
      post: { '/payments/subscription/resume': resume },
    });
    renderAt(<SubscriptionCard />, '/user-profile');
    await user.click(await screen.findByRole('button', { name: 'Resume subscription' }));
    await waitFor(() => expect(screen.getByTestId('subscription-status').textContent).toBe('Active · Renews on June 15, 2030'));
    expect(resume).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('status').textContent).toBe('Your subscription renews again on June 15, 2030.');
  });

  it('keeps focus on the card: back on Cancel after keeping, then on Resume and Cancel as they replace each other', async () => {
    const user = userEvent.setup();
    let current = subscriptionFixture();
    fakeApi(mockedApi, {
      get: { '/payments/subscription': () => ({ subscription: current }) },
      post: {
        '/payments/subscription/cancel': () => {
          current = subscriptionFixture({ status: 'cancelled', renews: false });
          return { subscription: current };
        },
        '/payments/subscription/resume': () => {
          current = subscriptionFixture();
          return { subscription: current };
        },
      },
    });
    renderAt(<SubscriptionCard />, '/user-profile');
    const cancelButton = await screen.findByRole('button', { name: 'Cancel subscription' });
    await user.click(cancelButton);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Keep my subscription' }));
    await waitFor(() => expect(document.activeElement).toBe(cancelButton));

    await user.click(cancelButton);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes, cancel' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Resume subscription' })));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Resume subscription' }));

    await user.keyboard('{Enter}');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel subscription' })));
  });

  it('says when a cancellation failed, and keeps the dialog for another try', async () => {
    const user = userEvent.setup();
    fakeApi(mockedApi, {
      get: { '/payments/subscription': () => ({ subscription: subscriptionFixture() }) },
      post: {
        '/payments/subscription/cancel': () => {
          throw serverError(500, 'down');
        },
      },
    });
    renderAt(<SubscriptionCard />, '/user-profile');
    await user.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes, cancel' }));
    expect(within(screen.getByRole('dialog')).getByRole('alert').textContent).toBe('That did not work. Please try again.');
  });

  it('shows an ended subscription and the way to the plans when there is none', async () => {
    fakeApi(mockedApi, { get: { '/payments/subscription': () => ({ subscription: subscriptionFixture({ status: 'expired', renews: false, current_period_end: Math.floor(NOW / 1000) - 86_400 }) }) } });
    const first = renderAt(<SubscriptionCard />, '/user-profile');
    expect((await screen.findByTestId('subscription-status')).textContent).toBe('Expired · Ended on April 30, 2030');
    expect(screen.queryAllByRole('button')).toHaveLength(0);
    first.unmount();

    fakeApi(mockedApi, { get: { '/payments/subscription': () => ({ subscription: null }) } });
    renderAt(<SubscriptionCard />, '/user-profile');
    const none = await screen.findByTestId('no-subscription');
    expect(none.textContent).toContain('You have no running subscription.');
    expect(within(none).getByRole('link', { name: 'See the membership plans' }).getAttribute('href')).toBe('/paywall');
  });
});

describe('the payment history card', () => {
  it('lists payments and coin movements, formatted, page by page', async () => {
    const user = userEvent.setup();
    const pages: Record<number, unknown> = {
      1: {
        items: [
          historyItemFixture(3, { description: 'Monthly membership' }),
          historyItemFixture(2, { id: 'coins:9', kind: 'tip', description: 'Tip to Ava', amount_cents: null, currency: null, coins: -50, plan: null, model_name: 'Ava' }),
          historyItemFixture(1, { id: 'payment:1', kind: 'coins', description: '500 coins', amount_cents: 999, coins: 500, plan: null, status: 'pending' }),
        ],
        page: 1,
        per_page: 3,
        total: 4,
        pages: 2,
      },
      2: { items: [historyItemFixture(4, { kind: 'refund', description: 'Old payment', plan: null, status: 'refunded' })], page: 2, per_page: 3, total: 4, pages: 2 },
    };
    fakeApi(mockedApi, { get: { '/user/get_payment_history': (params) => pages[(params as { page: number }).page] } });
    renderAt(<PaymentHistoryCard />, '/user-profile');
    const table = await screen.findByRole('table', { name: 'Payment history' });
    const rows = within(table).getAllByTestId('payment-history-row');
    expect(rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent))).toEqual([
      ['May 3, 2030', 'Membership: 1 month', '€11.89', '—', 'Completed'],
      ['May 2, 2030', 'Tip to Ava', '—', '-50', 'Completed'],
      ['May 1, 2030', '500 coins', '€9.99', '+500', 'Pending'],
    ]);
    const pager = screen.getByRole('navigation', { name: 'Payment history pages' });
    expect(pager.textContent).toContain('Page 1 of 2');
    expect((within(pager).getByRole('button', { name: 'Previous page' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(pager).getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(within(table).getAllByTestId('payment-history-row')).toHaveLength(1));
    expect(within(table).getByText('Refunded')).toBeTruthy();
    expect(pager.textContent).toContain('Page 2 of 2');
    expect(mockedApi.get).toHaveBeenCalledWith('/user/get_payment_history', { page: 2 }, expect.anything());
  });

  it('says when there are no payments yet, and when the history could not be loaded', async () => {
    fakeApi(mockedApi, { get: { '/user/get_payment_history': () => ({ items: [], page: 1, per_page: 20, total: 0, pages: 0 }) } });
    const first = renderAt(<PaymentHistoryCard />, '/user-profile');
    expect((await screen.findByTestId('payment-history-empty')).textContent).toBe('No payments yet.');
    expect(screen.queryByRole('navigation')).toBeNull();
    first.unmount();

    fakeApi(mockedApi, {
      get: {
        '/user/get_payment_history': () => {
          throw serverError(500, 'down');
        },
      },
    });
    renderAt(<PaymentHistoryCard />, '/user-profile');
    expect((await screen.findByRole('alert')).textContent).toContain('Your payment history could not be loaded.');
  });
});
