import { act, render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getPopupStates, hidePopup, resetPopups, showPopup } from '@/components/popups/popup-store';
import type * as Http from '@/lib/http';
import { api } from '@/lib/http';
import type { ApiMock } from '@/test/fake-api';
import { fakeApi } from '@/test/fake-api';
import { resetTipOfferTrigger, useTipOfferTrigger } from './use-tip-offer-trigger';

vi.mock('@/lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof Http>();
  return { ...actual, api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() } };
});

const mockedApi = api as unknown as ApiMock;

function Trigger({ enabled = true }: { enabled?: boolean }) {
  useTipOfferTrigger({ userId: 7, enabled });
  return null;
}

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 10)));

beforeEach(() => {
  vi.clearAllMocks();
  resetPopups();
  resetTipOfferTrigger();
});
afterEach(() => resetTipOfferTrigger());

describe('the model tip offer (GET /feature/model_tip_offer)', () => {
  it('asks once per session and shows the offer when no other popup is up', async () => {
    const ask = vi.fn(() => ({ offer: { model_id: 11, coins: 100 } }));
    fakeApi(mockedApi, { get: { '/feature/model_tip_offer': ask } });
    showPopup('transactional');
    const first = render(<Trigger />);
    await settle();
    expect(getPopupStates()['model-tip-offer']).toBeUndefined();
    act(() => hidePopup('transactional'));
    await waitFor(() => expect(getPopupStates()['model-tip-offer']?.show).toBe(true));
    expect(getPopupStates()['model-tip-offer']?.data).toEqual({ model_id: 11, coins: 100 });
    first.unmount();

    render(<Trigger />);
    await settle();
    expect(ask).toHaveBeenCalledTimes(1);
  });

  it('shows nothing without an offer, and asks nothing when not enabled', async () => {
    const ask = vi.fn(() => ({ offer: null }));
    fakeApi(mockedApi, { get: { '/feature/model_tip_offer': ask } });
    const first = render(<Trigger enabled={false} />);
    await settle();
    expect(ask).not.toHaveBeenCalled();
    first.unmount();
    render(<Trigger />);
    await settle();
    expect(ask).toHaveBeenCalledTimes(1);
    expect(getPopupStates()['model-tip-offer']).toBeUndefined();
  });
});
