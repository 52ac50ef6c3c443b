import { COMPANY_VARIANTS, DEFAULT_DISCOUNT_PERCENT, MAX_DISCOUNT_PERCENT, type Flag, type FlagOverrideBody } from '@velora/shared';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { SelectField } from '@/components/select-field';
import { SwitchField } from '@/components/switch-field';
import { TextField } from '@/components/text-field';
import { isApiError } from '@/lib/http';

// One flag's state as a form (decision record 072): on or off, the version, and each setting the flag reads as a field
// of its own type. Used for the site-wide state and for a campaign's override.

const VERSION = /^[a-z0-9_.-]+$/;

interface Draft {
  campaign: string;
  active: boolean;
  version: string;
  percent: string;
  introduce: boolean;
  canShowAvPopup: boolean;
  company: string;
}

type DraftErrors = Partial<Record<'campaign' | 'version' | 'percent', string>>;

export interface FlagState {
  is_active: boolean;
  version: string | null;
  settings: Record<string, unknown>;
}

function draftOf(state: FlagState, campaign: string): Draft {
  const s = state.settings;
  return {
    campaign,
    active: state.is_active,
    version: state.version ?? '',
    percent: typeof s.percent === 'number' ? String(s.percent) : '',
    introduce: s.introduce === true,
    canShowAvPopup: s.can_show_av_popup === true,
    company: typeof s.company === 'string' ? s.company : '',
  };
}

/** The fields a 400 named, without the `body.` or `params.` before them. */
function serverErrors(error: unknown): DraftErrors {
  if (!isApiError(error, 400) || !error.fields) return {};
  const out: Record<string, string> = {};
  for (const [key, message] of Object.entries(error.fields)) out[key.replace(/^(body|params)\./, '').replace(/^settings\./, '')] = message;
  return out as DraftErrors;
}

export function FlagForm({
  flag,
  state,
  campaign,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  flag: Flag;
  state: FlagState;
  /** null: the site-wide state; a string (empty for a new one): a campaign's override. */
  campaign: string | null;
  submitLabel: string;
  onSubmit: (campaign: string, body: FlagOverrideBody) => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [draft, setDraft] = useState<Draft>(() => draftOf(state, campaign ?? ''));
  const [errors, setErrors] = useState<DraftErrors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const has = (name: string) => (flag.setting_names as string[]).includes(name);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: DraftErrors = {};
    const version = draft.version.trim();
    if (campaign !== null && draft.campaign.trim() === '') found.campaign = t('boSettings.flags.invalid.campaign');
    if (version !== '' && !VERSION.test(version)) found.version = t('boSettings.flags.invalid.version');
    const percent = draft.percent.trim();
    if (has('percent') && percent !== '' && !(/^\d+$/.test(percent) && Number(percent) >= 1 && Number(percent) <= MAX_DISCOUNT_PERCENT)) {
      found.percent = t('boSettings.flags.invalid.percent', { max: MAX_DISCOUNT_PERCENT });
    }
    setErrors(found);
    setAlert(null);
    if (Object.keys(found).length > 0) return;
    const settings: Record<string, string | number | boolean> = {};
    if (has('percent') && percent !== '') settings.percent = Number(percent);
    if (has('introduce') && draft.introduce) settings.introduce = true;
    if (has('can_show_av_popup')) settings.can_show_av_popup = draft.canShowAvPopup;
    if (has('company') && draft.company !== '') settings.company = draft.company;
    setBusy(true);
    try {
      await onSubmit(draft.campaign.trim(), { is_active: draft.active, version: version === '' ? null : version, settings });
    } catch (error) {
      const named = serverErrors(error);
      if (Object.keys(named).length > 0) setErrors(named);
      else setAlert(isApiError(error, 409) ? t('boSettings.conflict') : t('boSettings.failed'));
    } finally {
      setBusy(false);
    }
  };

  const defaultPercent = (DEFAULT_DISCOUNT_PERCENT as Record<string, number>)[flag.name];
  return (
    <form className="form" noValidate onSubmit={(event) => void submit(event)} data-testid="flag-form">
      {alert ? <FormAlert tone="error">{alert}</FormAlert> : null}
      {campaign !== null ? (
        <TextField
          label={t('boSettings.flags.campaign')}
          hint={t('boSettings.flags.campaignHint')}
          value={draft.campaign}
          onChange={(event) => set('campaign', event.target.value)}
          error={errors.campaign}
          readOnly={campaign !== ''}
          autoComplete="off"
          spellCheck={false}
        />
      ) : null}
      <SwitchField label={t('boSettings.flags.fields.active')} checked={draft.active} onChange={(event) => set('active', event.target.checked)} />
      <TextField
        label={t('boSettings.flags.fields.version')}
        hint={t(flag.group === 'discounts' ? 'boSettings.flags.fields.versionDiscountHint' : 'boSettings.flags.fields.versionHint')}
        value={draft.version}
        onChange={(event) => set('version', event.target.value)}
        error={errors.version}
        list={flag.versions.length > 0 ? `${id}-versions` : undefined}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
      />
      {flag.versions.length > 0 ? (
        <datalist id={`${id}-versions`}>
          {flag.versions.map((v) => (
            <option key={v} value={v} />
          ))}
        </datalist>
      ) : null}
      {has('percent') ? (
        <TextField
          label={t('boSettings.flags.fields.percent')}
          hint={t('boSettings.flags.fields.percentHint', { max: MAX_DISCOUNT_PERCENT, percent: defaultPercent ?? 0 })}
          value={draft.percent}
          onChange={(event) => set('percent', event.target.value)}
          error={errors.percent}
          inputMode="numeric"
          autoComplete="off"
        />
      ) : null}
      {has('can_show_av_popup') ? (
        <SwitchField label={t('boSettings.flags.fields.canShowAvPopup')} checked={draft.canShowAvPopup} onChange={(event) => set('canShowAvPopup', event.target.checked)} />
      ) : null}
      {has('company') ? (
        <SelectField
          label={t('boSettings.flags.fields.company')}
          value={draft.company}
          onChange={(event) => set('company', event.target.value)}
          placeholder={t('boSettings.flags.fields.companyNone')}
          options={COMPANY_VARIANTS.map((variant) => ({ value: variant, label: t(`boSettings.flags.companies.${variant}`) }))}
        />
      ) : null}
      {has('introduce') ? (
        <SwitchField
          label={t('boSettings.flags.fields.introduce')}
          hint={t('boSettings.flags.fields.introduceHint')}
          checked={draft.introduce}
          onChange={(event) => set('introduce', event.target.checked)}
        />
      ) : null}
      <div className="backoffice__row-actions">
        <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy || undefined}>
          {busy ? t('boSettings.saving') : submitLabel}
        </button>
        <button type="button" className="button" onClick={onCancel}>
          {t('boSettings.cancel')}
        </button>
      </div>
    </form>
  );
}
