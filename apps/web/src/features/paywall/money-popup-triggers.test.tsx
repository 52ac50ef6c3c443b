import { act, screen, waitFor } from '@testing-library/react';
import type { FeatureMapT } from '@velora/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getPopupStates, hidePopup, resetPopups, showPopup } from '@/components/popups/popup-store';
import { writeSuccessMarker } from '@/lib/storage';
import type { SubscriptionPopupGateInput } from './money-popup-triggers';
import { resetDiscountPopupTrigger, useDiscountPopupTrigger, useSubscriptionPopupGate } from './money-popup-triggers';
import { resetPaymentReturn } from './payment-return';
import { renderAt } from './test/render';

const on = (version: string | null = null, settings: Record<string, unknown> = {}) => ({ is_active: true, version, settings });

function Gate(props: SubscriptionPopupGateInput) {
  useSubscriptionPopupGate(props);
  return null;
}

function Discounts({ features }: { features: FeatureMapT }) {
  const type = useDiscountPopupTrigger({ userId: 7, features });
  return <p data-testid="discount-type">{type ?? 'none'}</p>;
}

const gate = (overrides: Partial<SubscriptionPopupGateInput> = {}): SubscriptionPopupGateInput => ({
  userId: 7,
  premium: false,
  features: {},
  ageVerificationOn: false,
  ...overrides,
});

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 10)));
const shown = (type: Parameters<typeof showPopup>[0]) => getPopupStates()[type]?.show === true;

beforeEach(() => {
  resetPopups();
  resetPaymentReturn();
  resetDiscountPopupTrigger();
});
afterEach(() => {
  resetDiscountPopupTrigger();
});

describe('the subscription popup gate (product §4)', () => {
  it('lets the popup show for a free member without a discount', async () => {
    const { url } = renderAt(<Gate {...gate()} />, '/videos');
    act(() => showPopup('buy-subscription'));
    await settle();
    expect(shown('buy-subscription')).toBe(true);
    expect(url()).toBe('/videos');
  });

  const nothing = (): void => undefined;
  const justBought = (): void => writeSuccessMarker('successBuy', { user_id: 7, payment_id: 'pay_12345678', plan_name: null });
  it.each([
    ['a premium member', gate({ premium: true }), '/videos', nothing],
    ['right after a purchase (success_buy marker)', gate(), '/videos', justBought],
    ['/agb while age verification is on', gate({ ageVerificationOn: true }), '/agb', nothing],
    ['/contact-us while age verification is on', gate({ ageVerificationOn: true }), '/contact-us', nothing],
  ] as const)('keeps it away for %s', async (_case, input, path, prepare) => {
    prepare();
    const { url } = renderAt(<Gate {...input} />, path);
    act(() => showPopup('buy-subscription'));
    await waitFor(() => expect(shown('buy-subscription')).toBe(false));
    expect(url()).toBe(path);
  });

  it('sends the member to /paywall instead while a discount is active', async () => {
    const { url } = renderAt(<Gate {...gate({ features: { summer_discount: on() } })} />, '/videos');
    act(() => showPopup('buy-subscription'));
    await waitFor(() => expect(url()).toBe('/paywall'));
    expect(shown('buy-subscription')).toBe(false);
  });

  it('does not send a premium member anywhere, discount or not', async () => {
    const { url } = renderAt(<Gate {...gate({ premium: true, features: { summer_discount: on() } })} />, '/videos');
    act(() => showPopup('buy-subscription'));
    await waitFor(() => expect(shown('buy-subscription')).toBe(false));
    expect(url()).toBe('/videos');
  });
});

describe('the discount popups (product §4)', () => {
  it('offers the discount that applies once per session, with the percent of its feature', async () => {
    renderAt(<Discounts features={{ black_friday_discount_24: on('v2', { percent: 40 }) }} />, '/videos');
    await waitFor(() => expect(shown('black-friday-discount')).toBe(true));
    expect(getPopupStates()['black-friday-discount']?.data).toEqual({ percent: 40 });
    expect(screen.getByTestId('discount-type').textContent).toBe('black-friday-discount');
    act(() => hidePopup('black-friday-discount'));
    await settle();
    expect(shown('black-friday-discount')).toBe(false);
  });

  it('does not offer it again in the same session (a reload)', async () => {
    const first = renderAt(<Discounts features={{ summer_discount: on() }} />, '/videos');
    await waitFor(() => expect(shown('summer-discount')).toBe(true));
    first.unmount();
    resetPopups();
    renderAt(<Discounts features={{ summer_discount: on() }} />, '/videos');
    await settle();
    expect(shown('summer-discount')).toBe(false);
  });

  it.each([
    ['black Friday for subscribers', { black_friday_discount_24: on('subscribers') }],
    ['no discount at all', {}],
    ['a discount without a popup', { cc_discount: on() }],
  ] as const)('offers nothing for %s', async (_case, features) => {
    renderAt(<Discounts features={features} />, '/videos');
    await settle();
    expect(Object.values(getPopupStates()).some((state) => state?.show)).toBe(false);
    expect(screen.getByTestId('discount-type').textContent).toBe('none');
  });

  it('waits while another popup is up, and never shows on /paywall itself', async () => {
    showPopup('transactional');
    const { router } = renderAt(<Discounts features={{ valentines_day_discount_25: on() }} />, '/paywall');
    await settle();
    expect(shown('valentines-discount')).toBe(false);
    act(() => hidePopup('transactional'));
    await settle();
    expect(shown('valentines-discount')).toBe(false);
    await act(() => router.navigate('/videos'));
    await waitFor(() => expect(shown('valentines-discount')).toBe(true));
  });
});
