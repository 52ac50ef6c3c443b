import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Comment, CommentList } from '@velora/shared';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Http from '@/lib/http';
import type { CapabilityProfile } from '@/lib/capabilities';
import { CapabilityProfileProvider } from '@/lib/capabilities';
import { ApiError, api } from '@/lib/http';
import { en } from '@/locales';
import { CommentsSection } from './comments-section';

vi.mock('@/lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof Http>();
  return { ...actual, api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() } };
});

const mockedApi = vi.mocked(api);
const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } }, interpolation: { escapeValue: false }, initAsync: false });

const comment = (id: number, overrides: Partial<Comment> = {}): Comment => ({
  id,
  video_id: 4,
  body: `Comment number ${id}`,
  created_at: 1_700_000_000 + id,
  author: { id: 100 + id, username: `member${id}`, avatar: null },
  author_avatar: `/media/avatars/users/${100 + id}.svg`,
  is_own: false,
  ...overrides,
});

const page = (comments: Comment[], pageNo = 1, pages = 1): CommentList => ({ comments, total: comments.length + (pages - 1) * 20, page: pageNo, pages });

const apiError = (status: number, fields?: Record<string, string>) =>
  new ApiError({ status, statusText: '', body: { error: { code: status === 429 ? 'RATE_LIMITED' : 'BAD_REQUEST', message: 'x', ...(fields ? { fields } : {}) } }, path: '/videos/4/comments' });

const member: CapabilityProfile = { premium_until: null, model_id: null, is_team_member: false };

/** The section as the app shows it to `viewer` (a member unless told). */
function renderSection(viewer: CapabilityProfile | null = member) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <CapabilityProfileProvider profile={viewer}>
          <CommentsSection videoId={4} />
        </CapabilityProfileProvider>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

beforeEach(() => vi.clearAllMocks());

describe('CommentsSection', () => {
  it('lists comments as plain text, keeping line breaks and never rendering markup', async () => {
    mockedApi.get.mockResolvedValue(page([comment(2, { body: 'Line one\nLine two <b>not bold</b>' }), comment(1)]));
    renderSection();
    const items = await screen.findAllByTestId('comment');
    expect(items).toHaveLength(2);
    const body = items[0]!.querySelector('.comment__body')!;
    expect(body.textContent).toBe('Line one\nLine two <b>not bold</b>');
    expect(body.querySelector('b')).toBeNull();
    expect(within(items[0]!).getByText('member2')).toBeTruthy();
    expect(screen.getByRole('heading', { name: /Comments/ }).textContent).toContain('2 comments');
    expect(mockedApi.get).toHaveBeenCalledWith('/videos/4/comments', { page: 1 }, expect.anything());
  });

  it("shows each author's avatar picture beside the name, hidden from screen readers", async () => {
    mockedApi.get.mockResolvedValue(page([comment(2, { author_avatar: 'https://cdn.example.test/media/avatars/12.svg' }), comment(1)]));
    renderSection();
    const items = await screen.findAllByTestId('comment');
    const pictures = items.map((item) => item.querySelector('img.comment__avatar')!);
    expect(pictures.map((img) => img.getAttribute('src'))).toEqual(['https://cdn.example.test/media/avatars/12.svg', '/media/avatars/users/101.svg']);
    for (const img of pictures) expect(img.getAttribute('alt')).toBe('');
  });

  it('shows loading, then an empty state', async () => {
    mockedApi.get.mockResolvedValue(page([]));
    renderSection();
    expect(screen.getByRole('status', { name: 'Loading comments' })).toBeTruthy();
    expect(await screen.findByText('No comments yet. Be the first to share your thoughts.')).toBeTruthy();
  });

  it('shows an error with a retry', async () => {
    const user = userEvent.setup();
    mockedApi.get.mockRejectedValueOnce(apiError(500)).mockResolvedValue(page([comment(1)]));
    renderSection();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Comments could not be loaded.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('comment')).toHaveLength(1);
  });

  it('pages through older comments', async () => {
    const user = userEvent.setup();
    mockedApi.get.mockImplementation(async (_path, params) => {
      const p = (params as { page: number }).page;
      return p === 1 ? page([comment(40), comment(39)], 1, 2) : page([comment(20)], 2, 2);
    });
    renderSection();
    const pager = await screen.findByRole('navigation', { name: 'Comment pages' });
    expect(within(pager).getByText('Page 1 of 2')).toBeTruthy();
    expect((within(pager).getByRole('button', { name: 'Newer' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(pager).getByRole('button', { name: 'Older' }));
    await waitFor(() => expect(screen.getAllByTestId('comment')).toHaveLength(1));
    expect(screen.getByText('Comment number 20')).toBeTruthy();
  });

  it('posts a comment, counts characters and refreshes the list', async () => {
    const user = userEvent.setup();
    let comments = [comment(1)];
    mockedApi.get.mockImplementation(async () => page(comments));
    mockedApi.post.mockImplementation(async (_path, body) => {
      const created = comment(2, { body: (body as { body: string }).body, is_own: true });
      comments = [created, ...comments];
      return created;
    });
    renderSection();
    await screen.findAllByTestId('comment');
    const textarea = screen.getByRole('textbox', { name: 'Add a comment' });
    expect(textarea.getAttribute('maxlength')).toBe('2000');
    await user.type(textarea, '  Lovely light ');
    expect(screen.getByText('15 / 2000')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Post comment' }));

    expect(mockedApi.post).toHaveBeenCalledWith('/videos/4/comments', { body: 'Lovely light' }, { headers: { 'Idempotency-Key': expect.any(String) } });
    expect(await screen.findByText('Your comment was posted.')).toBeTruthy();
    expect((textarea as HTMLTextAreaElement).value).toBe('');
    await waitFor(() => expect(screen.getAllByTestId('comment')).toHaveLength(2));
  });

  it('refuses an empty comment without asking the server', async () => {
    const user = userEvent.setup();
    mockedApi.get.mockResolvedValue(page([]));
    renderSection();
    await user.click(await screen.findByRole('button', { name: 'Post comment' }));
    const textarea = screen.getByRole('textbox', { name: 'Add a comment' });
    expect(textarea.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Write something first.')).toBeTruthy();
    expect(document.activeElement).toBe(textarea);
    expect(mockedApi.post).not.toHaveBeenCalled();
  });

  it('shows the server’s field error on the textarea', async () => {
    const user = userEvent.setup();
    mockedApi.get.mockResolvedValue(page([]));
    mockedApi.post.mockRejectedValue(apiError(400, { body: 'Must be at most 2000 characters' }));
    renderSection();
    await user.type(await screen.findByRole('textbox', { name: 'Add a comment' }), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Post comment' }));
    const textarea = screen.getByRole('textbox', { name: 'Add a comment' });
    await waitFor(() => expect(textarea.getAttribute('aria-invalid')).toBe('true'));
    expect(textarea.getAttribute('aria-describedby')).toContain(screen.getByText('Must be at most 2000 characters').id);
    expect((textarea as HTMLTextAreaElement).value).toBe('Hello');
  });

  it('says so when the member comments too fast (429)', async () => {
    const user = userEvent.setup();
    mockedApi.get.mockResolvedValue(page([]));
    mockedApi.post.mockRejectedValue(apiError(429));
    renderSection();
    await user.type(await screen.findByRole('textbox', { name: 'Add a comment' }), 'Again');
    await user.click(screen.getByRole('button', { name: 'Post comment' }));
    expect((await screen.findByRole('alert')).textContent).toBe('You are commenting too fast. Please wait a moment and try again.');
  });

  it('deletes an own comment after confirmation; others have no delete button', async () => {
    const user = userEvent.setup();
    let comments = [comment(2, { is_own: true }), comment(1)];
    mockedApi.get.mockImplementation(async () => page(comments));
    mockedApi.delete.mockImplementation(async () => {
      comments = comments.filter((c) => c.id !== 2);
      return {};
    });
    renderSection();
    const [own, other] = await screen.findAllByTestId('comment');
    expect(within(other!).queryByRole('button', { name: 'Delete' })).toBeNull();

    await user.click(within(own!).getByRole('button', { name: 'Delete' }));
    const confirm = within(own!).getByRole('group', { name: 'Delete this comment?' });
    expect(document.activeElement).toBe(within(confirm).getByRole('button', { name: 'Cancel' }));
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(mockedApi.delete).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(within(own!).getByRole('button', { name: 'Delete' }));

    await user.click(within(own!).getByRole('button', { name: 'Delete' }));
    await user.click(within(own!).getByRole('button', { name: 'Yes, delete' }));
    expect(mockedApi.delete).toHaveBeenCalledWith('/videos/4/comments/2');
    await waitFor(() => expect(screen.getAllByTestId('comment')).toHaveLength(1));
    expect(screen.getByText('Your comment was deleted.')).toBeTruthy();
  });

  it("offers a team member the delete button on anyone's comment (the server lets a team member delete any)", async () => {
    const user = userEvent.setup();
    let comments = [comment(2), comment(1)];
    mockedApi.get.mockImplementation(async () => page(comments));
    mockedApi.delete.mockImplementation(async () => {
      comments = comments.filter((c) => c.id !== 1);
      return {};
    });
    renderSection({ ...member, is_team_member: true });
    const items = await screen.findAllByTestId('comment');
    expect(items.map((item) => within(item).queryByRole('button', { name: 'Delete' }) !== null)).toEqual([true, true]);

    await user.click(within(items[1]!).getByRole('button', { name: 'Delete' }));
    await user.click(within(items[1]!).getByRole('button', { name: 'Yes, delete' }));
    expect(mockedApi.delete).toHaveBeenCalledWith('/videos/4/comments/1');
    await waitFor(() => expect(screen.getAllByTestId('comment')).toHaveLength(1));
    expect(screen.getByText('The comment was deleted.')).toBeTruthy();
  });

  it("hides the delete button of others' comments from members, premium members and models", async () => {
    mockedApi.get.mockResolvedValue(page([comment(2), comment(1)]));
    for (const viewer of [member, { ...member, premium_until: 4_000_000_000 }, { ...member, model_id: 3 }]) {
      const { unmount } = renderSection(viewer);
      expect(await screen.findAllByTestId('comment')).toHaveLength(2);
      expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
      unmount();
    }
  });

  it('explains a refused deletion (403)', async () => {
    const user = userEvent.setup();
    mockedApi.get.mockResolvedValue(page([comment(2, { is_own: true })]));
    mockedApi.delete.mockRejectedValue(apiError(403));
    renderSection();
    const [own] = await screen.findAllByTestId('comment');
    await user.click(within(own!).getByRole('button', { name: 'Delete' }));
    await user.click(within(own!).getByRole('button', { name: 'Yes, delete' }));
    expect((await within(own!).findByRole('alert')).textContent).toBe('You can only delete your own comments.');
  });
});
