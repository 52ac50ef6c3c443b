import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AVATAR_MAX } from '@velora/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Http from '@/lib/http';
import { api } from '@/lib/http';
import { accountOf, profileOf, refusal, renderWithAccount } from '../test/render';
import { ChangeAvatarPopup } from './change-avatar-popup';

vi.mock('@/lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof Http>();
  return { ...actual, api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() } };
});

const mockedApi = vi.mocked(api);

function renderPopup(avatar: number | null = 5) {
  const onClose = vi.fn();
  const profile = profileOf({ id: 77, avatar, avatar_url: `https://cdn.example.test/media${avatar === null ? '/avatars/default.svg' : avatar === 0 ? '/avatars/users/77.svg' : `/avatars/${avatar}.svg`}` });
  const utils = renderWithAccount(<ChangeAvatarPopup open onClose={onClose} />, accountOf(profile));
  return { onClose, ...utils };
}

const checked = () => screen.getAllByRole('radio').filter((r) => r.getAttribute('aria-checked') === 'true');

beforeEach(() => {
  vi.clearAllMocks();
  mockedApi.post.mockResolvedValue({ status: 'ok' });
});

describe('the change-avatar popup', () => {
  it('offers the default, the generated one and the forty designs as one radio group, the current one chosen and focused', async () => {
    renderPopup(5);
    const group = await screen.findByRole('radiogroup', { name: 'Avatars' });
    const radios = screen.getAllByRole('radio');
    expect(group.contains(radios[0]!)).toBe(true);
    expect(radios).toHaveLength(AVATAR_MAX + 2);
    expect(radios.slice(0, 3).map((r) => r.getAttribute('aria-label'))).toEqual(['Default', 'Generated from my account', 'Avatar 1']);
    expect(checked().map((r) => r.getAttribute('aria-label'))).toEqual(['Avatar 5']);
    await waitFor(() => expect(document.activeElement).toBe(checked()[0]));
    // Only the chosen one is in the tab order (roving tabindex).
    expect(radios.filter((r) => r.getAttribute('tabindex') === '0')).toEqual(checked());
    // Every picture comes from the same host as the current avatar.
    const sources = radios.map((r) => r.querySelector('img')!.getAttribute('src'));
    expect(sources.slice(0, 3)).toEqual([
      'https://cdn.example.test/media/avatars/default.svg',
      'https://cdn.example.test/media/avatars/users/77.svg',
      'https://cdn.example.test/media/avatars/1.svg',
    ]);
  });

  it('moves the choice with the arrow keys, Home and End', async () => {
    const user = userEvent.setup();
    renderPopup(5);
    await waitFor(() => expect(document.activeElement).toBe(checked()[0]));
    await user.keyboard('{ArrowRight}');
    expect(checked()[0]!.getAttribute('aria-label')).toBe('Avatar 6');
    expect(document.activeElement).toBe(checked()[0]);
    await user.keyboard('{ArrowUp}{ArrowLeft}');
    expect(checked()[0]!.getAttribute('aria-label')).toBe('Avatar 4');
    await user.keyboard('{Home}');
    expect(checked()[0]!.getAttribute('aria-label')).toBe('Default');
    await user.keyboard('{ArrowLeft}');
    expect(checked()[0]!.getAttribute('aria-label')).toBe(`Avatar ${AVATAR_MAX}`);
    await user.keyboard('{ArrowDown}');
    expect(checked()[0]!.getAttribute('aria-label')).toBe('Default');
    await user.keyboard('{End}');
    expect(checked()[0]!.getAttribute('aria-label')).toBe(`Avatar ${AVATAR_MAX}`);
  });

  it.each([
    ['a design', 'Avatar 12', 12],
    ['the generated one', 'Generated from my account', 0],
    ['the default', 'Default', null],
  ] as const)('saves %s, refreshes everything shown and closes', async (_case, label, value) => {
    const user = userEvent.setup();
    const { onClose, queryClient } = renderPopup(5);
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await user.click(screen.getByRole('radio', { name: label }));
    await user.click(screen.getByRole('button', { name: 'Save avatar' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(mockedApi.post).toHaveBeenCalledWith('/user/change_avatar', { avatar: value });
    expect(invalidate).toHaveBeenCalled();
  });

  it('keeps the popup open with a message when saving fails', async () => {
    const user = userEvent.setup();
    mockedApi.post.mockRejectedValue(refusal(500, 'down'));
    const { onClose } = renderPopup(null);
    expect(checked()[0]!.getAttribute('aria-label')).toBe('Default');
    await user.click(screen.getByRole('button', { name: 'Save avatar' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This could not be saved. Please try again.');
    expect(onClose).not.toHaveBeenCalled();
  });
});
