import type { Profile } from '@velora/shared';
import { ChangePersonalDataBody } from '@velora/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '@/components/select-field';
import { TextField } from '@/components/text-field';
import { useContentLanguage } from '@/lib/content-language';
import { useChangePersonalData } from '../api/change-personal-data';
import { countryOptionsWith } from '../countries';
import { useSettingsForm } from '../use-settings-form';
import { SettingsForm } from './settings-form';

type TextFieldName = 'firstName' | 'lastName' | 'street' | 'house' | 'zip' | 'city';

/** The longest value of each field (the contract's limits), for the messages. */
const MAX: Record<TextFieldName, number> = { firstName: 100, lastName: 100, street: 200, house: 20, zip: 20, city: 100 };

const AUTOCOMPLETE: Record<TextFieldName, string> = {
  firstName: 'given-name',
  lastName: 'family-name',
  street: 'address-line1',
  house: 'address-line2',
  zip: 'postal-code',
  city: 'address-level2',
};

/** Name and address; an emptied field is cleared. */
export function PersonalDataForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const language = useContentLanguage();
  const mutation = useChangePersonalData();
  const countries = useMemo(
    () => countryOptionsWith(language, profile.country).map((country) => ({ value: country.code, label: country.name })),
    [language, profile.country],
  );
  const settings = useSettingsForm({
    schema: ChangePersonalDataBody,
    defaultValues: {
      firstName: profile.first_name ?? '',
      lastName: profile.last_name ?? '',
      street: profile.street ?? '',
      house: profile.house ?? '',
      zip: profile.zip ?? '',
      city: profile.city ?? '',
      country: profile.country ?? '',
    },
    fields: ['firstName', 'lastName', 'street', 'house', 'zip', 'city', 'country'],
    send: async (values) => {
      await mutation.mutateAsync(values);
      return { saved: t('profile.personal.saved'), refresh: true };
    },
  });
  const { register } = settings.form;

  const text = (field: TextFieldName) => (
    <TextField
      label={t(`profile.personal.${field}`)}
      autoComplete={AUTOCOMPLETE[field]}
      error={settings.errorText(field, () => t('profile.validation.tooLong', { max: MAX[field] }))}
      {...register(field)}
    />
  );

  return (
    <SettingsForm
      title={t('profile.personal.title')}
      intro={t('profile.personal.intro')}
      testId="personal-data-form"
      state={settings}
      submitLabel={t('profile.personal.submit')}
      busyLabel={t('profile.saving')}
    >
      <div className="settings-grid">
        {text('firstName')}
        {text('lastName')}
        {text('street')}
        {text('house')}
        {text('zip')}
        {text('city')}
      </div>
      <SelectField
        label={t('profile.personal.country')}
        autoComplete="country"
        error={settings.errorText('country', () => t('profile.personal.countryInvalid'))}
        placeholder={t('profile.personal.noCountry')}
        options={countries}
        {...register('country')}
      />
    </SettingsForm>
  );
}
