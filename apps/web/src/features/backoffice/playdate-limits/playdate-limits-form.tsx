import type { PlaydateLimits } from '@velora/shared';
import type { FormEvent } from 'react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { TextField } from '@/components/text-field';
import { isApiError } from '@/lib/http';
import { useUpdatePlaydateLimits } from './update-playdate-limits';
import { draftOf, durationChoices, readDraft, type LimitsField, type LimitsProblem, type PlaydateLimitsDraft } from './playdate-limits-input';

type FieldErrors = Partial<Record<LimitsField, string>>;

/** The fields a 400 named (`body.durations.2` is the durations field), with the server's words; null when none. */
function serverFieldErrors(error: unknown): FieldErrors | null {
  if (!isApiError(error, 400) || !error.fields) return null;
  const fields: Record<string, string> = {};
  for (const [key, message] of Object.entries(error.fields)) {
    const name = key.replace(/^body\./, '').replace(/\.\d+$/, '');
    fields[name] ??= message;
  }
  return Object.keys(fields).length > 0 ? (fields as FieldErrors) : null;
}

/** The team's limits: prices, durations, how long requests wait, the grace, the extension window, the house's share. */
export function PlaydateLimitsForm({ limits }: { limits: PlaydateLimits }) {
  const { t } = useTranslation();
  const id = useId();
  const save = useUpdatePlaydateLimits();
  const [draft, setDraft] = useState<PlaydateLimitsDraft>(() => draftOf(limits));
  // The checkboxes stay put while the team member ticks them; new ones appear after a save.
  const [choices, setChoices] = useState(() => durationChoices(limits.durations));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  const change = (field: keyof PlaydateLimitsDraft) => (event: { target: { value: string } }) => {
    setSaved(false);
    setDraft((d) => ({ ...d, [field]: event.target.value }));
  };
  const toggle = (minutes: number) => {
    setSaved(false);
    setDraft((d) => ({ ...d, durations: d.durations.includes(minutes) ? d.durations.filter((m) => m !== minutes) : [...d.durations, minutes].sort((a, b) => a - b) }));
  };
  const say = (problem: LimitsProblem): string => {
    if (problem.kind === 'minAboveMax') return t('teamLimits.errors.minAboveMax');
    if (problem.kind === 'durationsCount') return t('teamLimits.errors.durations', { max: problem.max });
    return t('teamLimits.errors.range', { min: problem.min, max: problem.max });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    setFormError(null);
    const read = readDraft(draft);
    if ('problems' in read) {
      setErrors(Object.fromEntries(Object.entries(read.problems).map(([field, problem]) => [field, say(problem)])));
      return;
    }
    setErrors({});
    try {
      const next = await save.mutateAsync(read.body);
      setDraft(draftOf(next));
      setChoices(durationChoices(next.durations));
      setSaved(true);
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (fields) setErrors(fields);
      else setFormError(isApiError(error, 429) ? t('teamLimits.errors.rateLimited') : t('teamLimits.errors.failed'));
    }
  };

  const durationsError = `${id}-durations-error`;
  const expiryError = `${id}-expiry-error`;
  return (
    <form className="form team-limits__form" noValidate onSubmit={(event) => void submit(event)} data-testid="playdate-limits-form">
      {formError ? <FormAlert tone="error">{formError}</FormAlert> : null}
      <fieldset className="team-limits__group">
        <legend>{t('teamLimits.price')}</legend>
        <div className="team-limits__pair">
          <TextField label={t('teamLimits.priceMin')} inputMode="numeric" value={draft.price_per_minute_min} error={errors.price_per_minute_min} onChange={change('price_per_minute_min')} />
          <TextField label={t('teamLimits.priceMax')} inputMode="numeric" value={draft.price_per_minute_max} error={errors.price_per_minute_max} onChange={change('price_per_minute_max')} />
        </div>
      </fieldset>
      <fieldset className="team-limits__group" aria-describedby={errors.durations ? durationsError : `${id}-durations-hint`} aria-invalid={errors.durations ? true : undefined}>
        <legend>{t('teamLimits.durations')}</legend>
        <p id={`${id}-durations-hint`} className="field__hint">
          {t('teamLimits.durationsHint')}
        </p>
        <div className="team-limits__choices">
          {choices.map((minutes) => (
            <label key={minutes} className="team-limits__choice">
              <input type="checkbox" checked={draft.durations.includes(minutes)} onChange={() => toggle(minutes)} />
              {t('teamLimits.minutes', { count: minutes })}
            </label>
          ))}
        </div>
        {errors.durations ? (
          <p id={durationsError} className="field__error">
            {errors.durations}
          </p>
        ) : null}
      </fieldset>
      <fieldset className="team-limits__group" aria-describedby={errors.request_expiry_minutes ? expiryError : undefined} aria-invalid={errors.request_expiry_minutes ? true : undefined}>
        <legend>{t('teamLimits.expiry')}</legend>
        <div className="team-limits__pair">
          <TextField label={t('teamLimits.expiryHours')} inputMode="numeric" value={draft.expiry_hours} onChange={change('expiry_hours')} aria-invalid={errors.request_expiry_minutes ? true : undefined} aria-describedby={errors.request_expiry_minutes ? expiryError : undefined} />
          <TextField label={t('teamLimits.expiryMinutes')} inputMode="numeric" value={draft.expiry_minutes} onChange={change('expiry_minutes')} aria-invalid={errors.request_expiry_minutes ? true : undefined} aria-describedby={errors.request_expiry_minutes ? expiryError : undefined} />
        </div>
        {errors.request_expiry_minutes ? (
          <p id={expiryError} className="field__error">
            {errors.request_expiry_minutes}
          </p>
        ) : null}
      </fieldset>
      <TextField
        label={t('teamLimits.grace')}
        hint={t('teamLimits.graceHint')}
        inputMode="numeric"
        value={draft.start_grace_minutes}
        error={errors.start_grace_minutes}
        onChange={change('start_grace_minutes')}
      />
      <TextField
        label={t('teamLimits.extension')}
        hint={t('teamLimits.extensionHint')}
        inputMode="numeric"
        value={draft.extension_window_seconds}
        error={errors.extension_window_seconds}
        onChange={change('extension_window_seconds')}
      />
      <TextField
        label={t('teamLimits.houseShare')}
        hint={t('teamLimits.houseShareHint')}
        inputMode="numeric"
        value={draft.house_share_percent}
        error={errors.house_share_percent}
        onChange={change('house_share_percent')}
      />
      <div role="status" aria-live="polite">
        {saved ? <p className="form-alert form-alert--success">{t('teamLimits.saved')}</p> : null}
      </div>
      <div className="form__row form__row--end">
        <button type="submit" className="button button--primary" disabled={save.isPending} aria-busy={save.isPending || undefined}>
          {save.isPending ? t('teamLimits.saving') : t('teamLimits.save')}
        </button>
      </div>
    </form>
  );
}
