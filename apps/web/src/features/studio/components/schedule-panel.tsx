import type { CameraShow, StudioCamera } from '@velora/shared';
import { SCHEDULE_SHOWS_MAX } from '@velora/shared';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { SelectField } from '@/components/select-field';
import { TextField } from '@/components/text-field';
import { isApiError } from '@/lib/http';
import { useAddShow } from '../api/add-show';
import { useRemoveShow } from '../api/remove-show';

export const SHOW_DURATIONS_MINUTES = [30, 45, 60, 90, 120, 180, 240] as const;

/** `2026-11-24T20:30` as typed into a datetime-local field, read in her own time zone → unix seconds; null if unreadable. */
export function localDateTimeToUnix(value: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return null;
  const ms = new Date(value).getTime();
  return Number.isNaN(ms) ? null : Math.floor(ms / 1000);
}

/** Now as a datetime-local value, so the picker offers no past times. */
function localNow(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}T${pad(now.getHours())}:${pad(now.getMinutes())}`;
}

function timeZoneName(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

function ShowItem({ show, onRemove, pending }: { show: CameraShow; onRemove: () => void; pending: boolean }) {
  const { t, i18n } = useTranslation();
  const start = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'full', timeStyle: 'short' }).format(show.starts_at * 1000);
  const end = new Intl.DateTimeFormat(i18n.language, { timeStyle: 'short' }).format(show.ends_at * 1000);
  const when = t('studio.schedule.when', { start, end });
  return (
    <li className="studio-show" data-testid="studio-show">
      <time dateTime={new Date(show.starts_at * 1000).toISOString()}>{when}</time>
      <button type="button" className="button button--ghost button--small" disabled={pending} aria-label={t('studio.schedule.removeLabel', { when })} onClick={onRemove}>
        {t('studio.schedule.remove')}
      </button>
    </li>
  );
}

/** Her planned shows, soonest first, and a form to plan another. */
export function SchedulePanel({ camera }: { camera: StudioCamera }) {
  const { t } = useTranslation();
  const titleId = useId();
  const addShow = useAddShow();
  const removeShow = useRemoveShow();
  const [start, setStart] = useState('');
  const [duration, setDuration] = useState('60');
  const [startError, setStartError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const shows = [...camera.schedule].sort((a, b) => a.starts_at - b.starts_at);

  const durationLabel = (minutes: number) =>
    minutes < 60
      ? t('studio.schedule.minutes', { count: minutes })
      : minutes % 60 === 0
        ? t('studio.schedule.hours', { count: minutes / 60 })
        : t('studio.schedule.hoursMinutes', { hours: Math.floor(minutes / 60), minutes: minutes % 60 });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setStartError(null);
    setFormError(null);
    setStatus(null);
    const startsAt = localDateTimeToUnix(start);
    if (startsAt === null) return setStartError(t('studio.schedule.errors.startRequired'));
    if (startsAt * 1000 <= Date.now()) return setStartError(t('studio.schedule.errors.past'));
    try {
      await addShow.mutateAsync({ starts_at: startsAt, duration_minutes: Number(duration) });
      setStart('');
      setStatus(t('studio.schedule.added'));
    } catch (error) {
      if (isApiError(error, 409)) setStartError(t('studio.schedule.errors.overlap'));
      else if (isApiError(error, 422) && shows.length >= SCHEDULE_SHOWS_MAX) setFormError(t('studio.schedule.errors.full', { max: SCHEDULE_SHOWS_MAX }));
      else if (isApiError(error, 422) || isApiError(error, 400)) setStartError(t('studio.schedule.errors.past'));
      else setFormError(isApiError(error, 429) ? t('studio.errors.rateLimited') : t('studio.errors.failed'));
    }
  };

  const remove = async (id: number) => {
    setStatus(null);
    setFormError(null);
    try {
      await removeShow.mutateAsync(id);
      setStatus(t('studio.schedule.removed'));
    } catch {
      setFormError(t('studio.errors.failed'));
    }
  };

  return (
    <section className="studio-card" aria-labelledby={titleId} data-testid="studio-schedule">
      <h2 id={titleId} className="studio-card__title">
        {t('studio.schedule.title')}
      </h2>
      <p className="studio-card__intro">{t('studio.schedule.intro')}</p>
      {shows.length === 0 ? (
        <p className="studio-note">{t('studio.schedule.empty')}</p>
      ) : (
        <ul className="studio-shows">
          {shows.map((show) => (
            <ShowItem key={show.id} show={show} pending={removeShow.isPending} onRemove={() => void remove(show.id)} />
          ))}
        </ul>
      )}
      <form className="form" noValidate onSubmit={(event) => void submit(event)} aria-label={t('studio.schedule.formLabel')}>
        {formError ? <FormAlert tone="error">{formError}</FormAlert> : null}
        <div className="studio-grid">
          <TextField
            type="datetime-local"
            label={t('studio.schedule.start')}
            hint={t('studio.schedule.timeZone', { zone: timeZoneName() })}
            value={start}
            min={localNow()}
            error={startError ?? undefined}
            onChange={(event) => setStart(event.target.value)}
          />
          <SelectField
            label={t('studio.schedule.duration')}
            value={duration}
            options={SHOW_DURATIONS_MINUTES.map((minutes) => ({ value: String(minutes), label: durationLabel(minutes) }))}
            onChange={(event) => setDuration(event.target.value)}
          />
        </div>
        <div className="studio-status" role="status">
          {status ? <p className="form-alert form-alert--success">{status}</p> : null}
        </div>
        <div className="form__row form__row--end">
          <button type="submit" className="button button--primary" disabled={addShow.isPending} aria-busy={addShow.isPending || undefined}>
            {addShow.isPending ? t('studio.schedule.adding') : t('studio.schedule.add')}
          </button>
        </div>
      </form>
    </section>
  );
}
