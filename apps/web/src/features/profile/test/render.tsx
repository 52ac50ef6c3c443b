// Renders profile screens on their own: a query client, English texts, the app's links, an account and a router.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { Profile } from '@velora/shared';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { vi } from 'vitest';
import type { AppLinks } from '@/components/app-links';
import { AppLinksProvider } from '@/components/app-links';
import { ApiError } from '@/lib/http';
import { en } from '@/locales';
import type { Account } from '../account';
import { AccountProvider } from '../account';

export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } }, interpolation: { escapeValue: false }, initAsync: false });

const links = {
  userProfile: '/user-profile',
  userProfileSettings: '/user-profile/settings',
  paywall: '/paywall',
} as AppLinks;

export const profileOf = (overrides: Partial<Profile> = {}): Profile => ({
  id: 7,
  language: 'en',
  premium_until: null,
  registration_campaign: null,
  registration_region: null,
  coins: 1250,
  email: 'member@example.test',
  email_verified: true,
  avatar: 5,
  avatar_url: 'https://cdn.example.test/media/avatars/5.svg',
  username: 'member',
  chatname: 'Chatty',
  first_name: 'Ada',
  last_name: 'Lovelace',
  street: 'Main St',
  house: '12a',
  zip: '10115',
  city: 'Berlin',
  country: 'DE',
  playdate_notification: true,
  camera_mail_notification: true,
  newsletter_subscribed: false,
  age_verified: false,
  age: null,
  source: null,
  other_source: null,
  is_team_member: false,
  model_id: null,
  company: null,
  features: {},
  settings: { playdate_block: true, upcoming_playdate_block: true },
  subscription: null,
  law_limitations: [],
  ...overrides,
});

export function accountOf(profile: Profile | null, overrides: Partial<Account> = {}): Account {
  return { profile, isPending: false, isError: false, retry: vi.fn(), refresh: vi.fn(() => Promise.resolve()), ...overrides };
}

/** An ApiError as the server sends it: `{ error: { code, message, fields? } }`. */
export function refusal(status: number, message: string, fields?: Record<string, string>): ApiError {
  const code = status === 429 ? 'RATE_LIMITED' : status === 409 ? 'CONFLICT' : 'VALIDATION_FAILED';
  return new ApiError({ status, statusText: '', body: { error: { code, message, ...(fields ? { fields } : {}) } }, path: '' });
}

export function renderWithAccount(ui: ReactNode, account: Account, path = '/') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [path] });
  const utils = render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <AppLinksProvider links={links}>
          <AccountProvider value={account}>
            <RouterProvider router={router} />
          </AccountProvider>
        </AppLinksProvider>
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return { ...utils, queryClient, router };
}
