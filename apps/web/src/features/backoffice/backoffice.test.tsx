import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuditEntry, AuditList, Profile, TeamMember } from '@velora/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetPopups } from '@/components/popups/popup-store';
import type * as Http from '@/lib/http';
import { api } from '@/lib/http';
import { setAccessToken } from '@/lib/storage';
import { serverError } from '@/test/fake-api';
import type { ApiMock, FakeRoutes } from '@/test/render-app';
import { fakeSite, profileFixture, renderApp } from '@/test/render-app';

// The back office's screens (decision record 070): the overview by capability, the audit log and the team.

vi.mock('@/lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof Http>();
  return { ...actual, api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() } };
});
const mockedApi = api as unknown as ApiMock;
const calls = (method: 'get' | 'post' | 'put', path: string) => mockedApi[method].mock.calls.filter(([p]) => p === path);

function signedIn(profile: Profile, routes: FakeRoutes = {}) {
  setAccessToken('token');
  fakeSite(mockedApi, { ...routes, get: { '/user/profile': () => profile, '/roles': () => [], ...routes.get }, put: routes.put, post: routes.post });
}
const admin = () => profileFixture({ is_team_member: true, team_kinds: ['admin'], second_factor: 'verified' });

const entry = (id: number, overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  id,
  at: 1_900_000_000 - id * 60,
  actor: { id: 7, name: 'zoe' },
  action: 'studio.camera.update',
  subject: { type: 'camera', id: '3' },
  before: { title: 'Old' },
  after: { title: 'New' },
  request: { body: { title: 'New' } },
  ip: '10.0.0.1',
  ...overrides,
});
const page = (entries: AuditEntry[], total = entries.length): AuditList => ({ entries, page: 1, per_page: 50, total, pages: Math.max(1, Math.ceil(total / 50)) });

const member = (overrides: Partial<TeamMember>): TeamMember => ({
  user_id: 1,
  username: 'owner',
  email: 'owner@example.com',
  is_team_member: true,
  team_kinds: ['admin'],
  roles: [],
  model: null,
  second_factor_enrolled: true,
  ...overrides,
});

beforeEach(() => {
  vi.clearAllMocks();
  resetPopups();
});
afterEach(() => setAccessToken(null));

describe('/backoffice', () => {
  it("shows an admin every section, a plain team member only the team's", async () => {
    signedIn(admin());
    const { unmount } = renderApp('/backoffice');
    const sections = await screen.findByTestId('backoffice-sections');
    expect(within(sections).getAllByRole('heading').map((h) => h.textContent)).toEqual(['Videos', 'Models', 'Shoots', 'Retagger', 'Tags', 'Blog', 'Pages', 'Page meta', 'Feature flags', 'Prices', 'Playdate limits', 'Camera feedback', 'Team', 'Audit log']);
    unmount();

    signedIn(profileFixture({ is_team_member: true, second_factor: 'verified' }));
    renderApp('/backoffice');
    const own = await screen.findByTestId('backoffice-sections');
    expect(within(own).getAllByRole('heading').map((h) => h.textContent)).toEqual(['Playdate limits', 'Camera feedback']);
  });

  it('tells a member it is for the team, and asks the server nothing of the back office', async () => {
    signedIn(profileFixture());
    renderApp('/backoffice');
    expect(await screen.findByTestId('backoffice-team-only')).toBeTruthy();
    expect(mockedApi.get.mock.calls.some(([p]) => String(p).startsWith('/backoffice'))).toBe(false);
  });
});

describe('/backoffice/audit', () => {
  it('lists entries newest first with who, what and the subject, and shows before and after on demand', async () => {
    const user = userEvent.setup();
    signedIn(admin(), { get: { '/backoffice/audit': () => page([entry(1), entry(2, { action: 'backoffice.team.add', subject: { type: 'user', id: '9' } })], 2) } });
    renderApp('/backoffice/audit');
    const rows = await screen.findAllByTestId('audit-entry');
    expect(rows).toHaveLength(2);
    expect(screen.getByTestId('audit-total').textContent).toBe('2 entries');
    expect(within(rows[0]!).getByText('studio.camera.update')).toBeTruthy();
    expect(within(rows[1]!).getByText('user 9')).toBeTruthy();
    const details = within(rows[0]!).getByRole('button', { name: 'Show details' });
    expect(details.getAttribute('aria-expanded')).toBe('false');
    await user.click(details);
    expect(details.getAttribute('aria-expanded')).toBe('true');
    expect(within(rows[0]!).getByText('From address 10.0.0.1')).toBeTruthy();
    expect(within(rows[0]!).getAllByText(/"title": "New"/)).toHaveLength(2);
  });

  it('sends the filters, starting again on the first page, and says when nothing matches', async () => {
    const user = userEvent.setup();
    signedIn(admin(), { get: { '/backoffice/audit': (params) => ((params as Record<string, unknown> | undefined)?.actor ? page([]) : page([entry(1)], 120)) } });
    renderApp('/backoffice/audit?page=2');
    await screen.findAllByTestId('audit-entry');
    await user.type(screen.getByLabelText('Who (username or id)'), 'nobody');
    await user.type(screen.getByLabelText('Action (or its start, e.g. studio.)'), 'studio.');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByTestId('audit-empty')).toBeTruthy();
    const sent = calls('get', '/backoffice/audit').at(-1)?.[1] as Record<string, unknown>;
    expect(Object.fromEntries(Object.entries(sent).filter(([, value]) => value !== null))).toEqual({ actor: 'nobody', action: 'studio.' });
  });

  it('says when the log cannot be loaded', async () => {
    signedIn(admin(), { get: { '/backoffice/audit': () => {
      throw serverError(403, 'This needs the capability "admin.audit"');
    } } });
    renderApp('/backoffice/audit');
    expect(await screen.findByText('The audit log could not be loaded.', {}, { timeout: 5000 })).toBeTruthy();
  });
});

describe('/backoffice/team', () => {
  it('adds a person as a writer by email, then lists them', async () => {
    const user = userEvent.setup();
    let members = [member({})];
    signedIn(admin(), {
      get: { '/backoffice/team': () => ({ members }) },
      post: {
        '/backoffice/team': (body) => {
          const sent = body as { login: string; roles: string[] };
          if (sent.login !== 'sam@example.com') throw serverError(404, 'No account', { fields: { login: 'No account has this username or email' } });
          const sam = member({ user_id: 2, username: 'sam', email: 'sam@example.com', is_team_member: false, team_kinds: [], roles: ['writer'], second_factor_enrolled: false });
          members = [...members, sam];
          return sam;
        },
      },
    });
    renderApp('/backoffice/team');
    const form = await screen.findByTestId('team-add');
    await user.type(within(form).getByLabelText('Username or email'), 'nobody@example.com');
    await user.click(within(form).getByRole('button', { name: 'Add' }));
    expect(await within(form).findByText('No account has this username or email.')).toBeTruthy();

    await user.clear(within(form).getByLabelText('Username or email'));
    await user.type(within(form).getByLabelText('Username or email'), 'sam@example.com');
    await user.click(within(form).getByRole('checkbox', { name: 'On the team' }));
    await user.click(within(form).getByRole('checkbox', { name: 'Writer' }));
    await user.click(within(form).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('sam was added.')).toBeTruthy();
    expect(calls('post', '/backoffice/team').at(-1)?.[1]).toEqual({ login: 'sam@example.com', team_member: false, team_kinds: [], roles: ['writer'] });
    await waitFor(() => expect(screen.getAllByTestId('team-member').map((row) => row.dataset.username)).toEqual(['owner', 'sam']));
  });

  it("edits a person's kinds, and says plainly why the last admin keeps theirs", async () => {
    const user = userEvent.setup();
    signedIn(admin(), {
      get: { '/backoffice/team': () => ({ members: [member({})] }) },
      put: { '/backoffice/team/1': () => {
        throw serverError(409, 'last admin', { code: 'LAST_ADMIN' });
      } },
    });
    renderApp('/backoffice/team');
    await user.click(await screen.findByRole('button', { name: 'Edit owner' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit owner' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Admin' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The site needs at least one admin: make someone else an admin first.')).toBeTruthy();
  });

  it("resets a person's authenticator app after asking", async () => {
    const user = userEvent.setup();
    signedIn(admin(), {
      get: { '/backoffice/team': () => ({ members: [member({ user_id: 4, username: 'zoe', team_kinds: [], is_team_member: false, model: { id: 3, name: 'Zoé' } })] }) },
      post: { '/backoffice/team/4/second-factor/reset': () => ({}) },
    });
    renderApp('/backoffice/team');
    expect(await screen.findByText('Model: Zoé')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Reset two-factor' }));
    const dialog = await screen.findByTestId('team-reset');
    expect(within(dialog).getByText('Reset two-factor sign-in of zoe?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Reset' }));
    expect(await screen.findByText('Two-factor sign-in of zoe was reset.')).toBeTruthy();
    expect(calls('post', '/backoffice/team/4/second-factor/reset')).toHaveLength(1);
  });
});
