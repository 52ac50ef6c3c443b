import { zodResolver } from '@hookform/resolvers/zod';
import { ORGANIC_SOURCES, SetOrganicDataBody } from '@velora/shared';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Dialog } from '@/components/dialog';
import { FormAlert } from '@/components/form-alert';
import { usePopup } from '@/components/popups/popup-store';
import { TextField } from '@/components/text-field';
import { useSetOrganicData } from '../api/set-organic-data';
import { dismissOrganic } from '../markers';
import type { FeaturePopupProps, OrganicData } from '../popup-props';
import '../feature-popups.css';

type OrganicInput = z.input<typeof SetOrganicDataBody>;

/** The organic popup: age and where the member heard of us (POST /feature/set_organic_data). */
export function OrganicPopup({ open, onClose }: FeaturePopupProps) {
  const { t } = useTranslation();
  const id = useId();
  const data = usePopup('organic')?.data as Partial<OrganicData> | undefined;
  const mutation = useSetOrganicData();
  const [done, setDone] = useState(false);
  const [failed, setFailed] = useState(false);
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<OrganicInput, unknown, SetOrganicDataBody>({
    resolver: zodResolver(SetOrganicDataBody),
    defaultValues: { source: '' as OrganicInput['source'], other_source: '' },
  });
  const source = watch('source');

  const close = () => {
    if (data?.userId !== undefined) dismissOrganic(data.userId);
    onClose();
  };

  const onSubmit = handleSubmit(async (values) => {
    setFailed(false);
    try {
      await mutation.mutateAsync({ ...values, other_source: values.source === 'other' ? values.other_source || null : null });
      if (data?.userId !== undefined) dismissOrganic(data.userId);
      setDone(true);
    } catch {
      setFailed(true);
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && close()}
      title={t('featurePopups.organic.title')}
      description={done ? undefined : t('featurePopups.organic.intro')}
      testId="organic-popup"
    >
      {done ? (
        <div className="feature-popup">
          <FormAlert tone="success">{t('featurePopups.organic.thanks')}</FormAlert>
          <div className="feature-popup__actions">
            <button type="button" className="button button--primary" onClick={close}>
              {t('featurePopups.close')}
            </button>
          </div>
        </div>
      ) : (
        <form className="form feature-popup" noValidate onSubmit={onSubmit}>
          {failed ? <FormAlert tone="error">{t('featurePopups.organic.failed')}</FormAlert> : null}
          <TextField
            label={t('featurePopups.organic.age')}
            type="number"
            inputMode="numeric"
            min={18}
            max={120}
            error={errors.age ? t('featurePopups.organic.ageInvalid') : undefined}
            {...register('age', { valueAsNumber: true })}
          />
          <div className={['field', errors.source ? 'field--invalid' : ''].filter(Boolean).join(' ')}>
            <label className="field__label" htmlFor={`${id}-source`}>
              {t('featurePopups.organic.source')}
            </label>
            <span className="select-wrap">
              <select
                id={`${id}-source`}
                className="select"
                aria-invalid={errors.source ? true : undefined}
                aria-describedby={errors.source ? `${id}-source-error` : undefined}
                {...register('source')}
              >
                <option value="">{t('featurePopups.organic.sourcePlaceholder')}</option>
                {ORGANIC_SOURCES.map((value) => (
                  <option key={value} value={value}>
                    {t(`featurePopups.organic.sources.${value}`)}
                  </option>
                ))}
              </select>
            </span>
            {errors.source ? (
              <p id={`${id}-source-error`} className="field__error">
                {t('pages.form.choose')}
              </p>
            ) : null}
          </div>
          {source === 'other' ? (
            <TextField
              label={t('featurePopups.organic.otherSource')}
              maxLength={200}
              error={errors.other_source ? t('featurePopups.organic.otherRequired') : undefined}
              {...register('other_source')}
            />
          ) : null}
          <div className="feature-popup__actions">
            <button type="submit" className="button button--primary" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
              {isSubmitting ? t('featurePopups.organic.sending') : t('featurePopups.organic.submit')}
            </button>
            <button type="button" className="button button--ghost" onClick={close}>
              {t('featurePopups.later')}
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
