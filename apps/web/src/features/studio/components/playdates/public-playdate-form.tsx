import { PLAYDATE_TITLE_MAX, PUBLIC_PLAYDATE_MAX_MINUTES, PUBLIC_PLAYDATE_MIN_MINUTES } from '@velora/shared';
import type { FormEvent } from 'react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { SelectField } from '@/components/select-field';
import { TextField } from '@/components/text-field';
import { isApiError } from '@/lib/http';
import { useSchedulePublicPlaydate } from '../../api/schedule-public-playdate';
import { localDateTimeToUnix } from '../schedule-panel';
import { fieldErrorsOf, minutesLabel } from './playdate-format';
import { browserTimeZone } from './playdate-settings-form';

const LENGTHS = [15, 30, 45, 60, 90, 120, 180, 240].filter((m) => m >= PUBLIC_PLAYDATE_MIN_MINUTES && m <= PUBLIC_PLAYDATE_MAX_MINUTES);
const IMAGE_VARIANTS = [0, 1, 2, 3, 4, 5, 6, 7] as const;

/** Announces a public show: its title, start (typed in her time zone), length and which generated image it shows. */
export function PublicPlaydateForm() {
  const { t } = useTranslation();
  const titleId = useId();
  const schedule = useSchedulePublicPlaydate();
  const [title, setTitle] = useState('');
  const [start, setStart] = useState('');
  const [length, setLength] = useState('60');
  const [variant, setVariant] = useState(0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setStatus(null);
    setFormError(null);
    const found: Record<string, string> = {};
    if (!title.trim()) found.title = t('studio.playdates.public.errors.title');
    const startsAt = localDateTimeToUnix(start);
    if (startsAt === null) found.starts_at = t('studio.playdates.public.errors.start');
    else if (startsAt * 1000 <= Date.now()) found.starts_at = t('studio.playdates.public.errors.past');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await schedule.mutateAsync({ title: title.trim(), starts_at: startsAt!, duration_minutes: Number(length), image_variant: variant });
      setTitle('');
      setStart('');
      setStatus(t('studio.playdates.public.added'));
    } catch (error) {
      if (isApiError(error, 409)) return setErrors({ starts_at: t('studio.playdates.public.errors.overlap') });
      const fields = fieldErrorsOf(error);
      if (fields) return setErrors(fields);
      setFormError(isApiError(error, 429) ? t('studio.errors.rateLimited') : t('studio.errors.failed'));
    }
  };

  return (
    <form className="form studio-playdates__form" noValidate onSubmit={(event) => void submit(event)} aria-labelledby={titleId} data-testid="studio-public-playdate">
      <h3 id={titleId} className="studio-playdates__subtitle">
        {t('studio.playdates.public.title')}
      </h3>
      {formError ? <FormAlert tone="error">{formError}</FormAlert> : null}
      <TextField label={t('studio.playdates.public.name')} value={title} maxLength={PLAYDATE_TITLE_MAX} error={errors.title} onChange={(event) => setTitle(event.target.value)} />
      <div className="studio-grid">
        <TextField
          type="datetime-local"
          label={t('studio.playdates.public.start')}
          hint={t('studio.schedule.timeZone', { zone: browserTimeZone() })}
          value={start}
          error={errors.starts_at}
          onChange={(event) => setStart(event.target.value)}
        />
        <SelectField
          label={t('studio.playdates.public.length')}
          value={length}
          error={errors.duration_minutes}
          options={LENGTHS.map((minutes) => ({ value: String(minutes), label: minutesLabel(t, minutes) }))}
          onChange={(event) => setLength(event.target.value)}
        />
      </div>
      <fieldset className="studio-playdates__variants">
        <legend>{t('studio.playdates.public.image')}</legend>
        {IMAGE_VARIANTS.map((n) => (
          <label key={n} className={`studio-playdates__variant studio-playdates__variant--${n}`}>
            <input type="radio" name={`${titleId}-variant`} value={n} checked={variant === n} onChange={() => setVariant(n)} />
            <span>{t('studio.playdates.public.imageOption', { number: n + 1 })}</span>
          </label>
        ))}
      </fieldset>
      <div className="studio-status" role="status">
        {status ? <p className="form-alert form-alert--success">{status}</p> : null}
      </div>
      <div className="form__row form__row--end">
        <button type="submit" className="button button--primary" disabled={schedule.isPending} aria-busy={schedule.isPending || undefined}>
          {schedule.isPending ? t('studio.playdates.public.adding') : t('studio.playdates.public.add')}
        </button>
      </div>
    </form>
  );
}
