import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Flag, FlagList, PriceSettings, Profile } from '@velora/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetPopups } from '@/components/popups/popup-store';
import type * as Http from '@/lib/http';
import { api } from '@/lib/http';
import { setAccessToken } from '@/lib/storage';
import { serverError } from '@/test/fake-api';
import type { ApiMock, FakeRoutes } from '@/test/render-app';
import { fakeSite, profileFixture, renderApp } from '@/test/render-app';
import { basisPointsOf, centsOf, centsText, decimalSeparatorOf, percentText } from './amounts';

// The back office's site settings (decision record 072): the flags and prices screens, what they send and refuse.

vi.mock('@/lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof Http>();
  return { ...actual, api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() } };
});
const mockedApi = api as unknown as ApiMock;
const calls = (method: 'get' | 'put' | 'delete', path: string) => mockedApi[method].mock.calls.filter(([p]) => p === path);

function signedIn(profile: Profile, routes: FakeRoutes = {}) {
  setAccessToken('token');
  fakeSite(mockedApi, { ...routes, get: { '/user/profile': () => profile, '/roles': () => [], ...routes.get } });
}
const admin = () => profileFixture({ is_team_member: true, team_kinds: ['admin'], second_factor: 'verified' });

const flag = (name: string, overrides: Partial<Flag> = {}): Flag => ({
  name,
  known: true,
  group: 'discounts',
  setting_names: ['percent', 'introduce'],
  versions: ['subscribers'],
  is_active: false,
  version: null,
  settings: {},
  revision: 0,
  overrides: [],
  ...overrides,
});
const flagList: FlagList = {
  flags: [
    flag('black_friday_discount_24'),
    flag('summer_discount', { is_active: true, settings: { percent: 25 }, revision: 3, overrides: [{ campaign: 'spring', is_active: false, version: null, settings: {} }] }),
    flag('trailer', { group: 'content', setting_names: ['introduce'], versions: [], is_active: true, revision: 2 }),
  ],
};

const priceList: PriceSettings = {
  plans: [
    { id: 1, token: 'month-1', period: 'MONTH', period_count: 1, price_cents: 2499, currency: 'EUR', active: true, sort: 1, recommended: false, revision: 4 },
    { id: 2, token: 'month-3', period: 'MONTH', period_count: 3, price_cents: 5999, currency: 'EUR', active: false, sort: 2, recommended: true, revision: 1 },
  ],
  packages: [{ id: 5, token: 'coins-500', coins: 500, bonus_coins: 50, price_cents: 3999, currency: 'EUR', active: true, sort: 0, revision: 1 }],
  vat_rates: [{ country: 'DE', rate_bp: 1900, revision: 1 }],
};

beforeEach(() => {
  vi.clearAllMocks();
  resetPopups();
});
afterEach(() => setAccessToken(null));

describe('amounts as typed', () => {
  it.each([
    ['24.99', 2499],
    ['24,9', 2490],
    [' 7 ', 700],
    ['0.01', 1],
  ])('reads %j as %i cents', (text, cents) => expect(centsOf(text)).toBe(cents));
  it.each(['24.999', '-1', '1e3', '', '24.', 'abc'])('refuses %j', (text) => expect(centsOf(text)).toBeNull());
  it('reads rates in percent as basis points and back', () => {
    expect(basisPointsOf('25.5')).toBe(2550);
    expect(basisPointsOf('19')).toBe(1900);
    expect(basisPointsOf('100')).toBeNull();
    expect(percentText(2550)).toBe('25.5');
    expect(centsText(5)).toBe('0.05');
    expect(centsText(2499, ',')).toBe('24,99');
    expect(percentText(2550, ',')).toBe('25,5');
    expect(decimalSeparatorOf('de-DE')).toBe(',');
  });
});

describe('/backoffice/flags', () => {
  it('lists the flags by group with their state, settings and campaign overrides', async () => {
    signedIn(admin(), { get: { '/backoffice/flags': () => flagList } });
    renderApp('/backoffice/flags');
    expect(await screen.findByRole('heading', { level: 2, name: 'Discounts' })).toBeTruthy();
    const summer = (await screen.findAllByTestId('flag')).find((el) => el.dataset.flag === 'summer_discount')!;
    expect(summer.textContent).toContain('On');
    expect(summer.textContent).toContain('25 % off');
    expect(within(summer).getByTestId('flag-override').textContent).toContain('spring');
    expect(screen.getByRole('heading', { level: 2, name: 'Content' })).toBeTruthy();
  });

  it('turns a discount on with a percent: sends the revision it was loaded at and confirms', async () => {
    const user = userEvent.setup();
    signedIn(admin(), { get: { '/backoffice/flags': () => flagList }, put: { '/backoffice/flags/black_friday_discount_24': () => flag('black_friday_discount_24', { is_active: true, revision: 1 }) } });
    renderApp('/backoffice/flags');
    await user.click(await screen.findByRole('button', { name: 'Edit the flag black_friday_discount_24' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('switch', { name: 'On' }));
    await user.type(within(dialog).getByLabelText('Discount in percent'), '35');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The flag black_friday_discount_24 was saved.')).toBeTruthy();
    expect(calls('put', '/backoffice/flags/black_friday_discount_24').map(([, body]) => body)).toEqual([{ is_active: true, version: null, settings: { percent: 35 }, revision: 0 }]);
  });

  it('refuses a percent out of range without asking the server, and says so on a lost race (409)', async () => {
    const user = userEvent.setup();
    signedIn(admin(), {
      get: { '/backoffice/flags': () => flagList },
      put: {
        '/backoffice/flags/summer_discount': () => {
          throw serverError(409, 'changed', { code: 'CONFLICT', fields: { revision: 'Out of date' } });
        },
      },
    });
    renderApp('/backoffice/flags');
    await user.click(await screen.findByRole('button', { name: 'Edit the flag summer_discount' }));
    const dialog = await screen.findByRole('dialog');
    const percent = within(dialog).getByLabelText('Discount in percent');
    await user.clear(percent);
    await user.type(percent, '95');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter a whole number from 1 to 90.')).toBeTruthy();
    expect(calls('put', '/backoffice/flags/summer_discount')).toEqual([]);
    await user.clear(percent);
    await user.type(percent, '30');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(/Someone else changed this in the meantime/)).toBeTruthy();
    expect(calls('put', '/backoffice/flags/summer_discount')[0]![1]).toMatchObject({ settings: { percent: 30 }, revision: 3 });
  });

  it('sets a flag for one campaign', async () => {
    const user = userEvent.setup();
    signedIn(admin(), { get: { '/backoffice/flags': () => flagList }, put: { '/backoffice/flags/trailer/campaigns/summer-ads': () => flagList.flags[2] } });
    renderApp('/backoffice/flags');
    await user.click(await screen.findByRole('button', { name: 'Set trailer for a campaign' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter the campaign’s name.')).toBeTruthy();
    await user.type(within(dialog).getByLabelText(/^Campaign/), 'summer-ads');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The flag trailer was saved for the campaign summer-ads.')).toBeTruthy();
    expect(calls('put', '/backoffice/flags/trailer/campaigns/summer-ads').map(([, body]) => body)).toEqual([{ is_active: true, version: null, settings: {} }]);
  });

  it('tells a team member who is not an admin that settings are for admins, and asks the server nothing', async () => {
    signedIn(profileFixture({ is_team_member: true, second_factor: 'verified' }));
    renderApp('/backoffice/flags');
    expect(await screen.findByText('Only admins change site settings.')).toBeTruthy();
    await waitFor(() => expect(calls('get', '/backoffice/flags')).toEqual([]));
  });
});

describe('/backoffice/prices', () => {
  it('shows plans, packages and VAT rates with their net prices', async () => {
    signedIn(admin(), { get: { '/backoffice/prices': () => priceList } });
    renderApp('/backoffice/prices');
    const plans = await screen.findByTestId('plans-table');
    const rows = within(plans).getAllByTestId('plan-row');
    expect(rows.map((r) => r.dataset.token)).toEqual(['month-1', 'month-3']);
    expect(rows[0]!.textContent).toContain('€24.99');
    expect(rows[1]!.textContent).toMatch(/No.*Yes/);
    expect(screen.getByTestId('package-row').textContent).toContain('500 coins + 50 bonus');
    expect(screen.getByTestId('vat-row').textContent).toContain('19%');
  });

  it('changes a plan price typed with a comma into whole cents, and refuses a price of 0 without asking', async () => {
    const user = userEvent.setup();
    signedIn(admin(), { get: { '/backoffice/prices': () => priceList }, put: { '/backoffice/plans/1': (body) => ({ ...priceList.plans[0], ...(body as object) }) } });
    renderApp('/backoffice/prices');
    await user.click(await screen.findByRole('button', { name: 'Edit the plan 1 month' }));
    const dialog = await screen.findByRole('dialog');
    const price = within(dialog).getByLabelText(/^Net price/);
    await user.clear(price);
    await user.type(price, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(/Enter an amount above 0/)).toBeTruthy();
    expect(calls('put', '/backoffice/plans/1')).toEqual([]);
    await user.clear(price);
    await user.type(price, '29,99');
    await user.click(within(dialog).getByRole('switch', { name: 'Recommended' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('1 month was saved.')).toBeTruthy();
    expect(calls('put', '/backoffice/plans/1').map(([, body]) => body)).toEqual([{ price_cents: 2999, currency: 'EUR', sort: 1, active: true, recommended: true, revision: 4 }]);
  });

  it("shows the server's refusal under the field it names", async () => {
    const user = userEvent.setup();
    signedIn(admin(), {
      get: { '/backoffice/prices': () => priceList },
      put: {
        '/backoffice/plans/1': () => {
          throw serverError(400, 'bad', { code: 'VALIDATION_FAILED', fields: { currency: 'Must be an ISO 4217 currency' } });
        },
      },
    });
    renderApp('/backoffice/prices');
    await user.click(await screen.findByRole('button', { name: 'Edit the plan 1 month' }));
    const dialog = await screen.findByRole('dialog');
    const currency = within(dialog).getByLabelText('Currency');
    await user.clear(currency);
    await user.type(currency, 'xyz');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Must be an ISO 4217 currency')).toBeTruthy();
    expect(calls('put', '/backoffice/plans/1')[0]![1]).toMatchObject({ currency: 'XYZ' });
  });

  it('adds a country with its rate in percent, sent as basis points with revision 0', async () => {
    const user = userEvent.setup();
    signedIn(admin(), { get: { '/backoffice/prices': () => priceList }, put: { '/backoffice/vat-rates/FI': () => ({ country: 'FI', rate_bp: 2550, revision: 1 }) } });
    renderApp('/backoffice/prices');
    await user.click(await screen.findByRole('button', { name: 'Add a country' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/^Country code/), 'fi');
    await user.type(within(dialog).getByLabelText(/^Rate in percent/), '25,5');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The VAT rate was saved.')).toBeTruthy();
    expect(calls('put', '/backoffice/vat-rates/FI').map(([, body]) => body)).toEqual([{ rate_bp: 2550, revision: 0 }]);
  });
});
