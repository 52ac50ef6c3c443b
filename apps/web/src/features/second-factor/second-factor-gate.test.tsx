import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Profile, SecondFactorState } from '@velora/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetPopups } from '@/components/popups/popup-store';
import type * as Http from '@/lib/http';
import { api } from '@/lib/http';
import { setAccessToken } from '@/lib/storage';
import { serverError } from '@/test/fake-api';
import type { ApiMock, FakeRoutes } from '@/test/render-app';
import { fakeSite, profileFixture, renderApp } from '@/test/render-app';

// The studio's and back office's screens behind two-factor sign-in (decision record 070), through the back office's
// overview: set up an app (QR code, key, first code, recovery codes), or enter a code, before the screen shows.

vi.mock('@/lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof Http>();
  return { ...actual, api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() } };
});
const mockedApi = api as unknown as ApiMock;
const posts = (path: string) => mockedApi.post.mock.calls.filter(([p]) => p === path).map(([, body]) => body);

const admin = (): Profile => profileFixture({ is_team_member: true, team_kinds: ['admin'], second_factor: 'pending' });
const state = (overrides: Partial<SecondFactorState>): SecondFactorState => ({ needed: true, enrolled: true, verified_until: null, recovery_codes_left: 10, ...overrides });
const CODES = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);

function signedIn(second: () => SecondFactorState, routes: FakeRoutes = {}) {
  setAccessToken('token');
  fakeSite(mockedApi, { ...routes, get: { '/user/profile': admin, '/roles': () => [], '/auth/second-factor': second, ...routes.get } });
}

beforeEach(() => {
  vi.clearAllMocks();
  resetPopups();
});
afterEach(() => setAccessToken(null));

describe('a team member without an authenticator app', () => {
  it('sets one up: QR code and key, the first code, then the recovery codes, then the screen', async () => {
    const user = userEvent.setup();
    let current = state({ enrolled: false });
    signedIn(() => current, {
      post: {
        '/auth/second-factor/setup': () => ({ secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', otpauth_uri: 'otpauth://totp/Velora:admin?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Velora', qr_svg: '<svg xmlns="http://www.w3.org/2000/svg"/>' }),
        '/auth/second-factor/confirm': (body) => {
          // The server forgives the space apps show in the middle.
          if ((body as { code: string }).code.replace(/ /g, '') !== '123456') throw serverError(400, 'That code is not right', { code: 'SECOND_FACTOR_CODE_WRONG', fields: { code: 'Not the current code' } });
          current = state({ verified_until: 4_000_000_000 });
          return { recovery_codes: CODES };
        },
      },
    });
    renderApp('/backoffice');
    expect(await screen.findByRole('heading', { level: 1, name: 'Set up two-factor sign-in' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Back office' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Set up an authenticator app' }));
    expect(await screen.findByRole('img', { name: 'QR code of your two-factor secret' })).toBeTruthy();
    expect(screen.getByTestId('second-factor-secret').textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');

    // A wrong code is said at the field, which keeps the focus.
    const field = screen.getByLabelText('Code from your app');
    await waitFor(() => expect(document.activeElement).toBe(field));
    await user.type(field, '000000');
    await user.click(screen.getByRole('button', { name: 'Confirm and continue' }));
    expect(await screen.findByText('That code is not right. Enter the code your app shows now.')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');

    await user.type(field, '123 456');
    await user.click(screen.getByRole('button', { name: 'Confirm and continue' }));
    expect(posts('/auth/second-factor/confirm').at(-1)).toEqual({ code: '123 456' });
    // The codes are shown once; continuing needs the person's word that they kept them.
    expect(await screen.findByRole('heading', { name: 'Keep your recovery codes' })).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(expect.arrayContaining(CODES));
    const go = screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement;
    expect(go.disabled).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: 'I have kept my recovery codes' }));
    await user.click(go);
    expect(await screen.findByRole('heading', { level: 1, name: 'Back office' })).toBeTruthy();
  }, 20_000);
});

describe('a team member with an app, on a new session', () => {
  it('enters a code before the screen shows; a wrong one is said, a recovery code works too', async () => {
    const user = userEvent.setup();
    let current = state({});
    signedIn(() => current, {
      post: {
        '/auth/second-factor/verify': (body) => {
          if ((body as { code: string }).code !== 'k3m9p-x2w7q') throw serverError(400, 'That code is not right', { code: 'SECOND_FACTOR_CODE_WRONG', fields: { code: 'Wrong' } });
          current = state({ verified_until: 4_000_000_000 });
          return current;
        },
      },
    });
    renderApp('/backoffice');
    expect(await screen.findByRole('heading', { level: 1, name: 'Two-factor sign-in' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Enter a code.')).toBeTruthy();
    await user.type(screen.getByLabelText('Code from your app'), '111111');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('That code is not right. Enter the code your app shows now.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    await user.type(screen.getByLabelText('Recovery code'), 'k3m9p-x2w7q');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Back office' })).toBeTruthy();
    expect(posts('/auth/second-factor/verify').map((b) => (b as { code: string }).code)).toEqual(['111111', 'k3m9p-x2w7q']);
  });

  it('says when the state cannot be loaded, and tries again', async () => {
    const user = userEvent.setup();
    let fail = true;
    signedIn(() => {
      if (fail) throw serverError(503, 'down');
      return state({ verified_until: 4_000_000_000 });
    });
    renderApp('/backoffice');
    expect(await screen.findByText('Your two-factor sign-in could not be checked.', {}, { timeout: 5000 })).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Back office' })).toBeTruthy();
  });
});
