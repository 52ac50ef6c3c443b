import { useQueryClient } from '@tanstack/react-query';
import { AVATAR_CHOICES } from '@velora/shared';
import type { KeyboardEvent } from 'react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/dialog';
import { FormAlert } from '@/components/form-alert';
import { useAccount } from '../account';
import { useChangeAvatar } from '../api/change-avatar';
import { avatarChoiceUrl } from '../avatar-urls';
import { refusalOf } from '../refusals';
import { AvatarImage } from './avatar-image';

/** What the app's modal host hands every popup (its registry type, restated: features do not import app/). */
export interface ChangeAvatarPopupProps {
  open: boolean;
  onClose: () => void;
}

const keyOf = (choice: number | null) => (choice === null ? 'default' : String(choice));

/**
 * Popup `change-avatar`: the default, the picture of the account and the forty designs as one radio group
 * (arrow keys move and choose, Home and End jump), the current one chosen; Save stores it for every screen.
 */
export function ChangeAvatarPopup({ open, onClose }: ChangeAvatarPopupProps) {
  const { t } = useTranslation();
  const { profile } = useAccount();
  const queryClient = useQueryClient();
  const mutation = useChangeAvatar();
  const [chosen, setChosen] = useState<number | null>(profile?.avatar ?? null);
  const [failed, setFailed] = useState<string | null>(null);
  const labelId = useId();
  const refs = useRef(new Map<string, HTMLButtonElement>());

  if (!profile) return null;

  const label = (choice: number | null) =>
    choice === null ? t('profile.avatar.default') : choice === 0 ? t('profile.avatar.generated') : t('profile.avatar.numbered', { number: choice });

  const choose = (choice: number | null) => {
    setChosen(choice);
    refs.current.get(keyOf(choice))?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = AVATAR_CHOICES.indexOf(chosen);
    const last = AVATAR_CHOICES.length - 1;
    const next: Record<string, number> = {
      ArrowRight: index >= last ? 0 : index + 1,
      ArrowDown: index >= last ? 0 : index + 1,
      ArrowLeft: index <= 0 ? last : index - 1,
      ArrowUp: index <= 0 ? last : index - 1,
      Home: 0,
      End: last,
    };
    const target = next[event.key];
    if (target === undefined) return;
    event.preventDefault();
    choose(AVATAR_CHOICES[target]!);
  };

  const save = async () => {
    setFailed(null);
    try {
      await mutation.mutateAsync({ avatar: chosen });
      // The avatar shows in the header, the profile and beside comments: everything on screen is fetched again.
      await queryClient.invalidateQueries();
      onClose();
    } catch (error) {
      setFailed(refusalOf(error, t).form ?? t('profile.avatar.failed'));
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={t('profile.avatar.title')}
      description={t('profile.avatar.intro')}
      testId="change-avatar-popup"
      onOpenAutoFocus={(event) => {
        event.preventDefault();
        refs.current.get(keyOf(chosen))?.focus();
      }}
    >
      <form
        className="avatar-picker"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <p id={labelId} className="visually-hidden">
          {t('profile.avatar.groupLabel')}
        </p>
        <div className="avatar-picker__grid" role="radiogroup" aria-labelledby={labelId} onKeyDown={onKeyDown}>
          {AVATAR_CHOICES.map((choice) => {
            const checked = choice === chosen;
            return (
              <button
                key={keyOf(choice)}
                ref={(node) => {
                  if (node) refs.current.set(keyOf(choice), node);
                  else refs.current.delete(keyOf(choice));
                }}
                type="button"
                role="radio"
                aria-checked={checked}
                aria-label={label(choice)}
                tabIndex={checked ? 0 : -1}
                className={['avatar-picker__option', checked ? 'avatar-picker__option--checked' : ''].filter(Boolean).join(' ')}
                data-avatar={keyOf(choice)}
                onClick={() => choose(choice)}
              >
                <AvatarImage src={avatarChoiceUrl(profile, choice)} size={56} />
                {choice === null || choice === 0 ? (
                  <span className="avatar-picker__caption" aria-hidden="true">
                    {label(choice)}
                  </span>
                ) : null}
              </button>
            );
          })}
        </div>
        {failed ? <FormAlert tone="error">{failed}</FormAlert> : null}
        <div className="avatar-picker__actions">
          <button type="button" className="button button--ghost" onClick={onClose}>
            {t('profile.avatar.cancel')}
          </button>
          <button type="submit" className="button button--primary" disabled={mutation.isPending} aria-busy={mutation.isPending || undefined}>
            {mutation.isPending ? t('profile.saving') : t('profile.avatar.save')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
