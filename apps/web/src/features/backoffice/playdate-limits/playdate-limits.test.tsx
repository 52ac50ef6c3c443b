import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_PLAYDATE_LIMITS, type PlaydateLimits, type Profile } from '@velora/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetPopups } from '@/components/popups/popup-store';
import type * as Http from '@/lib/http';
import { api } from '@/lib/http';
import { setAccessToken } from '@/lib/storage';
import { serverError } from '@/test/fake-api';
import type { ApiMock, FakeRoutes } from '@/test/render-app';
import { fakeSite, profileFixture, renderApp } from '@/test/render-app';
import { readDraft, draftOf } from './playdate-limits-input';

vi.mock('@/lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof Http>();
  return { ...actual, api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() } };
});

const mockedApi = api as unknown as ApiMock;
const limitsCalls = (method: 'get' | 'put') => mockedApi[method].mock.calls.filter(([path]) => path === '/team/playdate-limits');

function signedIn(profile: Profile, routes: FakeRoutes = {}) {
  setAccessToken('token');
  fakeSite(mockedApi, { ...routes, get: { '/user/profile': () => profile, '/roles': () => [], ...routes.get } });
}

const team = () => profileFixture({ is_team_member: true, second_factor: 'verified' });
const current: PlaydateLimits = { ...DEFAULT_PLAYDATE_LIMITS, durations: [5, 10, 25], request_expiry_minutes: 90 };

beforeEach(() => {
  vi.clearAllMocks();
  resetPopups();
});
afterEach(() => setAccessToken(null));

describe('/backoffice/playdate-limits', () => {
  it('shows the current limits: prices, the common durations and the current ones ticked, the expiry in hours and minutes', async () => {
    signedIn(team(), { get: { '/team/playdate-limits': () => current } });
    renderApp('/backoffice/playdate-limits');
    expect(await screen.findByRole('heading', { level: 1, name: 'Playdate limits' })).toBeTruthy();
    expect(((await screen.findByLabelText('Lowest price')) as HTMLInputElement).value).toBe('5');
    expect((screen.getByLabelText('Highest price') as HTMLInputElement).value).toBe('200');
    const durations = screen.getByRole('group', { name: 'Durations models may offer' });
    const boxes = within(durations).getAllByRole('checkbox') as HTMLInputElement[];
    // 1 5 10 15 20 25 30 45 60 90 120: the common ones and her 25.
    expect(boxes.map((b) => b.parentElement!.textContent)).toEqual(['1 minute', ...[5, 10, 15, 20, 25, 30, 45, 60, 90, 120].map((m) => `${m} minutes`)]);
    expect(boxes.filter((b) => b.checked).map((b) => b.parentElement!.textContent)).toEqual(['5 minutes', '10 minutes', '25 minutes']);
    expect((screen.getByLabelText('Hours') as HTMLInputElement).value).toBe('1');
    expect((screen.getByLabelText('Minutes') as HTMLInputElement).value).toBe('30');
    expect((screen.getByLabelText('Start grace (minutes)') as HTMLInputElement).value).toBe('10');
    expect((screen.getByLabelText('Extension window (seconds)') as HTMLInputElement).value).toBe('120');
    expect((screen.getByLabelText('House share (percent)') as HTMLInputElement).value).toBe('40');
  });

  it('saves the changed limits and confirms', async () => {
    const user = userEvent.setup();
    signedIn(team(), { get: { '/team/playdate-limits': () => current }, put: { '/team/playdate-limits': (body) => body } });
    renderApp('/backoffice/playdate-limits');
    const max = await screen.findByLabelText('Highest price');
    await user.clear(max);
    await user.type(max, '150');
    await user.click(screen.getByRole('checkbox', { name: '25 minutes' }));
    await user.click(screen.getByRole('checkbox', { name: '90 minutes' }));
    await user.clear(screen.getByLabelText('Hours'));
    await user.type(screen.getByLabelText('Hours'), '24');
    await user.clear(screen.getByLabelText('Minutes'));
    await user.click(screen.getByRole('button', { name: 'Save limits' }));
    expect(await screen.findByText('The limits are saved.')).toBeTruthy();
    expect(limitsCalls('put').map(([, body]) => body)).toEqual([{ ...current, price_per_minute_max: 150, durations: [5, 10, 90], request_expiry_minutes: 24 * 60 }]);
  });

  it("checks the form before asking the server: the range, the lowest above the highest, no durations", async () => {
    const user = userEvent.setup();
    signedIn(team(), { get: { '/team/playdate-limits': () => current }, put: { '/team/playdate-limits': (body) => body } });
    renderApp('/backoffice/playdate-limits');
    const min = await screen.findByLabelText('Lowest price');
    await user.clear(min);
    await user.type(min, '300');
    await user.clear(screen.getByLabelText('House share (percent)'));
    await user.type(screen.getByLabelText('House share (percent)'), '101');
    for (const name of ['5 minutes', '10 minutes', '25 minutes']) await user.click(screen.getByRole('checkbox', { name }));
    await user.click(screen.getByRole('button', { name: 'Save limits' }));
    expect(await screen.findByText('The highest price must be at least the lowest.')).toBeTruthy();
    expect(screen.getByText('Enter a whole number from 0 to 100.')).toBeTruthy();
    expect(screen.getByText('Choose 1 to 12 durations.')).toBeTruthy();
    expect(screen.getByLabelText('Highest price').getAttribute('aria-invalid')).toBe('true');
    expect(limitsCalls('put')).toEqual([]);
  });

  it("shows a 400's field error beside its field", async () => {
    const user = userEvent.setup();
    signedIn(team(), {
      get: { '/team/playdate-limits': () => current },
      put: {
        '/team/playdate-limits': () => {
          throw serverError(400, 'Invalid body', { code: 'VALIDATION_FAILED', fields: { 'durations.1': 'Must be ascending without repeats' } });
        },
      },
    });
    renderApp('/backoffice/playdate-limits');
    await user.click(await screen.findByRole('button', { name: 'Save limits' }));
    const group = screen.getByRole('group', { name: 'Durations models may offer' });
    expect(await within(group).findByText('Must be ascending without repeats')).toBeTruthy();
    expect(group.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText('The limits are saved.')).toBeNull();
  });

  it('shows a loading state, then an error with a retry that loads again', async () => {
    const user = userEvent.setup();
    let fail = true;
    signedIn(team(), {
      get: {
        '/team/playdate-limits': () => {
          if (fail) throw serverError(500, 'down');
          return current;
        },
      },
    });
    renderApp('/backoffice/playdate-limits');
    expect(await screen.findByText('Loading the playdate limits')).toBeTruthy();
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert.textContent).toContain('The playdate limits could not be loaded.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('Lowest price')).toBeTruthy();
  });

  it('tells a member who is not on the team that the page is for the team, and asks the server nothing', async () => {
    signedIn(profileFixture({ is_team_member: false }));
    renderApp('/backoffice/playdate-limits');
    expect(await screen.findByTestId('backoffice-team-only')).toBeTruthy();
    await waitFor(() => expect(limitsCalls('get')).toEqual([]));
  });

  it('sends the old /team/playdate-limits to the back office, keeping nothing else behind', async () => {
    signedIn(team(), { get: { '/team/playdate-limits': () => current } });
    const { location } = renderApp('/team/playdate-limits');
    expect(await screen.findByLabelText('Lowest price')).toBeTruthy();
    expect(location().pathname).toBe('/backoffice/playdate-limits');
    expect(within(screen.getByRole('navigation', { name: 'Back office' })).getByRole('link', { name: 'Playdate limits' }).getAttribute('aria-current')).toBe('page');
  });

  it("links a team member to it from the profile menu, not a member", async () => {
    signedIn(team());
    const { unmount } = renderApp('/videos');
    expect(within(await screen.findByTestId('profile-menu')).getByRole('link', { name: 'Playdate limits' }).getAttribute('href')).toBe('/backoffice/playdate-limits');
    unmount();
    signedIn(profileFixture({ is_team_member: false }));
    renderApp('/videos');
    expect(within(await screen.findByTestId('profile-menu')).queryByRole('link', { name: 'Playdate limits' })).toBeNull();
  });
});

describe('reading the form', () => {
  it('mirrors the schema: an expiry of hours and minutes, blank minutes as 0, numbers as digits only', () => {
    const draft = draftOf(DEFAULT_PLAYDATE_LIMITS);
    expect(readDraft(draft)).toEqual({ body: DEFAULT_PLAYDATE_LIMITS });
    expect(readDraft({ ...draft, expiry_hours: '0', expiry_minutes: '4' })).toEqual({ problems: { request_expiry_minutes: { kind: 'range', min: 5, max: 10_080 } } });
    expect(readDraft({ ...draft, expiry_hours: '2', expiry_minutes: '' })).toMatchObject({ body: { request_expiry_minutes: 120 } });
    expect(readDraft({ ...draft, start_grace_minutes: '1.5' })).toEqual({ problems: { start_grace_minutes: { kind: 'range', min: 1, max: 60 } } });
    expect(readDraft({ ...draft, extension_window_seconds: '' })).toEqual({ problems: { extension_window_seconds: { kind: 'range', min: 30, max: 900 } } });
    expect(readDraft({ ...draft, durations: [1, 5, 10, 15, 20, 30, 45, 60, 90, 120, 150, 180, 240] })).toMatchObject({ problems: { durations: { kind: 'durationsCount' } } });
  });
});
