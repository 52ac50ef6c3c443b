import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Profile, RetagBody, RetagVideo, RetagVideoList, Tag } from '@velora/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetPopups } from '@/components/popups/popup-store';
import type * as Http from '@/lib/http';
import { api } from '@/lib/http';
import { setAccessToken } from '@/lib/storage';
import { serverError } from '@/test/fake-api';
import type { ApiMock, FakeRoutes } from '@/test/render-app';
import { fakeSite, profileFixture, renderApp } from '@/test/render-app';

// The back office's tags (decision record 071): the Retagger's screen and the tags in three languages.

vi.mock('@/lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof Http>();
  return { ...actual, api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() } };
});
const mockedApi = api as unknown as ApiMock;
const calls = (method: 'get' | 'post' | 'put' | 'delete', path: string) => mockedApi[method].mock.calls.filter(([p]) => p === path);

const retagger = () => profileFixture({ second_factor: 'verified' });
const admin = () => profileFixture({ is_team_member: true, team_kinds: ['admin'], second_factor: 'verified' });

function signedIn(profile: Profile, roles: string[], routes: FakeRoutes = {}) {
  setAccessToken('token');
  fakeSite(mockedApi, {
    get: { '/user/profile': () => profile, '/roles': () => roles.map((token) => ({ token })), ...routes.get },
    ...(routes.post ? { post: routes.post } : {}),
    ...(routes.put ? { put: routes.put } : {}),
    ...(routes.delete ? { delete: routes.delete } : {}),
  });
}

const tag = (id: number, en: string, de = `${en} (de)`, fr = `${en} (fr)`, count = 0): Tag => ({ id, name_en: en, name_de: de, name_fr: fr, video_count: count });
const TAGS = [tag(1, 'Beach', 'Strand', 'Plage', 2), tag(2, 'Trailer', 'Trailer', 'Bande-annonce', 1), tag(3, 'Night', 'Nacht', 'Nuit')];
const video = (id: number, tags: Tag[] = []): RetagVideo => ({
  id,
  title: `Clip ${id}`,
  published_at: 1_900_000_000 - id * 86_400,
  thumbnail: `/media/images/video/${id}/370x206.jpg`,
  tags: tags.map(({ id: tagId, name_en, name_de, name_fr }) => ({ id: tagId, name_en, name_de, name_fr })),
});
const page = (videos: RetagVideo[], total = videos.length, pageNumber = 1): RetagVideoList => ({ videos, page: pageNumber, per_page: 48, total, pages: Math.max(1, Math.ceil(total / 48)) });

beforeEach(() => {
  vi.clearAllMocks();
  resetPopups();
});
afterEach(() => setAccessToken(null));

describe('who sees the tag screens', () => {
  it('shows a retagger the Retagger and Tags sections and nothing of the team', async () => {
    signedIn(retagger(), ['retagger']);
    renderApp('/backoffice');
    const sections = await screen.findByTestId('backoffice-sections');
    expect(within(sections).getAllByRole('heading').map((h) => h.textContent)).toEqual(['Retagger', 'Tags']);
    const nav = screen.getByRole('navigation', { name: 'Back office' });
    expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toEqual(['Overview', 'Retagger', 'Tags']);
  });

  it('tells a member the Retagger is for the team, and asks the server nothing of it', async () => {
    signedIn(profileFixture(), []);
    renderApp('/backoffice/retag');
    expect(await screen.findByTestId('backoffice-team-only')).toBeTruthy();
    expect(mockedApi.get.mock.calls.some(([p]) => String(p).startsWith('/backoffice'))).toBe(false);
  });

  it('tells a support team member the tag screens are for retaggers, without asking for them', async () => {
    signedIn(profileFixture({ is_team_member: true, team_kinds: ['support'], second_factor: 'verified' }), []);
    renderApp('/backoffice/tags');
    expect(await screen.findByTestId('retag-forbidden')).toBeTruthy();
    expect(screen.getByText('This page is for retaggers and admins.')).toBeTruthy();
    expect(mockedApi.get.mock.calls.some(([p]) => String(p).startsWith('/backoffice'))).toBe(false);
  });
});

// Typing and clicking through a whole screen takes a few seconds on a busy machine.
describe('/backoffice/retag', { timeout: 20_000 }, () => {
  const videos = [video(11, [TAGS[0]!]), video(12), video(13), video(14, [TAGS[2]!])];

  function retagSite(onRetag: (body: RetagBody) => unknown = (body) => ({ videos: videos.filter((v) => body.video_ids.includes(v.id)), added: body.add.length * body.video_ids.length, removed: 0 })) {
    signedIn(retagger(), ['retagger'], {
      get: { '/backoffice/retag/videos': () => page(videos), '/backoffice/tags': () => ({ tags: TAGS }) },
      post: { '/backoffice/retag': (body) => onRetag(body as RetagBody) },
    });
  }

  it("shows each video's cover, title and tags, and the shortcuts on the screen", async () => {
    retagSite();
    renderApp('/backoffice/retag');
    const rows = await screen.findAllByTestId('retag-video');
    expect(rows).toHaveLength(4);
    expect(within(rows[0]!).getByText('Clip 11')).toBeTruthy();
    expect(within(rows[0]!).getByText('Beach')).toBeTruthy();
    expect(within(rows[1]!).getByText('No tags')).toBeTruthy();
    expect(rows[0]!.querySelector('img')?.getAttribute('src')).toBe('/media/images/video/11/370x206.jpg');
    const help = screen.getByTestId('retag-shortcuts');
    expect(within(help).getByText('Select from the last one to this one')).toBeTruthy();
    expect(within(help).getByText('Add the chosen tags to the selected videos')).toBeTruthy();
  });

  it('selects a range with shift-click, chooses a tag by typing and Enter, and adds it to all selected in one call', async () => {
    const user = userEvent.setup();
    retagSite();
    renderApp('/backoffice/retag');
    await screen.findAllByTestId('retag-video');
    await user.click(screen.getByLabelText('Select Clip 11'));
    await user.keyboard('{Shift>}');
    await user.click(screen.getByLabelText('Select Clip 13'));
    await user.keyboard('{/Shift}');
    expect(screen.getByTestId('retag-selected').textContent).toBe('3 videos selected');

    await user.type(screen.getByLabelText('Find a tag to choose'), 'nuit{Enter}');
    expect(within(screen.getByTestId('chosen-tags')).getByRole('button', { name: 'Remove Night from the chosen tags' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add to selected' }));

    await waitFor(() => expect(calls('post', '/backoffice/retag')).toHaveLength(1));
    expect(calls('post', '/backoffice/retag')[0]![1]).toEqual({ video_ids: [11, 12, 13], add: [3], remove: [] });
    expect(await screen.findByText('Done: 3 tag links changed on 3 videos.')).toBeTruthy();
  });

  it('works from the keyboard: J/K move, X and Shift+X select, A selects the page, Esc clears, T and - remove a tag', async () => {
    const user = userEvent.setup();
    retagSite((body) => ({ videos: videos.filter((v) => body.video_ids.includes(v.id)), added: 0, removed: 1 }));
    renderApp('/backoffice/retag');
    await screen.findAllByTestId('retag-video');

    await user.keyboard('j');
    expect(document.activeElement).toBe(screen.getByLabelText('Select Clip 11'));
    await user.keyboard('x');
    await user.keyboard('jj');
    expect(document.activeElement).toBe(screen.getByLabelText('Select Clip 13'));
    await user.keyboard('X');
    expect(screen.getByTestId('retag-selected').textContent).toBe('3 videos selected');
    await user.keyboard('k');
    await user.keyboard('x');
    expect(screen.getByTestId('retag-selected').textContent).toBe('2 videos selected');

    await user.keyboard('{Escape}');
    expect(screen.getByTestId('retag-selected').textContent).toBe('No video selected');
    await user.keyboard('a');
    expect(screen.getByTestId('retag-selected').textContent).toBe('4 videos selected');
    expect((screen.getByTestId('retag-select-all') as HTMLInputElement).checked).toBe(true);

    await user.keyboard('-');
    expect(await screen.findByText('Choose at least one tag first.')).toBeTruthy();
    await user.keyboard('t');
    expect(document.activeElement).toBe(screen.getByLabelText('Find a tag to choose'));
    await user.keyboard('strand{Enter}{Escape}-');
    await waitFor(() => expect(calls('post', '/backoffice/retag')).toHaveLength(1));
    expect(calls('post', '/backoffice/retag')[0]![1]).toEqual({ video_ids: [11, 12, 13, 14], add: [], remove: [1] });
  });

  it('says nothing changed when a video or tag is gone (404), and reloads the list', async () => {
    const user = userEvent.setup();
    retagSite(() => {
      throw serverError(404, 'No video with id 12', { code: 'NOT_FOUND', fields: { video_ids: 'No video with id 12' } });
    });
    renderApp('/backoffice/retag');
    await screen.findAllByTestId('retag-video');
    const before = calls('get', '/backoffice/retag/videos').length;
    await user.click(screen.getByLabelText('Select Clip 12'));
    await user.type(screen.getByLabelText('Find a tag to choose'), 'Beach{Enter}');
    await user.click(screen.getByRole('button', { name: 'Add to selected' }));
    expect(await screen.findByText('A video or tag no longer exists: nothing was changed. The list was reloaded.')).toBeTruthy();
    await waitFor(() => expect(calls('get', '/backoffice/retag/videos').length).toBeGreaterThan(before));
  });

  it('sends the title search and the untagged filter, and says when nothing matches', async () => {
    const user = userEvent.setup();
    signedIn(retagger(), ['retagger'], {
      get: { '/backoffice/retag/videos': (query) => ((query as Record<string, unknown>).untagged ? page([]) : page(videos)), '/backoffice/tags': () => ({ tags: TAGS }) },
    });
    renderApp('/backoffice/retag');
    await screen.findAllByTestId('retag-video');
    await user.type(screen.getByLabelText('Title contains'), 'clip');
    await user.selectOptions(screen.getByLabelText('Tagged'), 'untagged');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByTestId('retag-empty')).toBeTruthy();
    expect(calls('get', '/backoffice/retag/videos').at(-1)?.[1]).toMatchObject({ query: 'clip', untagged: 'true', tag: null });
  });
});

describe('/backoffice/tags', { timeout: 20_000 }, () => {
  it('lists the tags in three languages; a retagger renames one, and may not delete', async () => {
    const user = userEvent.setup();
    signedIn(retagger(), ['retagger'], {
      get: { '/backoffice/tags': () => ({ tags: TAGS }) },
      put: { '/backoffice/tags/3': (body) => ({ id: 3, ...(body as object), video_count: 0 }) },
    });
    renderApp('/backoffice/tags');
    const rows = await screen.findAllByTestId('tag-row');
    expect(rows.map((row) => row.getAttribute('data-tag'))).toEqual(['Beach', 'Trailer', 'Night']);
    expect(within(rows[0]!).getByText('Strand')).toBeTruthy();
    expect(within(rows[0]!).getByText('Plage')).toBeTruthy();
    expect(within(rows[0]!).getByRole('link', { name: '2 videos tagged Beach' }).getAttribute('href')).toBe('/backoffice/retag?tag=1');
    expect(screen.queryByRole('button', { name: /^Delete/ })).toBeNull();

    await user.click(within(rows[2]!).getByRole('button', { name: 'Rename Night' }));
    const dialog = await screen.findByTestId('tag-rename');
    const german = within(dialog).getByLabelText('Name in German');
    await user.clear(german);
    await user.type(german, 'Abend');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls('put', '/backoffice/tags/3')).toHaveLength(1));
    expect(calls('put', '/backoffice/tags/3')[0]![1]).toEqual({ name_en: 'Night', name_de: 'Abend', name_fr: 'Nuit' });
    expect(await screen.findByText('The tag Night was saved.')).toBeTruthy();
  });

  it('shows a name another tag has as an error on that language’s field (409)', async () => {
    const user = userEvent.setup();
    signedIn(retagger(), ['retagger'], {
      get: { '/backoffice/tags': () => ({ tags: TAGS }) },
      post: {
        '/backoffice/tags': () => {
          throw serverError(409, 'Another tag already has the name "Strand"', { code: 'DUPLICATE_TAG_NAME', fields: { name_de: 'Another tag is already called "Strand" in German' } });
        },
      },
    });
    renderApp('/backoffice/tags');
    await screen.findAllByTestId('tag-row');
    const form = screen.getByTestId('tag-add');
    await user.click(within(form).getByRole('button', { name: 'Add tag' }));
    expect(within(form).getAllByText('Required')).toHaveLength(3);
    expect(calls('post', '/backoffice/tags')).toHaveLength(0);

    await user.type(within(form).getByLabelText('Name in English'), 'Shore');
    await user.type(within(form).getByLabelText('Name in German'), 'Strand');
    await user.type(within(form).getByLabelText('Name in French'), 'Rivage');
    await user.click(within(form).getByRole('button', { name: 'Add tag' }));
    expect(await within(form).findByText('Another tag is already called “Strand”.')).toBeTruthy();
    expect(within(form).getByLabelText('Name in German').getAttribute('aria-invalid')).toBe('true');
    expect(within(form).getByLabelText('Name in English').getAttribute('aria-invalid')).toBeNull();
  });

  it('lets an admin delete a tag after confirming, but never the Trailer tag, whose English name stays', async () => {
    const user = userEvent.setup();
    signedIn(admin(), [], { get: { '/backoffice/tags': () => ({ tags: TAGS }) }, delete: { '/backoffice/tags/1': () => null } });
    renderApp('/backoffice/tags');
    const rows = await screen.findAllByTestId('tag-row');
    expect(within(rows[1]!).queryByRole('button', { name: /^Delete/ })).toBeNull();
    await user.click(within(rows[1]!).getByRole('button', { name: 'Rename Trailer' }));
    expect((within(await screen.findByTestId('tag-rename')).getByLabelText('Name in English') as HTMLInputElement).readOnly).toBe(true);
    await user.click(within(screen.getByTestId('tag-rename')).getByRole('button', { name: 'Cancel' }));

    await user.click(within(rows[0]!).getByRole('button', { name: 'Delete the tag Beach?' }));
    const confirm = await screen.findByTestId('tag-delete');
    expect(within(confirm).getByText(/taken off 2 videos/)).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls('delete', '/backoffice/tags/1')).toHaveLength(1));
    expect(await screen.findByText('The tag Beach was deleted.')).toBeTruthy();
  });

  it('says when the tags cannot be loaded', async () => {
    signedIn(retagger(), ['retagger'], {
      get: {
        '/backoffice/tags': () => {
          throw serverError(500, 'boom');
        },
      },
    });
    renderApp('/backoffice/tags');
    expect(await screen.findByText('The tags could not be loaded.', {}, { timeout: 8000 })).toBeTruthy();
  });
});
