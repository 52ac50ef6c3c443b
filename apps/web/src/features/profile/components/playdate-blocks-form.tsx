import type { Profile } from '@velora/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { useAccount } from '../account';
import { useHidePlaydateDescriptionBlock } from '../api/hide-playdate-description-block';
import { useHideUpcomingPlaydateBlock } from '../api/hide-upcoming-playdate-block';
import { refusalOf, showRefusal } from '../refusals';
import { SettingsCard, SuccessStatus } from './settings-card';
import { SwitchField } from './switch-field';

interface Values {
  descriptionHidden: boolean;
  upcomingHidden: boolean;
}

/** The two blocks of the playdate pages a member may hide (the profile says which show). */
export function PlaydateBlocksForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const account = useAccount();
  const description = useHidePlaydateDescriptionBlock();
  const upcoming = useHideUpcomingPlaydateBlock();
  const [saved, setSaved] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const initial: Values = { descriptionHidden: !profile.settings.playdate_block, upcomingHidden: !profile.settings.upcoming_playdate_block };
  const {
    register,
    handleSubmit,
    formState: { isSubmitting },
  } = useForm<Values>({ defaultValues: initial });

  const onSubmit = handleSubmit(async (values) => {
    setSaved(null);
    setFormError(null);
    try {
      // Only what changed is sent; each block has its own call.
      const calls: Promise<unknown>[] = [];
      if (values.descriptionHidden !== !profile.settings.playdate_block) calls.push(description.mutateAsync({ hideDescriptionBlock: values.descriptionHidden }));
      if (values.upcomingHidden !== !profile.settings.upcoming_playdate_block) calls.push(upcoming.mutateAsync({ hide: values.upcomingHidden }));
      await Promise.all(calls);
      if (calls.length > 0) await account.refresh();
      setSaved(t('profile.playdateBlocks.saved'));
    } catch (error) {
      setFormError(showRefusal(refusalOf(error, t), [], () => undefined));
    }
  });

  return (
    <SettingsCard title={t('profile.playdateBlocks.title')} intro={t('profile.playdateBlocks.intro')} testId="playdate-blocks-form">
      <form className="form" noValidate onSubmit={onSubmit}>
        {formError ? <FormAlert tone="error">{formError}</FormAlert> : null}
        <SwitchField label={t('profile.playdateBlocks.description')} {...register('descriptionHidden')} />
        <SwitchField label={t('profile.playdateBlocks.upcoming')} {...register('upcomingHidden')} />
        <SuccessStatus message={saved} />
        <div className="form__row form__row--end">
          <button type="submit" className="button button--primary" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
            {isSubmitting ? t('profile.saving') : t('profile.playdateBlocks.submit')}
          </button>
        </div>
      </form>
    </SettingsCard>
  );
}
