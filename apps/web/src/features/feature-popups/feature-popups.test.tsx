import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Profile } from '@velora/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Http from '@/lib/http';
import { resetPopups } from '@/components/popups/popup-store';
import { resetConfirmations } from '@/features/feature-popups/components/double-opt-in-finish-popup';
import { ApiError, api } from '@/lib/http';
import { setAccessToken } from '@/lib/storage';
import type { ApiMock, FakeRoutes } from '@/test/render-app';
import { fakeSite, profileFixture, renderApp } from '@/test/render-app';

vi.mock('@/lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof Http>();
  return { ...actual, api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() } };
});

const mockedApi = api as unknown as ApiMock;
const on = (settings: Record<string, unknown> = {}) => ({ is_active: true, version: null, settings });

function visitor(routes: FakeRoutes = {}) {
  fakeSite(mockedApi, routes);
}

function member(profile: Profile, routes: FakeRoutes = {}) {
  setAccessToken('member-token');
  fakeSite(mockedApi, { ...routes, get: { '/user/profile': () => profile, ...routes.get } });
}

const postCalls = (path: string) => mockedApi.post.mock.calls.filter(([p]) => p === path);
const badToken = () =>
  new ApiError({
    status: 400,
    statusText: 'Bad Request',
    body: { error: { code: 'VALIDATION_FAILED', message: 'bad', fields: { token: 'This confirmation link is invalid' } } },
    path: '/user/confirm_email',
  });

beforeEach(() => {
  vi.clearAllMocks();
  resetPopups();
  resetConfirmations();
  sessionStorage.clear();
});
afterEach(() => {
  setAccessToken(null);
});

describe('double opt-in finish (the mailed link)', () => {
  it('confirms the token from ?double_opt_in=, removes it from the URL and says so', async () => {
    visitor({ post: { '/user/confirm_email': () => ({ status: 'ok' }) } });
    const { location } = renderApp('/about_us?double_opt_in=tok-123&utm=mail');
    const dialog = await screen.findByRole('dialog', { name: 'Email confirmation' });
    expect(await within(dialog).findByText('Thank you! Your email address is confirmed.')).toBeTruthy();
    expect(`${location().pathname}${location().search}`).toBe('/about_us?utm=mail');
    expect(postCalls('/user/confirm_email').map(([, body]) => body)).toEqual([{ token: 'tok-123' }]);
  });

  it('keeps the token when a member is sent from / to their landing page', async () => {
    member(profileFixture(), { post: { '/user/confirm_email': () => ({ status: 'ok' }) } });
    const { location } = renderApp('/?double_opt_in=tok-9');
    expect(await screen.findByText('Thank you! Your email address is confirmed.')).toBeTruthy();
    expect(`${location().pathname}${location().search}`).toBe('/recent_updates');
    expect(postCalls('/user/confirm_email').map(([, body]) => body)).toEqual([{ token: 'tok-9' }]);
  });

  it('says when the link is invalid, used or expired', async () => {
    visitor({
      post: {
        '/user/confirm_email': () => {
          throw badToken();
        },
      },
    });
    renderApp('/?double_opt_in=used');
    expect(await screen.findByText(/This confirmation link is invalid, was already used or has expired/)).toBeTruthy();
    expect(screen.getByRole('alert')).toBeTruthy();
  });
});

describe('double opt-in popup (product §4)', () => {
  it('asks a member with the feature on to confirm, sends the link, and does not ask again', async () => {
    const user = userEvent.setup();
    const profile = profileFixture({ features: { double_opt_in: on() } });
    member(profile, { post: { '/user/verification_email': () => ({ status: 'ok' }) } });
    const first = renderApp('/videos');
    const dialog = await screen.findByRole('dialog', { name: 'Please confirm your email address' });
    expect(within(dialog).getByText(/member@example\.test/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Send confirmation link' }));
    expect(await within(dialog).findByText(/We have sent the link to member@example\.test/)).toBeTruthy();
    expect(postCalls('/user/verification_email')).toHaveLength(1);
    first.unmount();

    // A new visit: the popup store starts empty, the marker in local storage stays.
    resetPopups();
    renderApp('/videos');
    await screen.findByRole('heading', { level: 1, name: 'Videos' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('stores the marker when dismissed', async () => {
    const user = userEvent.setup();
    member(profileFixture({ features: { double_opt_in: on() } }));
    renderApp('/videos');
    const dialog = await screen.findByRole('dialog', { name: 'Please confirm your email address' });
    await user.click(within(dialog).getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(localStorage.getItem('velora:double-opt-in:7')).not.toBeNull();
    expect(postCalls('/user/verification_email')).toHaveLength(0);
  });

  it('is not offered when the feature is off', async () => {
    member(profileFixture());
    renderApp('/videos');
    await screen.findByRole('heading', { level: 1, name: 'Videos' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('organic, feedback and feature popups', () => {
  it('asks for age and source when organic_popup is on and the source is unknown', async () => {
    const user = userEvent.setup();
    member(profileFixture({ features: { organic_popup: on() } }), { post: { '/feature/set_organic_data': () => ({ status: 'ok' }) } });
    renderApp('/videos');
    const dialog = await screen.findByRole('dialog', { name: 'Help us get to know you' });
    await user.type(within(dialog).getByLabelText('Your age'), '17');
    await user.selectOptions(within(dialog).getByLabelText('How did you hear about Velora?'), 'other');
    await user.click(within(dialog).getByRole('button', { name: 'Send answers' }));
    expect(await within(dialog).findByText('Enter an age from 18 to 120.')).toBeTruthy();
    expect(within(dialog).getByText('Please tell us where.')).toBeTruthy();
    const age = within(dialog).getByLabelText('Your age');
    await user.clear(age);
    await user.type(age, '34');
    await user.type(within(dialog).getByLabelText('Where?'), 'A podcast');
    await user.click(within(dialog).getByRole('button', { name: 'Send answers' }));
    expect(await within(dialog).findByText('Thank you for your answers!')).toBeTruthy();
    expect(postCalls('/feature/set_organic_data').map(([, body]) => body)).toEqual([{ age: 34, source: 'other', other_source: 'A podcast' }]);
  });

  it('sends feedback from the feedback button and thanks the member', async () => {
    const user = userEvent.setup();
    member(profileFixture({ features: { feedback: on() } }), { post: { '/feature/feedback': () => ({ status: 'ok' }) } });
    renderApp('/videos');
    await user.click(await screen.findByRole('button', { name: 'Feedback' }));
    const dialog = await screen.findByRole('dialog', { name: 'How do you like Velora?' });
    await user.click(within(dialog).getByRole('button', { name: 'Send feedback' }));
    expect(within(dialog).getByText('Choose a rating first.')).toBeTruthy();
    await user.click(within(dialog).getByRole('radio', { name: '4 stars' }));
    await user.type(within(dialog).getByLabelText('Your message (optional)'), 'Lovely films.');
    await user.click(within(dialog).getByRole('button', { name: 'Send feedback' }));
    expect(await screen.findByRole('dialog', { name: 'Thank you for your feedback!' })).toBeTruthy();
    expect(postCalls('/feature/feedback').map(([, body]) => body)).toEqual([{ rating: 4, message: 'Lovely films.' }]);
  });

  it('introduces a new feature once (POST /feature/view), then leads to rating it', async () => {
    const user = userEvent.setup();
    const profile = profileFixture({
      features: { trailer: on({ introduce: 'Trailers now play for everyone.', title: 'Trailers' }), feature_feedback: on() },
    });
    member(profile, {
      get: {
        '/feature/feature_feedback/trailer': () => {
          throw new ApiError({ status: 404, statusText: 'Not Found', body: { error: { code: 'NOT_FOUND', message: 'none' } }, path: '' });
        },
      },
      post: {
        '/feature/view/trailer': () => ({}),
        '/feature/track_action/trailer': () => ({}),
        '/feature/feature_feedback/trailer': (body) => ({ id: 3, feature: 'trailer', ...(body as object) }),
      },
    });
    renderApp('/videos');
    const intro = await screen.findByRole('dialog', { name: 'Trailers' });
    expect(within(intro).getByText('Trailers now play for everyone.')).toBeTruthy();
    await waitFor(() => expect(postCalls('/feature/view/trailer')).toHaveLength(1));
    await user.click(within(intro).getByRole('button', { name: 'Tell us what you think' }));

    const rate = await screen.findByRole('dialog', { name: 'What do you think of Trailers?' });
    await user.click(within(rate).getByRole('radio', { name: '5 stars' }));
    await user.click(within(rate).getByRole('button', { name: 'Save feedback' }));
    expect(await within(rate).findByText('Thank you! Your feedback is saved.')).toBeTruthy();
    expect(postCalls('/feature/feature_feedback/trailer').map(([, body]) => body)).toEqual([{ rating: 5, message: '' }]);
    expect(postCalls('/feature/track_action/trailer').map(([, body]) => body)).toEqual([{ action: 'rate' }]);
    expect(localStorage.getItem('velora:features-introduced:7')).toBe('trailer');
  });
});
