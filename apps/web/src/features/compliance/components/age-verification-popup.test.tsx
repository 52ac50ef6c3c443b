import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Http from '@/lib/http';
import { api } from '@/lib/http';
import { setErrorReporter } from '@/lib/report-error';
import { en } from '@/locales';
import { hasAgeVerificationMarker } from '../age-verification-marker';
import { AgeVerificationPopup } from './age-verification-popup';

vi.mock('@/lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof Http>();
  return { ...actual, api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() } };
});

const get = api.get as unknown as ReturnType<typeof vi.fn>;

function renderPopup(leaveTo: (url: string) => void) {
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } }, initAsync: false });
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <AgeVerificationPopup onClose={onClose} leaveTo={leaveTo} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return { onClose };
}

beforeEach(() => {
  vi.clearAllMocks();
  setErrorReporter(() => undefined);
});

describe('AgeVerificationPopup', () => {
  it('starts GET /user/verification_age and sends the browser to the url', async () => {
    const user = userEvent.setup();
    const leaveTo = vi.fn();
    get.mockResolvedValue({ url: 'https://verify.example.test/session/1' });
    renderPopup(leaveTo);
    await user.click(screen.getByRole('button', { name: 'Verify my age' }));
    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith('https://verify.example.test/session/1'));
    expect(get).toHaveBeenCalledWith('/user/verification_age');
    expect(hasAgeVerificationMarker()).toBe(true);
  });

  it('says so when the verification cannot start, and stays', async () => {
    const user = userEvent.setup();
    const leaveTo = vi.fn();
    get.mockRejectedValue(new Error('down'));
    renderPopup(leaveTo);
    await user.click(screen.getByRole('button', { name: 'Verify my age' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'The verification could not be started. Please try again.');
    expect(leaveTo).not.toHaveBeenCalled();
  });

  it('"Not now" closes it', async () => {
    const user = userEvent.setup();
    const { onClose } = renderPopup(vi.fn());
    await user.click(screen.getByRole('button', { name: 'Not now' }));
    expect(onClose).toHaveBeenCalled();
  });
});
