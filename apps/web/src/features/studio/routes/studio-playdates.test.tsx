import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Playdate, StudioPlaydates } from '@velora/shared';
import { PLAYDATE_EVENTS } from '@velora/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Http from '@/lib/http';
import { api } from '@/lib/http';
import type * as Realtime from '@/lib/realtime';
import { serverError } from '@/test/fake-api';
import { emit, resetRealtime } from '@/test/fake-realtime';
import { fakeStudioApi, modelProfile, renderStudio, studioCameraOf, studioPlaydatesOf } from '../test/render';
import StudioRoute from './studio';

vi.mock('@/lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof Http>();
  return { ...actual, api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() } };
});
vi.mock('@/lib/realtime', async (importOriginal) => ({
  ...(await importOriginal<typeof Realtime>()),
  ...(await import('@/test/fake-realtime')),
}));

const mockedApi = vi.mocked(api);
const callsTo = (method: 'get' | 'post' | 'put', path: string) => mockedApi[method].mock.calls.filter(([p]) => p === path);
const NOW = Math.floor(Date.now() / 1000);

const request = (overrides: Partial<Playdate> = {}): Playdate => ({
  id: 5,
  kind: 'private',
  status: 'requested',
  title: 'Private playdate',
  model: { id: 3, name: 'Anna', avatar: '/a.jpg', camera_id: 11, camera_name: 'anna', user_id: 30 },
  member: { id: 20, name: 'Ben', avatar: '/b.jpg' },
  starts_at: NOW + 3 * 3600,
  ends_at: NOW + 3 * 3600 + 600,
  duration_minutes: 10,
  price_per_minute: 20,
  coins: 200,
  expires_at: NOW + 3600,
  message: '<b>Hi</b> see you',
  extensions: 0,
  image: '/p.jpg',
  image_small: '/ps.jpg',
  reminder: false,
  replay_path: null,
  extendable_until: null,
  created_at: NOW - 60,
  ...overrides,
});

let playdates: StudioPlaydates;

function serve(routes: Parameters<typeof fakeStudioApi>[1] = {}) {
  fakeStudioApi(mockedApi, {
    ...routes,
    get: { '/studio/camera': () => studioCameraOf(), '/studio/playdates': () => playdates, ...routes.get },
  });
}

beforeEach(() => {
  vi.clearAllMocks();
  resetRealtime();
  playdates = studioPlaydatesOf({ requests: [request()], earned: 1200 });
});

const panel = async () => within(await screen.findByTestId('studio-playdates'));

describe('the studio playdates panel', () => {
  it('lists a waiting request with the member, duration, coins, wished start, his note as text and the time left', async () => {
    serve();
    renderStudio(<StudioRoute />, modelProfile());
    const p = await panel();
    const item = await p.findByTestId('studio-playdate-request');
    expect(item.textContent).toContain('From Ben');
    expect(item.textContent).toContain('10 minutes · 200 coins');
    expect(item.textContent).toContain('Wished start:');
    expect(within(item).getByText('<b>Hi</b> see you')).toBeTruthy();
    expect(within(item).getByTestId('studio-playdate-request-expiry').textContent).toMatch(/^(1 h 00 min|59:\d\d)$/);
    expect(p.getByTestId('studio-playdates-earned').textContent).toBe('1200 coins earned from private playdates');
  });

  it('accepts at his wished time, and a new request pushed to her shows up', async () => {
    const user = userEvent.setup();
    const accept = vi.fn(() => {
      playdates = studioPlaydatesOf({ upcoming: [request({ status: 'scheduled', expires_at: null })] });
      return request({ status: 'scheduled' });
    });
    serve({ post: { '/studio/playdates/5/accept': accept } });
    renderStudio(<StudioRoute />, modelProfile());
    const p = await panel();
    await user.click(await p.findByRole('button', { name: 'Accept the request from Ben' }));
    const dialog = within(await screen.findByTestId('studio-playdate-accept-dialog'));
    expect((dialog.getByRole('radio', { name: /At his wished time/ }) as HTMLInputElement).checked).toBe(true);
    await user.click(dialog.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(accept).toHaveBeenCalledWith({ starts_at: null }));
    const upcoming = await p.findByTestId('studio-playdate-upcoming');
    expect(within(upcoming).getByRole('link', { name: 'Enter room: Private playdate with Ben' }).getAttribute('href')).toBe('/studio/playdates/5');

    playdates = studioPlaydatesOf({ requests: [request({ id: 6, member: { id: 21, name: 'Carl', avatar: '/c.jpg' } })] });
    act(() => emit(PLAYDATE_EVENTS.request, request({ id: 6 })));
    expect(await p.findByText('From Carl')).toBeTruthy();
  });

  it('accepts at another time she types', async () => {
    const user = userEvent.setup();
    const accept = vi.fn(() => request({ status: 'scheduled' }));
    serve({ post: { '/studio/playdates/5/accept': accept } });
    renderStudio(<StudioRoute />, modelProfile());
    const p = await panel();
    await user.click(await p.findByRole('button', { name: 'Accept the request from Ben' }));
    const dialog = within(await screen.findByTestId('studio-playdate-accept-dialog'));
    await user.click(dialog.getByRole('radio', { name: 'At another time' }));
    const field = dialog.getByLabelText('Start');
    await user.type(field, '2099-05-01T20:30');
    await user.click(dialog.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(accept).toHaveBeenCalledWith({ starts_at: Math.floor(new Date('2099-05-01T20:30').getTime() / 1000) }));
  });

  it('declines with a reason after confirming', async () => {
    const user = userEvent.setup();
    const decline = vi.fn(() => {
      playdates = studioPlaydatesOf();
      return request({ status: 'declined' });
    });
    serve({ post: { '/studio/playdates/5/decline': decline } });
    renderStudio(<StudioRoute />, modelProfile());
    const p = await panel();
    await user.click(await p.findByRole('button', { name: 'Decline the request from Ben' }));
    const dialog = within(await screen.findByTestId('studio-playdate-decline-dialog'));
    await user.type(dialog.getByLabelText('Reason (optional, he will see it)'), 'Not tonight');
    await user.click(dialog.getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(decline).toHaveBeenCalledWith({ reason: 'Not tonight' }));
    expect(await p.findByText('No requests are waiting for your answer.')).toBeTruthy();
  });

  it('cancels an upcoming playdate only after confirming', async () => {
    const user = userEvent.setup();
    playdates = studioPlaydatesOf({ upcoming: [request({ id: 8, kind: 'public', status: 'scheduled', title: 'Friday show', member: null })] });
    const cancel = vi.fn(() => request({ id: 8, status: 'cancelled' }));
    serve({ post: { '/studio/playdates/8/cancel': cancel } });
    renderStudio(<StudioRoute />, modelProfile());
    const p = await panel();
    await user.click(await p.findByRole('button', { name: 'Cancel Friday show' }));
    const dialog = within(await screen.findByTestId('studio-playdate-cancel-dialog'));
    await user.click(dialog.getByRole('button', { name: 'Keep it' }));
    expect(cancel).not.toHaveBeenCalled();
    await user.click(p.getByRole('button', { name: 'Cancel Friday show' }));
    await user.click(within(await screen.findByTestId('studio-playdate-cancel-dialog')).getByRole('button', { name: 'Cancel the playdate' }));
    await waitFor(() => expect(cancel).toHaveBeenCalledTimes(1));
  });

  it('saves her private offer, and shows the server refusal beside its field', { timeout: 20_000 }, async () => {
    const user = userEvent.setup();
    let answer: 'ok' | 'bad' = 'bad';
    const save = vi.fn((body: unknown) => {
      if (answer === 'bad') throw serverError(400, 'Invalid body', { fields: { 'hours.time_zone': 'Must be a time zone such as Europe/Berlin' } });
      return { ...playdates, settings: body as StudioPlaydates['settings'] };
    });
    serve({ put: { '/studio/playdates/settings': save } });
    renderStudio(<StudioRoute />, modelProfile());
    const form = within(await screen.findByTestId('studio-playdate-settings'));
    await user.click(form.getByRole('switch', { name: 'Take private playdate requests' }));
    const price = form.getByLabelText('Price per minute (coins)');
    await user.clear(price);
    await user.type(price, '500');
    await user.click(form.getByRole('button', { name: 'Save private playdates' }));
    expect(await form.findByText('Enter a whole number between 5 and 200.')).toBeTruthy();
    expect(save).not.toHaveBeenCalled();

    await user.clear(price);
    await user.type(price, '30');
    await user.click(form.getByRole('checkbox', { name: '30 minutes' }));
    await user.click(form.getByRole('button', { name: 'Save private playdates' }));
    expect(await form.findByText('Must be a time zone such as Europe/Berlin')).toBeTruthy();
    answer = 'ok';
    await user.click(form.getByRole('button', { name: 'Save private playdates' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(2));
    expect(save.mock.calls[1]![0]).toEqual({
      private_enabled: true,
      price_per_minute: 30,
      durations: [10, 15, 30],
      hours: { days: [1, 2, 3], from_minute: 1080, to_minute: 1380, time_zone: 'Europe/Berlin' },
    });
    expect(await screen.findByText('Your private playdate offer was saved.')).toBeTruthy();
  });

  it('announces a public show, and says when it overlaps another', async () => {
    const user = userEvent.setup();
    let overlap = true;
    const schedule = vi.fn(() => {
      if (overlap) throw serverError(409, 'Overlaps', { code: 'PLAYDATE_SLOT_TAKEN' });
      return request({ kind: 'public', status: 'scheduled' });
    });
    serve({ post: { '/studio/playdates/public': schedule } });
    renderStudio(<StudioRoute />, modelProfile());
    const form = within(await screen.findByTestId('studio-public-playdate'));
    await user.click(form.getByRole('button', { name: 'Announce the show' }));
    expect(form.getByText('Give the show a title.')).toBeTruthy();
    await user.type(form.getByLabelText('Title'), 'Friday show');
    await user.type(form.getByLabelText('Start'), '2099-05-01T20:30');
    await user.selectOptions(form.getByLabelText('Length'), '90');
    await user.click(form.getByRole('radio', { name: 'Pattern 4' }));
    await user.click(form.getByRole('button', { name: 'Announce the show' }));
    expect(await form.findByText('This overlaps another of your playdates.')).toBeTruthy();
    overlap = false;
    await user.click(form.getByRole('button', { name: 'Announce the show' }));
    await waitFor(() => expect(schedule).toHaveBeenCalledTimes(2));
    expect(schedule.mock.calls[1]).toEqual([{ title: 'Friday show', starts_at: Math.floor(new Date('2099-05-01T20:30').getTime() / 1000), duration_minutes: 90, image_variant: 3 }]);
    expect(await form.findByText('Your show was announced.')).toBeTruthy();
  });

  it('says when her playdates could not be loaded, and tries again', async () => {
    const user = userEvent.setup();
    let fail = true;
    serve({
      get: {
        '/studio/playdates': () => {
          if (fail) throw serverError(500, 'Down');
          return playdates;
        },
      },
    });
    renderStudio(<StudioRoute />, modelProfile());
    const p = await panel();
    expect(await p.findByText('Your playdates could not be loaded.')).toBeTruthy();
    fail = false;
    await user.click(p.getByRole('button', { name: 'Try again' }));
    expect(await p.findByTestId('studio-playdate-request')).toBeTruthy();
    expect(callsTo('get', '/studio/playdates')).toHaveLength(2);
  });
});
