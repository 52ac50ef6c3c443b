// Renders profile screens on their own: a query client, English texts, an account and a router.
import { render } from '@testing-library/react';
import type { Profile } from '@velora/shared';
import type { ReactNode } from 'react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { vi } from 'vitest';
import type { ApiError } from '@/lib/http';
import { serverError } from '@/test/fake-api';
import { profileFixture } from '@/test/fixtures';
import { TestProviders, createTestQueryClient, testI18n } from '@/test/providers';
import type { Account } from '../account';
import { AccountProvider } from '../account';

export const i18n = testI18n;

/** A member who has filled in everything: names, address, avatar, coins. */
export const profileOf = (overrides: Partial<Profile> = {}): Profile =>
  profileFixture({
    coins: 1250,
    email_verified: true,
    avatar: 5,
    avatar_url: 'https://cdn.example.test/media/avatars/5.svg',
    chatname: 'Chatty',
    first_name: 'Ada',
    last_name: 'Lovelace',
    street: 'Main St',
    house: '12a',
    zip: '10115',
    city: 'Berlin',
    country: 'DE',
    settings: { playdate_block: true, upcoming_playdate_block: true },
    ...overrides,
  });

export function accountOf(profile: Profile | null, overrides: Partial<Account> = {}): Account {
  return { profile, isPending: false, isError: false, retry: vi.fn(), refresh: vi.fn(() => Promise.resolve()), ...overrides };
}

/** A refusal of the account calls, with the code the server gives its status. */
export function refusal(status: number, message: string, fields?: Record<string, string>): ApiError {
  const code = status === 429 ? 'RATE_LIMITED' : status === 409 ? 'CONFLICT' : 'VALIDATION_FAILED';
  return serverError(status, message, { code, fields });
}

export function renderWithAccount(ui: ReactNode, account: Account, path = '/') {
  const queryClient = createTestQueryClient();
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [path] });
  const utils = render(
    <TestProviders queryClient={queryClient}>
      <AccountProvider value={account}>
        <RouterProvider router={router} />
      </AccountProvider>
    </TestProviders>,
  );
  return { ...utils, queryClient, router };
}
