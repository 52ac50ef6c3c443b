import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CaptchaChallenge } from '@velora/shared';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Http from '@/lib/http';
import { api } from '@/lib/http';
import { en } from '@/locales';
import { deriveKey } from '../captcha/solve';
import { CaptchaField } from './captcha-field';

vi.mock('@/lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof Http>();
  return { ...actual, api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() } };
});

const mockedApi = vi.mocked(api);
const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } }, interpolation: { escapeValue: false }, initAsync: false });

const hex = (bytes: Uint8Array) => [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');

/** An (unsigned) deterministic challenge whose answer is `counter`: the browser has no HMAC key, nor needs one. */
async function challengeFor(counter: number): Promise<CaptchaChallenge> {
  const nonce = new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8]);
  const salt = new Uint8Array([8, 7, 6, 5]);
  const password = new Uint8Array(nonce.length + 4);
  password.set(nonce);
  new DataView(password.buffer).setUint32(nonce.length, counter, false);
  const parameters = { algorithm: 'SHA-256', nonce: hex(nonce), salt: hex(salt), cost: 2, keyLength: 32, keyPrefix: '' };
  const { derivedKey } = await deriveKey(parameters, salt, password);
  return { parameters: { ...parameters, keyPrefix: hex(derivedKey.slice(0, 16)) }, signature: 'sig' };
}

function renderField(onChange = vi.fn(), resetKey = 0) {
  const utils = render(
    <I18nextProvider i18n={i18n}>
      <CaptchaField onChange={onChange} resetKey={resetKey} />
    </I18nextProvider>,
  );
  return { onChange, ...utils };
}

beforeEach(() => {
  vi.clearAllMocks();
});

describe('CaptchaField', () => {
  it('solves the challenge of GET /captcha/challenge when ticked and hands the payload to the form', async () => {
    const user = userEvent.setup();
    const challenge = await challengeFor(37);
    mockedApi.get.mockResolvedValue(challenge);
    const { onChange } = renderField();
    const group = screen.getByTestId('captcha');
    expect(screen.getByRole('group', { name: 'Spam protection' })).toBe(group);

    await user.click(within(group).getByRole('checkbox', { name: 'I am not a robot' }));
    await waitFor(() => expect(within(group).getByRole('status').textContent).toBe('Verified'));
    expect(mockedApi.get).toHaveBeenCalledWith('/captcha/challenge', undefined, expect.objectContaining({ signal: expect.any(AbortSignal) }));
    const payload = onChange.mock.calls.at(-1)?.[0] as string;
    expect(JSON.parse(atob(payload))).toEqual({ challenge, solution: expect.objectContaining({ counter: 37 }) });
    expect(group.querySelector('[data-state="verified"]')).not.toBeNull();
    expect((group.querySelector('input[name="captcha"]') as HTMLInputElement).value).toBe(payload);

    // Unticking withdraws it.
    await user.click(within(group).getByRole('checkbox'));
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('says so when the challenge cannot be had, and may be ticked again', async () => {
    const user = userEvent.setup();
    mockedApi.get.mockRejectedValueOnce(new Error('offline'));
    const { onChange } = renderField();
    await user.click(screen.getByRole('checkbox', { name: 'I am not a robot' }));
    expect(await screen.findByText('The check did not work. Tick the box to try again.')).toBeTruthy();
    expect((screen.getByRole('checkbox') as HTMLInputElement).checked).toBe(false);
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('starts over when the form resets it', async () => {
    const user = userEvent.setup();
    mockedApi.get.mockResolvedValue(await challengeFor(3));
    const onChange = vi.fn();
    const { rerender } = renderField(onChange);
    await user.click(screen.getByRole('checkbox', { name: 'I am not a robot' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Verified'));
    rerender(
      <I18nextProvider i18n={i18n}>
        <CaptchaField onChange={onChange} resetKey={1} />
      </I18nextProvider>,
    );
    expect((screen.getByRole('checkbox') as HTMLInputElement).checked).toBe(false);
    expect(onChange).toHaveBeenLastCalledWith(null);
  });
});
