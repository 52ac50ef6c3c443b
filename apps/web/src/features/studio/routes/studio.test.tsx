import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StudioCamera } from '@velora/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Http from '@/lib/http';
import { api } from '@/lib/http';
import { serverError } from '@/test/fake-api';
import { CAMERA_TAGS, memberProfile, modelProfile, renderStudio, studioCameraOf, fakeStudioApi } from '../test/render';
import StudioRoute from './studio';

vi.mock('@/lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof Http>();
  return { ...actual, api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() } };
});

const mockedApi = vi.mocked(api);
const callsTo = (method: 'get' | 'post' | 'put' | 'delete', path: string) => mockedApi[method].mock.calls.filter(([p]) => p === path).map(([, body]) => body);

/** The element an input's aria-describedby points at, containing `text`. */
function describedBy(input: HTMLElement, text: string): boolean {
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return ids.some((id) => document.getElementById(id)?.textContent?.includes(text));
}

let camera: StudioCamera;

beforeEach(() => {
  vi.clearAllMocks();
  camera = studioCameraOf();
  fakeStudioApi(mockedApi, { get: { '/studio/camera': () => camera } });
});

const settings = () => within(screen.getByTestId('studio-settings'));

describe('who may enter the studio', () => {
  it('shows a member who is not a model that the studio is for model accounts, and asks the server nothing', async () => {
    renderStudio(<StudioRoute />, memberProfile());
    const gate = await screen.findByTestId('studio-models-only');
    expect(within(gate).getByRole('heading', { name: 'The studio is only for model accounts' })).toBeTruthy();
    expect(within(gate).getByRole('link', { name: 'Back to the home page' }).getAttribute('href')).toBe('/');
    expect(mockedApi.get).not.toHaveBeenCalled();
    expect(screen.queryByTestId('studio-settings')).toBeNull();
  });

  it('shows a model her studio', async () => {
    renderStudio(<StudioRoute />, modelProfile());
    expect(screen.getByRole('heading', { level: 1, name: 'Studio' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Your show' })).toBeTruthy();
    expect(screen.queryByTestId('studio-models-only')).toBeNull();
    expect(callsTo('get', '/studio/camera')).toHaveLength(1);
  });

  it('says so with a retry when her camera cannot be loaded', async () => {
    let fail = true;
    fakeStudioApi(mockedApi, {
      get: {
        '/studio/camera': () => {
          if (fail) throw serverError(500, 'down');
          return camera;
        },
      },
    });
    const user = userEvent.setup();
    renderStudio(<StudioRoute />, modelProfile());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your studio could not be loaded.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Your show' })).toBeTruthy();
  });
});

describe('show settings', () => {
  it('saves title, tags, paid chat and the price per minute', async () => {
    const user = userEvent.setup();
    fakeStudioApi(mockedApi, { get: { '/studio/camera': () => camera }, put: { '/studio/camera': () => studioCameraOf({ camera: { title: 'Late show', chat_mode: 'paid', price_per_minute: 30 } }) } });
    renderStudio(<StudioRoute />, modelProfile());
    await screen.findByTestId('studio-settings');
    const form = settings();
    await user.clear(form.getByLabelText('Title'));
    await user.type(form.getByLabelText('Title'), 'Late show');
    await user.click(form.getByLabelText('Dance'));
    await user.click(form.getByLabelText('Chatty'));
    await user.click(form.getByLabelText('Paid chat'));
    await user.type(form.getByLabelText('Price per minute (coins)'), '30');
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await form.findByText('Your show settings have been saved.')).toBeTruthy();
    expect(callsTo('put', '/studio/camera')).toEqual([{ title: 'Late show', tag_ids: [2], chat_mode: 'paid', price_per_minute: 30 }]);
  });

  it('sends free chat without a price', async () => {
    const user = userEvent.setup();
    camera = studioCameraOf({ camera: { chat_mode: 'paid', price_per_minute: 12 } });
    fakeStudioApi(mockedApi, { get: { '/studio/camera': () => camera }, put: { '/studio/camera': () => camera } });
    renderStudio(<StudioRoute />, modelProfile());
    await screen.findByTestId('studio-settings');
    expect((settings().getByLabelText('Price per minute (coins)') as HTMLInputElement).value).toBe('12');
    await user.click(settings().getByLabelText('Free chat'));
    expect(settings().queryByLabelText('Price per minute (coins)')).toBeNull();
    await user.click(settings().getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo('put', '/studio/camera')).toEqual([{ title: 'Evening chat', tag_ids: [1], chat_mode: 'free', price_per_minute: null }]));
  });

  it('checks the price and the number of tags against her limits before sending', async () => {
    const user = userEvent.setup();
    renderStudio(<StudioRoute />, modelProfile());
    await screen.findByTestId('studio-settings');
    const form = settings();
    await user.click(form.getByLabelText('Paid chat'));
    await user.type(form.getByLabelText('Price per minute (coins)'), '500');
    for (const name of ['Dance', 'Cosplay', 'Music']) await user.click(form.getByLabelText(name));
    await user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(describedBy(form.getByLabelText('Price per minute (coins)'), 'Enter a whole number of coins from 1 to 200.')).toBe(true));
    expect(form.getByText('Choose at most 3 tags.')).toBeTruthy();
    expect(callsTo('put', '/studio/camera')).toEqual([]);
    expect(CAMERA_TAGS).toHaveLength(4);
  });

  it("shows the server's field errors at their fields", async () => {
    const user = userEvent.setup();
    fakeStudioApi(mockedApi, {
      get: { '/studio/camera': () => camera },
      put: {
        '/studio/camera': () => {
          throw serverError(400, 'Invalid body: title (Must be plain text)', { code: 'VALIDATION_FAILED', fields: { title: 'Must be plain text', 'tag_ids.0': 'Too big' } });
        },
      },
    });
    renderStudio(<StudioRoute />, modelProfile());
    await screen.findByTestId('studio-settings');
    const form = settings();
    await user.click(form.getByRole('button', { name: 'Save' }));
    const title = form.getByLabelText('Title');
    await waitFor(() => expect(describedBy(title, 'Use a title of at most 80 characters on one line, without special characters.')).toBe(true));
    expect(title.getAttribute('aria-invalid')).toBe('true');
    expect(form.getByText('Choose at most 3 different tags from the list.')).toBeTruthy();
    expect(form.queryByText('Your show settings have been saved.')).toBeNull();
  });

  it('shows a paid camera without a price (422) at the price', async () => {
    const user = userEvent.setup();
    camera = studioCameraOf({ camera: { chat_mode: 'paid', price_per_minute: 5 } });
    fakeStudioApi(mockedApi, {
      get: { '/studio/camera': () => camera },
      put: {
        '/studio/camera': () => {
          throw serverError(422, 'A paid camera needs a price', { code: 'PRICE_REQUIRED', fields: { price_per_minute: 'Required for paid chat' } });
        },
      },
    });
    renderStudio(<StudioRoute />, modelProfile());
    await screen.findByTestId('studio-settings');
    await user.click(settings().getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(describedBy(settings().getByLabelText('Price per minute (coins)'), 'Enter a whole number of coins from 1 to 200.')).toBe(true));
  });
});

describe('streaming from OBS', () => {
  it('shows the WHIP and RTMP addresses and the hint of the current key', async () => {
    camera = studioCameraOf({ ingest: { stream_key_hint: 'x9Q2', stream_key_created_at: 1_795_000_000 } });
    renderStudio(<StudioRoute />, modelProfile());
    const obs = within(await screen.findByTestId('studio-obs'));
    expect((obs.getByLabelText('WHIP URL') as HTMLInputElement).value).toBe('https://live.example.test/live/whip/anna');
    expect((obs.getByLabelText('RTMP server') as HTMLInputElement).value).toBe('rtmp://live.example.test/live');
    expect(obs.getByTestId('studio-key-hint').textContent).toMatch(/^Your stream key ends in x9Q2 and was made on .+2026/);
    expect(obs.getByText(/Settings → Stream → Service: WHIP/)).toBeTruthy();
  });

  it('makes a new key only after she confirms, shows it once with a copy button, and forgets it', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    fakeStudioApi(mockedApi, {
      get: { '/studio/camera': () => camera },
      post: {
        '/studio/camera/stream_key': () => {
          camera = studioCameraOf({ ingest: { stream_key_hint: 'KEY9', stream_key_created_at: 1_795_000_000 } });
          return { stream_key: 'sk_live_SECRET_KEY9', whip_url: camera.ingest.whip_url, rtmp_url: camera.ingest.rtmp_url, created_at: 1_795_000_000 };
        },
      },
    });
    renderStudio(<StudioRoute />, modelProfile());
    const obs = within(await screen.findByTestId('studio-obs'));
    expect(obs.getByTestId('studio-key-hint').textContent).toBe('You have no stream key yet. Make one to stream from an encoder.');

    await user.click(obs.getByRole('button', { name: 'Make a new key' }));
    const dialog = within(await screen.findByTestId('studio-confirm-key'));
    expect(dialog.getByText(/a show running from your encoder with it ends/)).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(callsTo('post', '/studio/camera/stream_key')).toHaveLength(0);

    await user.click(obs.getByRole('button', { name: 'Make a new key' }));
    await user.click(within(await screen.findByTestId('studio-confirm-key')).getByRole('button', { name: 'Make a new key' }));
    const shown = within(await screen.findByTestId('studio-new-key'));
    expect((shown.getByLabelText('Stream key') as HTMLInputElement).value).toBe('sk_live_SECRET_KEY9');
    expect(shown.getByText(/This key is shown only now/)).toBeTruthy();
    await user.click(shown.getByRole('button', { name: 'Copy the Stream key' }));
    expect(writeText).toHaveBeenCalledWith('sk_live_SECRET_KEY9');
    expect(await shown.findByText('Copied.')).toBeTruthy();
    await waitFor(() => expect(obs.getByTestId('studio-key-hint').textContent).toMatch(/ends in KEY9/));

    await user.click(shown.getByRole('button', { name: 'I have copied it' }));
    expect(screen.queryByTestId('studio-new-key')).toBeNull();
    expect(document.body.textContent).not.toContain('sk_live_SECRET_KEY9');
    expect(callsTo('post', '/studio/camera/stream_key')).toHaveLength(1);
  });
});

describe('planned shows', () => {
  const inOneDay = () => {
    const date = new Date(Date.now() + 24 * 3600 * 1000);
    date.setSeconds(0, 0);
    const pad = (n: number) => String(n).padStart(2, '0');
    const local = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
    return { local, unix: Math.floor(date.getTime() / 1000) };
  };

  it('plans a show at the local time she typed, for the chosen duration', async () => {
    const user = userEvent.setup();
    const { local, unix } = inOneDay();
    fakeStudioApi(mockedApi, {
      get: { '/studio/camera': () => camera },
      post: { '/studio/camera/schedule': () => studioCameraOf({ schedule: [{ id: 7, starts_at: unix, ends_at: unix + 90 * 60 }] }) },
    });
    renderStudio(<StudioRoute />, modelProfile());
    const panel = within(await screen.findByTestId('studio-schedule'));
    expect(panel.getByText('No shows planned yet.')).toBeTruthy();
    fireEvent.change(panel.getByLabelText('Date and time'), { target: { value: local } });
    await user.selectOptions(panel.getByLabelText('Duration'), '90');
    await user.click(panel.getByRole('button', { name: 'Plan show' }));
    expect(await panel.findByText('Your show has been planned.')).toBeTruthy();
    expect(callsTo('post', '/studio/camera/schedule')).toEqual([{ starts_at: unix, duration_minutes: 90 }]);
    expect(panel.getAllByTestId('studio-show')).toHaveLength(1);
    expect(panel.getByLabelText('Duration').querySelector('option[value="90"]')?.textContent).toBe('1 h 30 min');
  });

  it('removes a planned show', async () => {
    const user = userEvent.setup();
    const { unix } = inOneDay();
    camera = studioCameraOf({ schedule: [{ id: 7, starts_at: unix, ends_at: unix + 3600 }, { id: 8, starts_at: unix + 86400, ends_at: unix + 90000 }] });
    fakeStudioApi(mockedApi, {
      get: { '/studio/camera': () => camera },
      delete: { '/studio/camera/schedule/7': () => studioCameraOf({ schedule: [{ id: 8, starts_at: unix + 86400, ends_at: unix + 90000 }] }) },
    });
    renderStudio(<StudioRoute />, modelProfile());
    const panel = within(await screen.findByTestId('studio-schedule'));
    const [first] = panel.getAllByTestId('studio-show');
    await user.click(within(first!).getByRole('button', { name: /^Remove the show on / }));
    expect(await panel.findByText('The show has been removed.')).toBeTruthy();
    expect(panel.getAllByTestId('studio-show')).toHaveLength(1);
    expect(callsTo('delete', '/studio/camera/schedule/7')).toHaveLength(1);
  });

  it('refuses a time in the past without asking, and shows an overlap (409) at the date', async () => {
    const user = userEvent.setup();
    const { local } = inOneDay();
    fakeStudioApi(mockedApi, {
      get: { '/studio/camera': () => camera },
      post: {
        '/studio/camera/schedule': () => {
          throw serverError(409, 'Overlaps another show', { code: 'SHOW_OVERLAPS' });
        },
      },
    });
    renderStudio(<StudioRoute />, modelProfile());
    const panel = within(await screen.findByTestId('studio-schedule'));
    const start = panel.getByLabelText('Date and time');
    fireEvent.change(start, { target: { value: '2001-01-01T10:00' } });
    await user.click(panel.getByRole('button', { name: 'Plan show' }));
    await waitFor(() => expect(describedBy(start, 'Choose a time in the future.')).toBe(true));
    expect(callsTo('post', '/studio/camera/schedule')).toEqual([]);
    fireEvent.change(start, { target: { value: local } });
    await user.click(panel.getByRole('button', { name: 'Plan show' }));
    await waitFor(() => expect(describedBy(start, 'This show overlaps another planned show.')).toBe(true));
  });
});
