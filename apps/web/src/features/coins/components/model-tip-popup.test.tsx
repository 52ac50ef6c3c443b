import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { INSUFFICIENT_COINS } from '@velora/shared';
import type { ReactNode } from 'react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getPopupStates, hidePopup, resetPopups, showPopup, usePopup } from '@/components/popups/popup-store';
import type * as Http from '@/lib/http';
import { api } from '@/lib/http';
import type { ApiMock } from '@/test/fake-api';
import { fakeApi, serverError } from '@/test/fake-api';
import { TestProviders, createTestQueryClient } from '@/test/providers';
import { onCoinsChanged } from '../coins-changes';
import { CoinBalanceButton } from './coin-balance-button';
import { ModelTipOfferPopup } from './model-tip-offer-popup';
import { ModelTipPopup } from './model-tip-popup';
import { ModelTipSuccessPopup } from './model-tip-success-popup';

vi.mock('@/lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof Http>();
  return { ...actual, api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() } };
});

const mockedApi = api as unknown as ApiMock;

/** The popups of this feature as the app's modal host shows them: each while the store says so. */
function Host({ children }: { children?: ReactNode }) {
  const tip = usePopup('model-tip');
  const success = usePopup('model-tip-success');
  const offer = usePopup('model-tip-offer');
  return (
    <>
      {children}
      {tip?.show ? <ModelTipPopup open onClose={() => hidePopup('model-tip')} /> : null}
      {success?.show ? <ModelTipSuccessPopup open onClose={() => hidePopup('model-tip-success')} /> : null}
      {offer?.show ? <ModelTipOfferPopup open onClose={() => hidePopup('model-tip-offer')} /> : null}
    </>
  );
}

function renderHost(children?: ReactNode) {
  const router = createMemoryRouter([{ path: '*', element: <Host>{children}</Host> }], { initialEntries: ['/profile/11'] });
  return render(
    <TestProviders queryClient={createTestQueryClient()}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
}

interface TipServer {
  balance?: number;
  tip?: (body: { model_id: number; coins: number; idempotency_key?: string }) => unknown;
}

function server({ balance = 120, tip }: TipServer = {}) {
  const tips: { model_id: number; coins: number; idempotency_key?: string }[] = [];
  const tracked: unknown[] = [];
  let coins = balance;
  fakeApi(mockedApi, {
    get: { '/coins/balance': () => ({ coins }) },
    post: {
      '/coins/tip': (body) => {
        const tipBody = body as { model_id: number; coins: number; idempotency_key?: string };
        tips.push(tipBody);
        if (tip) return tip(tipBody);
        coins -= tipBody.coins;
        return { tip_id: 31, model_id: tipBody.model_id, coins: tipBody.coins, balance: coins };
      },
      '/track': (body) => {
        tracked.push(body);
        return {};
      },
    },
  });
  return { tips, tracked };
}

const tipDialog = () => screen.findByRole('dialog', { name: 'Tip Ava Demo' });

beforeEach(() => {
  vi.clearAllMocks();
  resetPopups();
});
afterEach(() => {
  resetPopups();
});

describe('model-tip popup', () => {
  it('offers 10, 50 and 100 coins and another amount, and shows the balance', async () => {
    server();
    showPopup('model-tip', { model_id: 11, model_name: 'Ava Demo' });
    renderHost();
    const dialog = await tipDialog();
    const group = within(dialog).getByRole('group', { name: 'How many coins?' });
    expect(within(group).getAllByRole('radio').map((radio) => radio.parentElement!.textContent)).toEqual(['10 coins', '50 coins', '100 coins', 'Other amount']);
    expect((within(group).getByRole('radio', { name: '50 coins' }) as HTMLInputElement).checked).toBe(true);
    expect(await within(dialog).findByText('Your balance: 120 coins')).toBeTruthy();
  });

  it('sends the tip with an idempotency key, then shows the success popup, tracks model_tip and tells about the new balance', async () => {
    const user = userEvent.setup();
    const { tips, tracked } = server();
    const changed = vi.fn();
    const off = onCoinsChanged(changed);
    showPopup('model-tip', { model_id: 11, model_name: 'Ava Demo' });
    renderHost();
    const dialog = await tipDialog();
    await user.click(within(dialog).getByRole('radio', { name: '100 coins' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send 100 coins' }));

    const success = await screen.findByRole('dialog', { name: 'Thank you!' });
    expect(success.textContent).toContain('You sent 100 coins to Ava Demo. Your balance is now 20 coins.');
    expect(tips).toHaveLength(1);
    expect(tips[0]).toMatchObject({ model_id: 11, coins: 100 });
    expect(tips[0]!.idempotency_key).toMatch(/^[0-9a-f-]{32,36}$/);
    // The Idempotency-Key header is the same key: the server refuses the two when they differ (decision record 030).
    const tipCall = mockedApi.post.mock.calls.find(([path]) => path === '/coins/tip')!;
    expect(tipCall[2]).toEqual({ headers: { 'Idempotency-Key': tips[0]!.idempotency_key } });
    expect(getPopupStates()['model-tip']).toBeUndefined();
    expect(tracked).toEqual([{ name: 'model_tip', properties: { tip_id: 31, model_id: 11, coins: 100 } }]);
    expect(changed).toHaveBeenCalledTimes(1);
    off();
  });

  it('books a double click once', async () => {
    const user = userEvent.setup();
    let answer: (value: unknown) => void = () => undefined;
    const { tips } = server({ tip: () => new Promise((resolve) => (answer = resolve)) });
    showPopup('model-tip', { model_id: 11, model_name: 'Ava Demo' });
    renderHost();
    const dialog = await tipDialog();
    const send = within(dialog).getByRole('button', { name: 'Send 50 coins' });
    await user.dblClick(send);
    await user.click(send);
    expect(tips).toHaveLength(1);
    expect(send.textContent).toBe('Sending…');
    answer({ tip_id: 31, model_id: 11, coins: 50, balance: 70 });
    expect(await screen.findByRole('dialog', { name: 'Thank you!' })).toBeTruthy();
    expect(tips).toHaveLength(1);
  });

  it('uses one key per opened popup: a new popup sends a new one', async () => {
    const user = userEvent.setup();
    const { tips } = server({ balance: 1000 });
    showPopup('model-tip', { model_id: 11, model_name: 'Ava Demo' });
    renderHost();
    await user.click(within(await tipDialog()).getByRole('button', { name: 'Send 50 coins' }));
    await screen.findByRole('dialog', { name: 'Thank you!' });
    hidePopup('model-tip-success');
    showPopup('model-tip', { model_id: 11, model_name: 'Ava Demo' });
    await user.click(within(await tipDialog()).getByRole('button', { name: 'Send 50 coins' }));
    await waitFor(() => expect(tips).toHaveLength(2));
    expect(tips[0]!.idempotency_key).not.toBe(tips[1]!.idempotency_key);
  });

  it('says "not enough coins" on 409 INSUFFICIENT_COINS and offers buy-coins', async () => {
    const user = userEvent.setup();
    server({
      tip: () => {
        throw serverError(409, 'Not enough coins', { code: INSUFFICIENT_COINS });
      },
    });
    showPopup('model-tip', { model_id: 11, model_name: 'Ava Demo' });
    renderHost();
    const dialog = await tipDialog();
    await within(dialog).findByText('Your balance: 120 coins');
    await user.click(within(dialog).getByRole('button', { name: 'Send 50 coins' }));
    const short = await within(dialog).findByTestId('tip-not-enough');
    expect(short.textContent).toContain('You do not have enough coins for this tip.');
    expect((within(dialog).getByRole('button', { name: 'Send 50 coins' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(short).getByRole('button', { name: 'Buy coins' }));
    expect(getPopupStates()['buy-coins']?.show).toBe(true);
    expect(getPopupStates()['model-tip']).toBeUndefined();
  });

  it('knows before sending when the balance does not cover the amount', async () => {
    const user = userEvent.setup();
    const { tips } = server({ balance: 30 });
    showPopup('model-tip', { model_id: 11, model_name: 'Ava Demo' });
    renderHost();
    const dialog = await tipDialog();
    expect(await within(dialog).findByTestId('tip-not-enough')).toBeTruthy();
    await user.click(within(dialog).getByRole('radio', { name: '10 coins' }));
    expect(within(dialog).queryByTestId('tip-not-enough')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Send 10 coins' }));
    await screen.findByRole('dialog', { name: 'Thank you!' });
    expect(tips).toEqual([expect.objectContaining({ coins: 10 })]);
  });

  it('takes another whole number of coins, and refuses anything else', async () => {
    const user = userEvent.setup();
    const { tips } = server({ balance: 20_000 });
    showPopup('model-tip', { model_id: 11, model_name: 'Ava Demo' });
    renderHost();
    const dialog = await tipDialog();
    await user.click(within(dialog).getByRole('radio', { name: 'Other amount' }));
    const input = within(dialog).getByRole('spinbutton', { name: 'Number of coins' });
    await user.type(input, '20001');
    await user.click(within(dialog).getByRole('button', { name: 'Send tip' }));
    expect(within(dialog).getByText('Enter a whole number of coins from 1 to 10,000.')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(tips).toHaveLength(0);
    await user.clear(input);
    await user.type(input, '75');
    await user.click(within(dialog).getByRole('button', { name: 'Send 75 coins' }));
    await screen.findByRole('dialog', { name: 'Thank you!' });
    expect(tips).toEqual([expect.objectContaining({ model_id: 11, coins: 75 })]);
  });

  it('starts from the coins an offer suggests', async () => {
    server();
    showPopup('model-tip', { model_id: 11, coins: 25 });
    renderHost();
    const dialog = await screen.findByRole('dialog', { name: 'Send a tip' });
    expect((within(dialog).getByRole('radio', { name: 'Other amount' }) as HTMLInputElement).checked).toBe(true);
    expect((within(dialog).getByRole('spinbutton', { name: 'Number of coins' }) as HTMLInputElement).value).toBe('25');
  });

  it('closes on 451 (the app shows the law-limitation popup)', async () => {
    const user = userEvent.setup();
    server({
      tip: () => {
        throw serverError(451, 'Not in your country', { code: 'LAW_LIMITED' });
      },
    });
    showPopup('model-tip', { model_id: 11, model_name: 'Ava Demo' });
    renderHost();
    await user.click(within(await tipDialog()).getByRole('button', { name: 'Send 50 coins' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('model-tip-offer popup', () => {
  it('names the model, shows her picture and leads to model-tip for her with the offered coins', async () => {
    const user = userEvent.setup();
    server();
    showPopup('model-tip-offer', { model_id: 11, coins: 100, model_name: 'Ava Demo', model_image: '/media/models/11-400x400.jpg' });
    renderHost();
    const offer = await screen.findByRole('dialog', { name: 'Say thank you to Ava Demo' });
    expect(offer.textContent).toContain('Enjoying Ava Demo? Send her a tip of 100 coins');
    expect(within(offer).getByRole('img', { name: 'Ava Demo' }).getAttribute('src')).toBe('/media/models/11-400x400.jpg');
    await user.click(within(offer).getByRole('button', { name: 'Send a tip' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tip Ava Demo' });
    expect((within(dialog).getByRole('radio', { name: '100 coins' }) as HTMLInputElement).checked).toBe(true);
    expect(getPopupStates()['model-tip']?.data).toEqual({ model_id: 11, model_name: 'Ava Demo', coins: 100 });
  });

  it('still reads without a name (an offer stored before names existed)', async () => {
    server();
    showPopup('model-tip-offer', { model_id: 11, coins: 100 });
    renderHost();
    const offer = await screen.findByRole('dialog', { name: 'Say thank you with a tip' });
    expect(offer.textContent).toContain('Send her a tip of 100 coins');
    expect(within(offer).queryByRole('img')).toBeNull();
  });
});

describe('the coin balance in the header', () => {
  it('shows the coins and opens buy-coins', async () => {
    const user = userEvent.setup();
    server();
    renderHost(<CoinBalanceButton coins={1250} />);
    const button = screen.getByRole('button', { name: 'Your coins: 1,250. Buy coins' });
    expect(screen.getByTestId('coin-balance-amount').textContent).toBe('1,250');
    await user.click(button);
    expect(getPopupStates()['buy-coins']?.show).toBe(true);
  });
});
