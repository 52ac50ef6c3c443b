import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BoModelDetail, BoModelList, BoShootDetail, BoShootList, Profile } from '@velora/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetPopups } from '@/components/popups/popup-store';
import type * as Http from '@/lib/http';
import { api } from '@/lib/http';
import { setAccessToken } from '@/lib/storage';
import { serverError } from '@/test/fake-api';
import type { ApiMock, FakeRoutes } from '@/test/render-app';
import { fakeSite, profileFixture, renderApp } from '@/test/render-app';

// The catalog's back-office screens (decision record 075): models and shoots, the gallery and publishing.

vi.mock('@/lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof Http>();
  return { ...actual, api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() } };
});
const mockedApi = api as unknown as ApiMock;

function signedIn(profile: Profile, routes: FakeRoutes = {}) {
  setAccessToken('token');
  fakeSite(mockedApi, { ...routes, get: { '/user/profile': () => profile, '/roles': () => [], ...routes.get } });
}
const admin = () => profileFixture({ is_team_member: true, team_kinds: ['admin'], second_factor: 'verified' });
const moderator = () => profileFixture({ is_team_member: true, team_kinds: ['moderator'], second_factor: 'verified' });

const modelDetail = (overrides: Partial<BoModelDetail> = {}): BoModelDetail => ({
  id: 4,
  name_en: 'Lena Morgen',
  country: 'DE',
  published: false,
  picture: '/media/images/model/4/400x400.jpg?exp=1&sig=x',
  shoot_count: 0,
  account: null,
  created_at: 1_900_000_000,
  description: 'By the sea.',
  camera: null,
  ...overrides,
});
const modelList = (models: BoModelDetail[]): BoModelList => ({ models, total: models.length, page: 1, pages: 1, per_page: 25 });
const image = (id: number) => ({ id, width: 1200, height: 800, thumbnail: `/media/images/image/${id}/400x400.jpg?exp=1&sig=x` });
const shootDetail = (overrides: Partial<BoShootDetail> = {}): BoShootDetail => ({
  id: 9,
  title: 'By the sea',
  model: { id: 4, name_en: 'Lena Morgen' },
  state: 'draft',
  published_at: null,
  image_count: 3,
  cover: '/media/images/shoot/9/370x206.jpg?exp=1&sig=x',
  description: 'A morning on the beach.',
  cover_image_id: 1,
  images: [image(1), image(2), image(3)],
  videos: [],
  ...overrides,
});
const shootList = (shoots: BoShootDetail[]): BoShootList => ({ shoots, total: shoots.length, page: 1, pages: 1, per_page: 25 });

beforeEach(() => {
  vi.clearAllMocks();
  resetPopups();
});
afterEach(() => setAccessToken(null));

describe('/backoffice/models', () => {
  it('lists models with their state and makes a new one, then opens it', async () => {
    const user = userEvent.setup();
    const created = modelDetail({ id: 5, name_en: 'Ines Vale' });
    signedIn(admin(), {
      get: { '/backoffice/models': () => modelList([modelDetail({ published: true })]), '/backoffice/models/5': () => created },
      post: { '/backoffice/models': () => created },
    });
    const { location } = renderApp('/backoffice/models');
    const rows = await screen.findAllByTestId('bo-model-row');
    expect(within(rows[0]!).getByRole('link', { name: 'Lena Morgen' })).toBeTruthy();
    expect(within(rows[0]!).getByText('Published')).toBeTruthy();

    const form = screen.getByTestId('bo-model-create');
    await user.click(within(form).getByRole('button', { name: 'Create model' }));
    expect(within(form).getByText('Required')).toBeTruthy();
    await user.type(within(form).getByLabelText('Name'), 'Ines Vale');
    await user.type(within(form).getByLabelText('Country code'), 'fr');
    await user.click(within(form).getByRole('button', { name: 'Create model' }));
    await waitFor(() => expect(location().pathname).toBe('/backoffice/models/5'));
    expect(mockedApi.post.mock.calls.find(([p]) => p === '/backoffice/models')?.[1]).toEqual({ name_en: 'Ines Vale', description: '', country: 'FR' });
    expect(await screen.findByTestId('bo-model-state')).toBeTruthy();
  });

  it('says when there are no models, and when the list cannot be loaded', async () => {
    signedIn(admin(), { get: { '/backoffice/models': () => modelList([]) } });
    const { unmount } = renderApp('/backoffice/models');
    expect(await screen.findByText('No models yet.')).toBeTruthy();
    unmount();
    signedIn(admin(), { get: { '/backoffice/models': () => { throw serverError(500, 'boom'); } } });
    renderApp('/backoffice/models');
    expect(await screen.findByText('This could not be loaded.', {}, { timeout: 5000 })).toBeTruthy();
  });

  it('links an account by username and says when none has it', async () => {
    const user = userEvent.setup();
    let model = modelDetail();
    signedIn(admin(), {
      get: { '/backoffice/models/4': () => model },
      put: {
        '/backoffice/models/4/account': (body) => {
          if ((body as { login: string }).login === 'nobody') throw serverError(404, 'No account', { fields: { login: 'No account has this username or email' } });
          model = { ...model, account: { user_id: 12, username: 'lena' } };
          return model;
        },
      },
    });
    renderApp('/backoffice/models/4');
    const login = await screen.findByLabelText('Username or email');
    await user.type(login, 'nobody');
    await user.click(screen.getByRole('button', { name: 'Link account' }));
    expect(await screen.findByText('No account has this username or email.')).toBeTruthy();
    await user.clear(login);
    await user.type(login, 'lena');
    await user.click(screen.getByRole('button', { name: 'Link account' }));
    await waitFor(() => expect(screen.getByTestId('bo-model-account').textContent).toBe('Linked: lena'));
  });

  it('shows a moderator the catalog read-only, with unpublishing only', async () => {
    signedIn(moderator(), { get: { '/backoffice/models/4': () => modelDetail({ published: true }) } });
    renderApp('/backoffice/models/4');
    expect(await screen.findByRole('button', { name: 'Unpublish' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Upload picture' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Link account' })).toBeNull();
    expect(screen.getByText(/changing it is for admins/)).toBeTruthy();
  });
});

describe('/backoffice/shoots', () => {
  it('filters by state and shows each shoot with its state', async () => {
    const user = userEvent.setup();
    signedIn(admin(), {
      get: {
        '/backoffice/shoots': (params) =>
          (params as { state?: string | null }).state === 'scheduled'
            ? shootList([shootDetail({ state: 'scheduled', published_at: 1_900_000_000 })])
            : shootList([shootDetail(), shootDetail({ id: 10, title: 'Autumn' })]),
        '/backoffice/models': () => modelList([modelDetail()]),
      },
    });
    renderApp('/backoffice/shoots');
    expect(await screen.findAllByTestId('bo-shoot-row')).toHaveLength(2);
    await user.selectOptions(screen.getByLabelText('State'), 'scheduled');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.getAllByTestId('bo-shoot-row')).toHaveLength(1));
    expect(within(screen.getByTestId('bo-shoot-row')).getByText('Scheduled')).toBeTruthy();
  });
});

describe('/backoffice/shoots/:id', () => {
  const routesFor = (state: { shoot: BoShootDetail }): FakeRoutes => ({
    get: { '/backoffice/shoots/9': () => state.shoot, '/backoffice/models': () => modelList([modelDetail()]) },
    post: {
      '/backoffice/shoots/9/images': () => (state.shoot = { ...state.shoot, images: [...state.shoot.images, image(4), image(5)] }),
      '/backoffice/shoots/9/publish': (body) =>
        (state.shoot = { ...state.shoot, state: (body as { publish_at: number | null }).publish_at ? 'scheduled' : 'published', published_at: 1_900_000_000 }),
    },
    put: {
      '/backoffice/shoots/9/images/order': (body) => {
        const ids = (body as { image_ids: number[] }).image_ids;
        return (state.shoot = { ...state.shoot, images: ids.map(image) });
      },
      '/backoffice/shoots/9/cover': (body) => (state.shoot = { ...state.shoot, cover_image_id: (body as { image_id: number }).image_id }),
    },
    delete: { '/backoffice/shoots/9/images/2': () => (state.shoot = { ...state.shoot, images: state.shoot.images.filter((i) => i.id !== 2) }) },
  });

  it('moves an image, makes another the cover and removes one, with buttons', async () => {
    const user = userEvent.setup();
    const state = { shoot: shootDetail() };
    signedIn(admin(), routesFor(state));
    renderApp('/backoffice/shoots/9');
    const first = (await screen.findAllByTestId('bo-gallery-image'))[0]!;
    expect(within(first).getByText('Cover')).toBeTruthy();
    expect((within(first).getByRole('button', { name: 'Move earlier' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(first).getByRole('button', { name: 'Move later' }));
    await waitFor(() => expect(screen.getAllByTestId('bo-gallery-image').map((li) => li.dataset.imageId)).toEqual(['2', '1', '3']));
    expect(mockedApi.put.mock.calls.find(([p]) => p === '/backoffice/shoots/9/images/order')?.[1]).toEqual({ image_ids: [2, 1, 3] });

    await user.click(within(screen.getAllByTestId('bo-gallery-image')[2]!).getByRole('button', { name: 'Make cover' }));
    await waitFor(() => expect(within(screen.getAllByTestId('bo-gallery-image')[2]!).getByText('Cover')).toBeTruthy());

    await user.click(within(screen.getAllByTestId('bo-gallery-image')[0]!).getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByTestId('bo-gallery-remove');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.getAllByTestId('bo-gallery-image').map((li) => li.dataset.imageId)).toEqual(['1', '3']));
  });

  it('uploads several files in one form and publishes the shoot now', async () => {
    const user = userEvent.setup();
    const state = { shoot: shootDetail() };
    signedIn(admin(), routesFor(state));
    renderApp('/backoffice/shoots/9');
    const upload = await screen.findByTestId('bo-gallery-upload');
    const files = [new File(['a'], 'a.jpg', { type: 'image/jpeg' }), new File(['b'], 'b.png', { type: 'image/png' })];
    await user.upload(within(upload).getByLabelText('Images to add'), files);
    await user.click(within(upload).getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('The images were added.')).toBeTruthy();
    const sent = mockedApi.post.mock.calls.find(([p]) => p === '/backoffice/shoots/9/images')?.[1] as FormData;
    expect(sent.getAll('files').map((f) => (f as File).name)).toEqual(['a.jpg', 'b.png']);
    expect(screen.getAllByTestId('bo-gallery-image')).toHaveLength(5);

    await user.click(screen.getByRole('button', { name: 'Publish now' }));
    await waitFor(() => expect(within(screen.getByTestId('bo-shoot-state')).getByText('Published')).toBeTruthy());
    expect(mockedApi.post.mock.calls.find(([p]) => p === '/backoffice/shoots/9/publish')?.[1]).toEqual({ publish_at: null });
  });

  it('names the refused file of an upload, in the reader’s words', async () => {
    const user = userEvent.setup();
    signedIn(admin(), {
      get: { '/backoffice/shoots/9': () => shootDetail(), '/backoffice/models': () => modelList([]) },
      post: { '/backoffice/shoots/9/images': () => { throw serverError(400, '"notes.jpg" is not a picture', { code: 'UNSUPPORTED_IMAGE' }); } },
    });
    renderApp('/backoffice/shoots/9');
    const upload = await screen.findByTestId('bo-gallery-upload');
    await user.upload(within(upload).getByLabelText('Images to add'), [new File(['x'], 'notes.jpg', { type: 'image/jpeg' })]);
    await user.click(within(upload).getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('“notes.jpg” is not a JPEG, PNG or WebP picture, or it is damaged. Nothing was added.')).toBeTruthy();
  });

  it('says so for a shoot that does not exist', async () => {
    signedIn(admin(), { get: { '/backoffice/shoots/77': () => { throw serverError(404, 'No shoot'); } } });
    renderApp('/backoffice/shoots/77');
    expect(await screen.findByText('There is no such shoot.', {}, { timeout: 5000 })).toBeTruthy();
  });
});
