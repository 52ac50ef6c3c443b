import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CameraFeedbackItem, CameraFeedbackList, Profile } from '@velora/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetPopups } from '@/components/popups/popup-store';
import type * as Http from '@/lib/http';
import { api } from '@/lib/http';
import { setAccessToken } from '@/lib/storage';
import { serverError } from '@/test/fake-api';
import type { ApiMock, FakeRoutes } from '@/test/render-app';
import { fakeSite, profileFixture, renderApp } from '@/test/render-app';

vi.mock('@/lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof Http>();
  return { ...actual, api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() } };
});

const mockedApi = api as unknown as ApiMock;
/** The distinct queries asked, in order (null values are left out of the URL by the client). */
const feedbackCalls = () => {
  const asked = mockedApi.get.mock.calls
    .filter(([path]) => path === '/team/camera-feedback')
    .map(([, query]) => JSON.stringify(Object.fromEntries(Object.entries((query ?? {}) as Record<string, unknown>).filter(([, v]) => v !== null))));
  return [...new Set(asked)].map((q) => JSON.parse(q) as unknown);
};

function signedIn(profile: Profile, routes: FakeRoutes = {}) {
  setAccessToken('token');
  fakeSite(mockedApi, { ...routes, get: { '/user/profile': () => profile, '/roles': () => [], ...routes.get } });
}

const item = (id: number, overrides: Partial<CameraFeedbackItem> = {}): CameraFeedbackItem => ({
  id,
  camera_name: 'anna',
  display_name: 'Anna Abel',
  user_id: 40 + id,
  username: `member_${id}`,
  rating: 4,
  message: '',
  dismissed: false,
  created_at: Date.parse('2030-05-01T12:00:00Z') / 1000 - id * 60,
  ...overrides,
});
const list = (items: CameraFeedbackItem[], overrides: Partial<CameraFeedbackList> = {}): CameraFeedbackList => ({
  items,
  page: 1,
  per_page: 25,
  total: items.length,
  pages: items.length > 0 ? 1 : 0,
  average_rating: 4,
  ...overrides,
});

const team = () => profileFixture({ is_team_member: true });

beforeEach(() => {
  vi.clearAllMocks();
  resetPopups();
});
afterEach(() => setAccessToken(null));

describe('/team/camera-feedback', () => {
  it('lists camera, member, rating, comment and date, with the total and the mean rating', async () => {
    const xss = '<img src=x onerror=alert(1)>';
    signedIn(team(), {
      get: {
        '/team/camera-feedback': () =>
          list([item(1, { rating: 5, message: `Lovely\n${xss}` }), item(2, { rating: null, dismissed: true, display_name: 'Eve Ernst', camera_name: 'eve' })], {
            total: 2,
            average_rating: 4.333,
          }),
      },
    });
    renderApp('/team/camera-feedback');
    expect(await screen.findByRole('heading', { level: 1, name: 'Camera feedback' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Camera feedback' });
    const rows = within(table).getAllByTestId('camera-feedback-row');
    expect(rows).toHaveLength(2);
    const first = within(rows[0]!);
    expect(first.getByRole('link', { name: 'Anna Abel' }).getAttribute('href')).toBe('/camera/anna');
    expect(first.getByText('member_1')).toBeTruthy();
    expect(first.getByText('5 of 5')).toBeTruthy();
    // The comment is text: the payload shows as typed and makes no element.
    expect(rows[0]!.textContent).toContain(xss);
    expect(table.querySelector('img')).toBeNull();
    expect(first.getByText((_, el) => el?.tagName === 'TIME' && el.getAttribute('datetime') === '2030-05-01T11:59:00.000Z')).toBeTruthy();
    expect(within(rows[1]!).getByText('Not now')).toBeTruthy();
    expect(within(rows[1]!).getByText('No comment')).toBeTruthy();
    expect(screen.getByTestId('camera-feedback-summary').textContent).toBe('2 answers · Mean rating: 4.33 of 5');
    expect(feedbackCalls()).toEqual([{}]);
  });

  it('asks for rated answers only when the filter is ticked, and starts again on page 1', async () => {
    const user = userEvent.setup();
    signedIn(team(), {
      get: {
        '/team/camera-feedback': (query) =>
          (query as { rated?: string }).rated === 'true' ? list([item(3, { rating: 2 })]) : list([item(1)], { page: 2, pages: 3, total: 51 }),
      },
    });
    const { location } = renderApp('/team/camera-feedback?page=2');
    await screen.findByRole('table');
    await user.click(screen.getByRole('checkbox', { name: 'Only answers with a rating' }));
    await waitFor(() => expect(location().search).toBe('?rated=true'));
    await waitFor(() => expect(screen.getByTestId('camera-feedback-summary').textContent).toContain('1 answer'));
    expect(feedbackCalls()).toEqual([{ page: 2 }, { rated: 'true' }]);
    expect((screen.getByRole('checkbox', { name: 'Only answers with a rating' }) as HTMLInputElement).checked).toBe(true);
  });

  it('pages through the answers with links that keep the filter', async () => {
    const user = userEvent.setup();
    signedIn(team(), {
      get: { '/team/camera-feedback': (query) => list([item((query as { page?: number }).page ?? 1)], { page: (query as { page?: number }).page ?? 1, pages: 2, total: 26 }) },
    });
    const { location } = renderApp('/team/camera-feedback?rated=true');
    const pager = await screen.findByRole('navigation', { name: 'Pagination' });
    expect(within(pager).getByRole('link', { name: 'Page 2' }).getAttribute('href')).toBe('/team/camera-feedback?page=2&rated=true');
    await user.click(within(pager).getByRole('link', { name: 'Page 2' }));
    await waitFor(() => expect(location().search).toBe('?page=2&rated=true'));
    await waitFor(() => expect(screen.getByText('member_2')).toBeTruthy());
    expect(feedbackCalls()).toEqual([{ rated: 'true' }, { page: 2, rated: 'true' }]);
  });

  it('says when there are no answers yet', async () => {
    signedIn(team(), { get: { '/team/camera-feedback': () => list([], { average_rating: null }) } });
    renderApp('/team/camera-feedback');
    expect(within(await screen.findByTestId('camera-feedback-empty')).getByText('No answers yet.')).toBeTruthy();
    expect(screen.getByTestId('camera-feedback-summary').textContent).toBe('0 answers · No ratings yet');
  });

  it('shows a loading state, then an error with a retry that loads again', async () => {
    const user = userEvent.setup();
    let fail = true;
    signedIn(team(), {
      get: {
        '/team/camera-feedback': () => {
          if (fail) throw serverError(500, 'down');
          return list([item(1)]);
        },
      },
    });
    renderApp('/team/camera-feedback');
    expect(await screen.findByText('Loading camera feedback')).toBeTruthy();
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert.textContent).toContain('Camera feedback could not be loaded.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table')).toBeTruthy();
  });

  it('tells a member who is not on the team that the page is for the team, and asks the server nothing', async () => {
    signedIn(profileFixture({ is_team_member: false }));
    renderApp('/team/camera-feedback');
    expect(within(await screen.findByTestId('team-only')).getByRole('heading', { name: 'This page is only for the team' })).toBeTruthy();
    expect(feedbackCalls()).toEqual([]);
  });
});

describe('the profile menu', () => {
  it('links a team member to the camera feedback', async () => {
    signedIn(team(), { get: { '/team/camera-feedback': () => list([]) } });
    renderApp('/videos');
    const menu = await screen.findByTestId('profile-menu');
    expect(within(menu).getByRole('link', { name: 'Camera feedback' }).getAttribute('href')).toBe('/team/camera-feedback');
  });

  it('does not show the link to a member', async () => {
    signedIn(profileFixture({ is_team_member: false }));
    renderApp('/videos');
    const menu = await screen.findByTestId('profile-menu');
    expect(within(menu).queryByRole('link', { name: 'Camera feedback' })).toBeNull();
  });
});
