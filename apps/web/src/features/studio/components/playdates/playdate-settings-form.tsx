import type { PlaydateLimits, PlaydateSettings } from '@velora/shared';
import type { FormEvent } from 'react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { SelectField } from '@/components/select-field';
import { SwitchField } from '@/components/switch-field';
import { TextField } from '@/components/text-field';
import { isApiError } from '@/lib/http';
import { useUpdatePlaydateSettings } from '../../api/update-playdate-settings';
import { fieldErrorsOf, minutesLabel } from './playdate-format';

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 0] as const;

/** `HH:MM` of minutes after midnight (1440 is the end of the day, typed as 00:00 in the "to" field). */
export function minutesToTime(minutes: number): string {
  const m = minutes % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

/** Minutes after midnight of `HH:MM`; null if unreadable. */
export function timeToMinutes(value: string): number | null {
  const match = /^(\d{2}):(\d{2})/.exec(value);
  if (!match) return null;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  return minutes < 1440 ? minutes : null;
}

export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

function timeZones(current: string): string[] {
  const supported = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];
  return [...new Set([current, browserTimeZone(), 'UTC', ...supported])].sort();
}

/** Her private offer: on or off, the price per minute and durations within the team's limits, her weekly hours. */
export function PlaydateSettingsForm({ settings, limits }: { settings: PlaydateSettings; limits: PlaydateLimits }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const save = useUpdatePlaydateSettings();
  const [enabled, setEnabled] = useState(settings.private_enabled);
  const [price, setPrice] = useState(String(settings.price_per_minute));
  const [durations, setDurations] = useState<number[]>(settings.durations.filter((d) => limits.durations.includes(d)));
  const [days, setDays] = useState<number[]>(settings.hours.days);
  const [from, setFrom] = useState(minutesToTime(settings.hours.from_minute));
  const [to, setTo] = useState(minutesToTime(settings.hours.to_minute));
  // Hours never set yet: her browser's zone is the likeliest one.
  const [zone, setZone] = useState(settings.hours.days.length === 0 ? browserTimeZone() : settings.hours.time_zone);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const zones = useMemo(() => timeZones(zone), [zone]);
  const dayName = (day: number) => new Intl.DateTimeFormat(i18n.language, { weekday: 'long', timeZone: 'UTC' }).format(Date.UTC(2024, 0, 7 + day));

  const toggle = (list: number[], value: number) => (list.includes(value) ? list.filter((v) => v !== value) : [...list, value].sort((a, b) => a - b));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setStatus(null);
    setFormError(null);
    const found: Record<string, string> = {};
    const perMinute = Number(price);
    if (!/^\d+$/.test(price.trim()) || perMinute < limits.price_per_minute_min || perMinute > limits.price_per_minute_max) {
      found.price_per_minute = t('studio.playdates.settings.errors.price', { min: limits.price_per_minute_min, max: limits.price_per_minute_max });
    }
    if (durations.length === 0) found.durations = t('studio.playdates.settings.errors.durations');
    const fromMinute = timeToMinutes(from);
    const toValue = timeToMinutes(to);
    // 00:00 as the end is midnight at the end of the day.
    const toMinute = toValue === 0 ? 1440 : toValue;
    if (fromMinute === null) found['hours.from_minute'] = t('studio.playdates.settings.errors.time');
    if (toMinute === null) found['hours.to_minute'] = t('studio.playdates.settings.errors.time');
    else if (fromMinute !== null && toMinute <= fromMinute) found['hours.to_minute'] = t('studio.playdates.settings.errors.toAfterFrom');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await save.mutateAsync({
        private_enabled: enabled,
        price_per_minute: perMinute,
        durations,
        hours: { days, from_minute: fromMinute!, to_minute: toMinute!, time_zone: zone },
      });
      setStatus(t('studio.playdates.settings.saved'));
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields) setErrors(fields);
      else setFormError(isApiError(error, 429) ? t('studio.errors.rateLimited') : t('studio.errors.failed'));
    }
  };

  return (
    <form className="form studio-playdates__form" noValidate onSubmit={(event) => void submit(event)} aria-labelledby={titleId} data-testid="studio-playdate-settings">
      <h3 id={titleId} className="studio-playdates__subtitle">
        {t('studio.playdates.settings.title')}
      </h3>
      {formError ? <FormAlert tone="error">{formError}</FormAlert> : null}
      <SwitchField label={t('studio.playdates.settings.enabled')} hint={t('studio.playdates.settings.enabledHint')} checked={enabled} onChange={(event) => setEnabled(event.target.checked)} />
      <TextField
        label={t('studio.playdates.settings.price')}
        inputMode="numeric"
        value={price}
        hint={t('studio.playdates.settings.priceHint', { min: limits.price_per_minute_min, max: limits.price_per_minute_max })}
        error={errors.price_per_minute}
        onChange={(event) => setPrice(event.target.value)}
      />
      <fieldset className="studio-playdates__choices" aria-describedby={errors.durations ? `${titleId}-durations-error` : undefined}>
        <legend>{t('studio.playdates.settings.durations')}</legend>
        {limits.durations.map((minutes) => (
          <label key={minutes} className="studio-playdates__choice">
            <input type="checkbox" checked={durations.includes(minutes)} onChange={() => setDurations((list) => toggle(list, minutes))} />
            {minutesLabel(t, minutes)}
          </label>
        ))}
        {errors.durations ? (
          <p id={`${titleId}-durations-error`} className="field__error" role="alert">
            {errors.durations}
          </p>
        ) : null}
      </fieldset>
      <fieldset className="studio-playdates__choices">
        <legend>{t('studio.playdates.settings.days')}</legend>
        {WEEKDAYS.map((day) => (
          <label key={day} className="studio-playdates__choice">
            <input type="checkbox" checked={days.includes(day)} onChange={() => setDays((list) => toggle(list, day))} />
            {dayName(day)}
          </label>
        ))}
      </fieldset>
      <div className="studio-grid">
        <TextField type="time" label={t('studio.playdates.settings.from')} value={from} error={errors['hours.from_minute']} onChange={(event) => setFrom(event.target.value)} />
        <TextField type="time" label={t('studio.playdates.settings.to')} value={to} error={errors['hours.to_minute']} onChange={(event) => setTo(event.target.value)} />
      </div>
      <SelectField label={t('studio.playdates.settings.timeZone')} value={zone} error={errors['hours.time_zone']} options={zones.map((z) => ({ value: z, label: z }))} onChange={(event) => setZone(event.target.value)} />
      <div className="studio-status" role="status">
        {status ? <p className="form-alert form-alert--success">{status}</p> : null}
      </div>
      <div className="form__row form__row--end">
        <button type="submit" className="button button--primary" disabled={save.isPending} aria-busy={save.isPending || undefined}>
          {save.isPending ? t('studio.playdates.settings.saving') : t('studio.playdates.settings.save')}
        </button>
      </div>
    </form>
  );
}
