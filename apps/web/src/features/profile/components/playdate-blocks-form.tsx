import type { Profile } from '@velora/shared';
import { useTranslation } from 'react-i18next';
import { SwitchField } from '@/components/switch-field';
import { useHidePlaydateDescriptionBlock } from '../api/hide-playdate-description-block';
import { useHideUpcomingPlaydateBlock } from '../api/hide-upcoming-playdate-block';
import { useSettingsForm } from '../use-settings-form';
import { SettingsForm } from './settings-form';

interface Values {
  descriptionHidden: boolean;
  upcomingHidden: boolean;
}

/** The two blocks of the playdate pages a member may hide (the profile says which show). */
export function PlaydateBlocksForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const description = useHidePlaydateDescriptionBlock();
  const upcoming = useHideUpcomingPlaydateBlock();
  const initial: Values = { descriptionHidden: !profile.settings.playdate_block, upcomingHidden: !profile.settings.upcoming_playdate_block };
  const settings = useSettingsForm<Values>({
    defaultValues: initial,
    send: async (values) => {
      // Only what changed is sent; each block has its own call.
      const calls: Promise<unknown>[] = [];
      if (values.descriptionHidden !== initial.descriptionHidden) calls.push(description.mutateAsync({ hideDescriptionBlock: values.descriptionHidden }));
      if (values.upcomingHidden !== initial.upcomingHidden) calls.push(upcoming.mutateAsync({ hide: values.upcomingHidden }));
      await Promise.all(calls);
      return { saved: t('profile.playdateBlocks.saved'), refresh: calls.length > 0 };
    },
  });
  const { register } = settings.form;

  return (
    <SettingsForm
      title={t('profile.playdateBlocks.title')}
      intro={t('profile.playdateBlocks.intro')}
      testId="playdate-blocks-form"
      state={settings}
      submitLabel={t('profile.playdateBlocks.submit')}
      busyLabel={t('profile.saving')}
    >
      <SwitchField label={t('profile.playdateBlocks.description')} {...register('descriptionHidden')} />
      <SwitchField label={t('profile.playdateBlocks.upcoming')} {...register('upcomingHidden')} />
    </SettingsForm>
  );
}
