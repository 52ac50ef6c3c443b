import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MembershipPlan, Showcase } from '@velora/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Http from '@/lib/http';
import { resetPopups } from '@/components/popups/popup-store';
import { MaxRetriesError, api } from '@/lib/http';
import type { ApiMock } from '@/test/render-app';
import { fakeSite, renderApp, videoFixture } from '@/test/render-app';
import { modelFixture, shootFixture } from '@/test/catalog-fixtures';

vi.mock('@/lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof Http>();
  return { ...actual, api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() } };
});

// The player is loaded only when a trailer is played; here it is a stand-in that shows what it was given.
vi.mock('@/entities/video-player', () => ({
  VideoPlayer: ({ src, title }: { src: string; title: string }) => <div data-testid="video-player" data-src={src} aria-label={title} />,
}));

const mockedApi = api as unknown as ApiMock;

const plan = (token: string, period: 'DAY' | 'MONTH', count: number, cents: number): MembershipPlan => ({
  id: count,
  token,
  name: token,
  period,
  period_count: count,
  price: { amount_cents: cents, net_cents: cents, vat_cents: 0, vat_rate_bp: 0, currency: 'EUR', original_amount_cents: null, discount: null, discount_percent: 0 },
});
const PLANS = { plans: [plan('day-1', 'DAY', 1, 299), plan('month-1', 'MONTH', 1, 2499), plan('month-3', 'MONTH', 3, 5999)], country: null };

const trailer = videoFixture(7, { title: 'Sunrise trailer', duration: 10, tags: [{ id: 1, name_en: 'Trailer', name_de: 'Trailer', name_fr: 'Bande-annonce' }] });
const SHOWCASE: Showcase = {
  shoots: [shootFixture(3, { title: 'Golden hour' })],
  models: [modelFixture(5, { name_en: 'Ava Demo' })],
  trailers: [trailer],
};

beforeEach(() => {
  vi.clearAllMocks();
  resetPopups();
});

describe('the landing for visitors', () => {
  it('shows the newest trailers, shoots and models, the price of the plans and the calls to join and log in', async () => {
    fakeSite(mockedApi, { get: { '/showcase': () => SHOWCASE, '/payments/plans': () => PLANS } });
    renderApp('/');
    expect((await screen.findByTestId('landing-price')).textContent).toBe('Premium from €20.00 per month');
    const teasers = await screen.findByTestId('landing-teasers');
    await waitFor(() => expect(within(teasers).getByRole('button', { name: 'Play the trailer “Sunrise trailer”, 0:10' })).toBeTruthy());
    expect(within(teasers).getByRole('link', { name: 'Golden hour' }).getAttribute('href')).toBe('/shoot/3');
    expect(within(teasers).getByRole('link', { name: 'Ava Demo' }).getAttribute('href')).toBe('/profile/5');
    expect(screen.getAllByRole('link', { name: 'Become a member' })[0]!.getAttribute('href')).toBe('/#sign_up');
    expect(screen.getByRole('link', { name: 'I already have an account' }).getAttribute('href')).toBe('/#log_in');
  });

  it('links the live sessions and playdates it mentions to the cams and the playdates', async () => {
    fakeSite(mockedApi, { get: { '/showcase': () => SHOWCASE, '/payments/plans': () => PLANS } });
    renderApp('/');
    expect((await screen.findByRole('link', { name: 'live sessions' })).getAttribute('href')).toBe('/cameras');
    expect(screen.getByRole('link', { name: 'playdates' }).getAttribute('href')).toBe('/playdates');
  });

  it('plays a trailer in the player loaded on demand, with the signed URL of GET /showcase/trailers/{id}', async () => {
    const user = userEvent.setup();
    fakeSite(mockedApi, {
      get: {
        '/showcase': () => SHOWCASE,
        '/payments/plans': () => PLANS,
        '/showcase/trailers/7': () => ({ ...trailer, playable: true, hls_url: '/media/hls/9/master.m3u8?sig=x', renditions: [360], is_favourite: false, shoot_id: 3 }),
      },
    });
    renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Play the trailer “Sunrise trailer”, 0:10' }));
    const player = await screen.findByTestId('video-player');
    expect(player.getAttribute('data-src')).toBe('/media/hls/9/master.m3u8?sig=x');
    expect(screen.getByRole('button', { name: 'Play the trailer “Sunrise trailer”, 0:10' }).getAttribute('aria-pressed')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Close the trailer' }));
    expect(screen.queryByTestId('video-player')).toBeNull();
  });

  it('says so while loading, when there is nothing yet, and on an error with a retry', async () => {
    const user = userEvent.setup();
    let answer: 'slow' | 'fail' | 'empty' = 'slow';
    let release: () => void = () => {};
    fakeSite(mockedApi, {
      get: {
        '/showcase': async () => {
          if (answer === 'slow') await new Promise<void>((resolve) => (release = resolve));
          if (answer === 'fail') throw new MaxRetriesError('/showcase', 503);
          return { shoots: [], models: [], trailers: [] };
        },
        '/payments/plans': () => ({ plans: [], country: null }),
      },
    });
    renderApp('/');
    expect(await screen.findByRole('status', { name: 'Loading the newest releases…' })).toBeTruthy();
    answer = 'fail';
    release();
    expect(await screen.findByRole('heading', { name: 'The newest releases could not be loaded' })).toBeTruthy();
    // No monthly plan: no price rather than a made-up one.
    expect(screen.queryByTestId('landing-price')).toBeNull();
    answer = 'empty';
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'New releases are on their way' })).toBeTruthy();
  });
});
