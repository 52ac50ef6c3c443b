import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Payment } from '@velora/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getPopupStates, hidePopup, resetPopups, usePopup } from '@/components/popups/popup-store';
import type * as Http from '@/lib/http';
import { api } from '@/lib/http';
import { STORAGE_KEYS, hasSuccessMarker, writeSuccessMarker } from '@/lib/storage';
import { BuyCoinsSuccessPopup } from './components/buy-coins-success-popup';
import { PaymentReturnLayer } from './components/payment-return-layer';
import { PaymentReturnNotice } from './components/payment-return-notice';
import { POLL_LIMIT_MS, resetPaymentReturn, usePaymentReturn } from './payment-return';
import type { ApiMock } from './test/render';
import { PAYMENT_ID, fakeApi, paymentFixture, renderAt, serverError } from './test/render';

vi.mock('@/lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof Http>();
  return { ...actual, api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() } };
});

const mockedApi = api as unknown as ApiMock;
const USER_ID = 7;

/** The app around the return: the hook (as app/popups mounts it), its layer, the coins success popup of the registry and, on /paywall, the inline notice. */
function Harness({ onSucceeded }: { onSucceeded: (payment: Payment) => void }) {
  usePaymentReturn({ userId: USER_ID, onSucceeded });
  const coinsSuccess = usePopup('buy-coins-success');
  return (
    <>
      <PaymentReturnNotice />
      <PaymentReturnLayer />
      {coinsSuccess?.show ? <BuyCoinsSuccessPopup open onClose={() => hidePopup('buy-coins-success')} /> : null}
    </>
  );
}

/** GET /payments/{id} answers `statuses` in turn (the last one again and again); POST /track is recorded. */
function provider(statuses: (Partial<Payment> | Error)[]) {
  const answers = [...statuses];
  const tracked: unknown[] = [];
  const poll = vi.fn(() => {
    const next = answers.length > 1 ? answers.shift()! : answers[0]!;
    if (next instanceof Error) throw next;
    return paymentFixture(next);
  });
  fakeApi(mockedApi, {
    get: { [`/payments/${PAYMENT_ID}`]: poll },
    post: {
      '/track': (body) => {
        tracked.push(body);
        return {};
      },
    },
  });
  return { poll, tracked };
}

function renderReturn(path: string) {
  const onSucceeded = vi.fn();
  const utils = renderAt(<Harness onSucceeded={onSucceeded} />, path);
  return { onSucceeded, ...utils };
}

/** The inline notice (a dialog over the page hides it from the accessibility tree, not from the page). */
const status = () => screen.getAllByTestId('payment-return')[0]!;

beforeEach(() => {
  vi.clearAllMocks();
  resetPopups();
  resetPaymentReturn();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the return from the payment provider', () => {
  it('confirms a membership: polls while pending, then the marker, the events, fresh data, the id out of the URL and the success dialog once', async () => {
    const { poll, tracked } = provider([{ status: 'pending' }, { status: 'succeeded' }]);
    const { onSucceeded, url, unmount } = renderReturn(`/paywall?payment=${PAYMENT_ID}&from=mail`);
    await waitFor(() => expect(status().textContent).toContain('Confirming your payment…'));
    expect(url()).toBe(`/paywall?payment=${PAYMENT_ID}&from=mail`);

    const dialog = await screen.findByRole('dialog', { name: 'Welcome to Premium!' }, { timeout: 4000 });
    // Named by its duration in the page language, not by the plan's stored name.
    expect(dialog.textContent).toContain('Your membership “1 month” is active.');
    expect(poll).toHaveBeenCalledTimes(2);
    expect(url()).toBe('/paywall?from=mail');
    expect(onSucceeded).toHaveBeenCalledTimes(1);
    expect(onSucceeded.mock.calls[0]![0]).toMatchObject({ id: PAYMENT_ID, status: 'succeeded' });
    expect(tracked.map((body) => (body as { name: string }).name)).toEqual(['success_buy', 'buy_subscription']);
    expect(tracked[0]).toMatchObject({ properties: { payment_id: PAYMENT_ID, kind: 'subscription', amount_cents: 1189, currency: 'EUR', plan: 'Monthly' } });
    expect(status().textContent).toContain('Your payment is confirmed. Thank you!');
    // The one-time marker was read and cleared when the dialog showed.
    expect(hasSuccessMarker('successBuy', USER_ID)).toBe(false);
    expect(localStorage.getItem(STORAGE_KEYS.successBuy)).toBeNull();

    // A reload: no id in the URL, no marker, no dialog, no second purchase event.
    unmount();
    resetPaymentReturn();
    renderReturn('/paywall?from=mail');
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(tracked).toHaveLength(2);
  });

  it('confirms coins bought: charge_coins, and buy-coins-success with the coins, once', async () => {
    const { tracked } = provider([{ kind: 'coins', plan: null, coins: 500, amount_cents: 999 }]);
    const { url, onSucceeded } = renderReturn(`/recent_updates?payment=${PAYMENT_ID}`);
    const dialog = await screen.findByRole('dialog', { name: 'Coins added' });
    expect(dialog.textContent).toContain('500 coins are now in your account.');
    expect(url()).toBe('/recent_updates');
    expect(onSucceeded).toHaveBeenCalledTimes(1);
    expect(tracked).toEqual([{ name: 'charge_coins', properties: { payment_id: PAYMENT_ID, kind: 'coins', amount_cents: 999, currency: 'EUR', coins: 500 } }]);
    expect(hasSuccessMarker('successBuyCoins', USER_ID)).toBe(false);
    expect(screen.queryByRole('dialog', { name: 'Welcome to Premium!' })).toBeNull();
  });

  it('says a failed payment did not go through, with no marker, no event and the plans page as it was', async () => {
    const { tracked } = provider([{ status: 'failed' }]);
    const { url, onSucceeded } = renderReturn(`/paywall?payment=${PAYMENT_ID}`);
    await waitFor(() => expect(status().textContent).toContain('Your payment did not go through, and nothing was charged. You can try again.'));
    await waitFor(() => expect(url()).toBe('/paywall'));
    expect(onSucceeded).not.toHaveBeenCalled();
    expect(tracked).toEqual([]);
    expect(hasSuccessMarker('successBuy', USER_ID)).toBe(false);
    expect(screen.queryByRole('dialog')).toBeNull();
    // The message can be dismissed.
    await userEvent.setup().click(within(status()).getByRole('button', { name: 'Dismiss' }));
    expect(status().textContent).toBe('');
  });

  it('says a cancelled payment charged nothing; a failed coin purchase offers buy-coins again', async () => {
    provider([{ status: 'cancelled' }]);
    const first = renderReturn(`/paywall?payment=${PAYMENT_ID}`);
    await waitFor(() => expect(status().textContent).toContain('You cancelled the payment. Nothing was charged.'));
    first.unmount();
    resetPaymentReturn();

    provider([{ status: 'failed', kind: 'coins', plan: null, coins: 500 }]);
    renderReturn(`/recent_updates?payment=${PAYMENT_ID}`);
    const user = userEvent.setup();
    await waitFor(() => expect(status().textContent).toContain('Your payment did not go through'));
    await user.click(within(status()).getByRole('button', { name: 'Buy coins' }));
    expect(getPopupStates()['buy-coins']?.show).toBe(true);
  });

  it('stops polling after about 30 seconds and says the confirmation is late', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { poll } = provider([{ status: 'pending' }]);
    const { url } = renderReturn(`/paywall?payment=${PAYMENT_ID}`);
    await waitFor(() => expect(poll).toHaveBeenCalledTimes(1));
    await act(() => vi.advanceTimersByTimeAsync(POLL_LIMIT_MS + 2000));
    await waitFor(() => expect(status().textContent).toContain('taking longer than usual'));
    expect(poll.mock.calls.length).toBeGreaterThanOrEqual(30);
    expect(poll.mock.calls.length).toBeLessThanOrEqual(33);
    const calls = poll.mock.calls.length;
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(poll).toHaveBeenCalledTimes(calls);
    await waitFor(() => expect(url()).toBe('/paywall'));
  });

  it('says the payment could not be checked when the server cannot tell (404)', async () => {
    provider([serverError(404, 'Not found', { code: 'NOT_FOUND' })]);
    const { url } = renderReturn(`/paywall?payment=${PAYMENT_ID}`);
    await waitFor(() => expect(status().textContent).toContain('Your payment could not be checked just now.'));
    await waitFor(() => expect(url()).toBe('/paywall'));
  });

  it('drops a malformed id without asking the server', async () => {
    const { poll } = provider([{ status: 'succeeded' }]);
    const { url } = renderReturn('/paywall?payment=%3Cscript%3E');
    await waitFor(() => expect(url()).toBe('/paywall'));
    expect(poll).not.toHaveBeenCalled();
  });

  it('shows a success popup whose marker waited (a reload before it showed), once, and never another user’s', async () => {
    provider([{ status: 'succeeded' }]);
    writeSuccessMarker('successBuyCoins', { user_id: USER_ID, payment_id: PAYMENT_ID, coins: 250 });
    const first = renderReturn('/recent_updates');
    expect((await screen.findByRole('dialog', { name: 'Coins added' })).textContent).toContain('250 coins');
    first.unmount();
    resetPopups();

    renderReturn('/recent_updates');
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.queryByRole('dialog')).toBeNull();

    writeSuccessMarker('successBuy', { user_id: 99, payment_id: PAYMENT_ID, plan_name: 'Monthly' });
    renderReturn('/recent_updates');
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
