import { zodResolver } from '@hookform/resolvers/zod';
import type { Profile } from '@velora/shared';
import { ChangePersonalDataBody } from '@velora/shared';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormAlert } from '@/components/form-alert';
import { TextField } from '@/components/text-field';
import { useContentLanguage } from '@/lib/content-language';
import { useAccount } from '../account';
import { useChangePersonalData } from '../api/change-personal-data';
import { countryOptionsWith } from '../countries';
import { refusalOf, showRefusal } from '../refusals';
import { SelectField } from './select-field';
import { SettingsCard, SuccessStatus } from './settings-card';

type Input = z.input<typeof ChangePersonalDataBody>;
type Values = z.output<typeof ChangePersonalDataBody>;
type TextFieldName = 'firstName' | 'lastName' | 'street' | 'house' | 'zip' | 'city';
const FIELDS = ['firstName', 'lastName', 'street', 'house', 'zip', 'city', 'country'] as const;

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
  const account = useAccount();
  const mutation = useChangePersonalData();
  const [saved, setSaved] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const countries = useMemo(() => countryOptionsWith(language, profile.country), [language, profile.country]);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Input, unknown, Values>({
    resolver: zodResolver(ChangePersonalDataBody),
    mode: 'onTouched',
    defaultValues: {
      firstName: profile.first_name ?? '',
      lastName: profile.last_name ?? '',
      street: profile.street ?? '',
      house: profile.house ?? '',
      zip: profile.zip ?? '',
      city: profile.city ?? '',
      country: profile.country ?? '',
    },
  });

  const message = (field: (typeof FIELDS)[number]): string | undefined => {
    const error = errors[field];
    if (!error) return undefined;
    if (error.type === 'server') return error.message;
    return field === 'country' ? t('profile.personal.countryInvalid') : t('profile.validation.tooLong', { max: MAX[field] });
  };

  const onSubmit = handleSubmit(async (values) => {
    setSaved(null);
    setFormError(null);
    try {
      await mutation.mutateAsync(values);
      await account.refresh();
      setSaved(t('profile.personal.saved'));
    } catch (error) {
      setFormError(showRefusal(refusalOf(error, t), FIELDS, (field, text) => setError(field, { type: 'server', message: text }, { shouldFocus: true })));
    }
  });

  const text = (field: TextFieldName) => (
    <TextField label={t(`profile.personal.${field}`)} autoComplete={AUTOCOMPLETE[field]} error={message(field)} {...register(field)} />
  );

  return (
    <SettingsCard title={t('profile.personal.title')} intro={t('profile.personal.intro')} testId="personal-data-form">
      <form className="form" noValidate onSubmit={onSubmit}>
        {formError ? <FormAlert tone="error">{formError}</FormAlert> : null}
        <div className="settings-grid">
          {text('firstName')}
          {text('lastName')}
          {text('street')}
          {text('house')}
          {text('zip')}
          {text('city')}
        </div>
        <SelectField label={t('profile.personal.country')} autoComplete="country" error={message('country')} {...register('country')}>
          <option value="">{t('profile.personal.noCountry')}</option>
          {countries.map((country) => (
            <option key={country.code} value={country.code}>
              {country.name}
            </option>
          ))}
        </SelectField>
        <SuccessStatus message={saved} />
        <div className="form__row form__row--end">
          <button type="submit" className="button button--primary" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
            {isSubmitting ? t('profile.saving') : t('profile.personal.submit')}
          </button>
        </div>
      </form>
    </SettingsCard>
  );
}
