import { FLAG_GROUPS, type FeatureName, type Flag, type FlagOverride } from '@velora/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Dialog } from '@/components/dialog';
import { FormAlert } from '@/components/form-alert';
import { ErrorState, StatusMessage } from '@/components/status-message';
import { useCan } from '@/lib/capabilities';
import { BackofficeFrame } from '../components/backoffice-frame';
import { FlagForm, type FlagState } from '../settings/flag-form';
import { useFlags, useRemoveCampaignFlag, useSetCampaignFlag, useUpdateFlag } from '../settings/settings-api';
import '../settings/settings.css';

type Editing = { flag: Flag; campaign: string | null; state: FlagState };

/** What a flag's settings say, in a few words ("40 % off, introduced with a popup"). */
function useSettingsSummary() {
  const { t } = useTranslation();
  return (state: FlagState) => {
    const s = state.settings;
    const parts: string[] = [];
    if (typeof s.percent === 'number') parts.push(t('boSettings.flags.summary.percent', { percent: s.percent }));
    if (s.can_show_av_popup === true) parts.push(t('boSettings.flags.summary.canShowAvPopup'));
    if (typeof s.company === 'string') parts.push(t('boSettings.flags.summary.company', { company: s.company }));
    if (s.introduce === true) parts.push(t('boSettings.flags.summary.introduce'));
    return parts.join(', ');
  };
}

function StateLine({ state }: { state: FlagState }) {
  const { t } = useTranslation();
  const summary = useSettingsSummary()(state);
  return (
    <p className="bo-settings__state">
      <span className={`bo-settings__badge ${state.is_active ? 'bo-settings__badge--on' : ''}`}>{state.is_active ? t('boSettings.flags.on') : t('boSettings.flags.off')}</span>{' '}
      {state.version ? t('boSettings.flags.versionIs', { version: state.version }) : null}
      {summary ? <span className="backoffice__muted"> · {summary}</span> : null}
    </p>
  );
}

function FlagCard({ flag, onEdit, onRemove }: { flag: Flag; onEdit: (editing: Editing) => void; onRemove: (flag: Flag, override: FlagOverride) => void }) {
  const { t } = useTranslation();
  const title = flag.known ? t(`boSettings.flags.names.${flag.name as FeatureName}`) : flag.name;
  return (
    <li className="backoffice__card bo-settings__flag" data-testid="flag" data-flag={flag.name} aria-labelledby={`flag-${flag.name}`}>
      <h3 id={`flag-${flag.name}`} className="backoffice__card-title">
        {title} <code className="bo-settings__code">{flag.name}</code>
      </h3>
      <p>{flag.known ? t(`boSettings.flags.descriptions.${flag.name as FeatureName}`) : t('boSettings.flags.unknown')}</p>
      <StateLine state={flag} />
      {flag.known ? (
        <div className="backoffice__row-actions">
          <button type="button" className="button" onClick={() => onEdit({ flag, campaign: null, state: flag })} aria-label={t('boSettings.flags.editTitle', { name: flag.name })}>
            {t('boSettings.flags.edit')}
          </button>
          <button
            type="button"
            className="button"
            onClick={() => onEdit({ flag, campaign: '', state: { is_active: true, version: null, settings: {} } })}
            aria-label={t('boSettings.flags.addOverrideFor', { name: flag.name })}
          >
            {t('boSettings.flags.addOverride')}
          </button>
        </div>
      ) : null}
      {flag.overrides.length > 0 ? (
        <div className="bo-settings__overrides">
          <h4 className="bo-settings__subtitle">{t('boSettings.flags.overrides')}</h4>
          <ul>
            {flag.overrides.map((override) => (
              <li key={override.campaign} data-testid="flag-override" data-campaign={override.campaign}>
                <strong>{override.campaign}</strong>
                <StateLine state={override} />
                <div className="backoffice__row-actions">
                  <button type="button" className="button" onClick={() => onEdit({ flag, campaign: override.campaign, state: override })} aria-label={t('boSettings.flags.editOverride', { name: flag.name, campaign: override.campaign })}>
                    {t('boSettings.flags.edit')}
                  </button>
                  <button type="button" className="button" onClick={() => onRemove(flag, override)} aria-label={t('boSettings.flags.removeOverride', { name: flag.name, campaign: override.campaign })}>
                    {t('boSettings.flags.remove')}
                  </button>
                </div>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </li>
  );
}

/** /backoffice/flags: every feature flag of product §9, site-wide and per campaign (admin.settings, decision 072). */
export default function FlagsRoute() {
  const { t } = useTranslation();
  const allowed = useCan('admin.settings');
  const flags = useFlags(allowed);
  const update = useUpdateFlag();
  const setCampaign = useSetCampaignFlag();
  const removeCampaign = useRemoveCampaignFlag();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [removing, setRemoving] = useState<{ flag: Flag; override: FlagOverride } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // Dialogs are titled by the flag's name in words; its code name is long and breaks badly on a phone.
  const flagTitle = (flag: Flag) => (flag.known ? t(`boSettings.flags.names.${flag.name as FeatureName}`) : flag.name);
  const [removeError, setRemoveError] = useState<string | null>(null);

  let body;
  if (!allowed) {
    body = <StatusMessage title={t('boSettings.adminsOnly')} />;
  } else if (flags.isPending) {
    body = (
      <p role="status" className="backoffice__muted">
        {t('boSettings.flags.loading')}
      </p>
    );
  } else if (flags.isError) {
    body = <ErrorState title={t('boSettings.flags.loadFailed')} onRetry={() => void flags.refetch()} />;
  } else if (flags.data.flags.length === 0) {
    body = <StatusMessage title={t('boSettings.flags.empty')} />;
  } else {
    const groups = [...FLAG_GROUPS, null].map((group) => ({ group, flags: flags.data.flags.filter((f) => f.group === group) })).filter((g) => g.flags.length > 0);
    body = groups.map(({ group, flags: list }) => (
      <section key={group ?? 'other'} className="bo-settings__group" aria-labelledby={`flags-${group ?? 'other'}`}>
        <h2 id={`flags-${group ?? 'other'}`} className="bo-settings__group-title">
          {t(`boSettings.flags.groups.${group ?? 'other'}`)}
        </h2>
        <ul className="backoffice__cards">
          {list.map((flag) => (
            <FlagCard key={flag.name} flag={flag} onEdit={setEditing} onRemove={(f, override) => setRemoving({ flag: f, override })} />
          ))}
        </ul>
      </section>
    ));
  }

  const save = async (campaign: string, state: FlagState & { version: string | null }) => {
    if (!editing) return;
    const name = editing.flag.name as FeatureName;
    const body = { is_active: state.is_active, version: state.version, settings: state.settings as Record<string, string | number | boolean> };
    if (editing.campaign === null) await update.mutateAsync({ name, body: { ...body, revision: editing.flag.revision } });
    else await setCampaign.mutateAsync({ name, campaign, body });
    setEditing(null);
    setNotice(editing.campaign === null ? t('boSettings.flags.saved', { name }) : t('boSettings.flags.overrideSaved', { name, campaign }));
  };

  return (
    <BackofficeFrame title={t('boSettings.flags.title')} intro={t('boSettings.flags.intro')} titleId="flags-title">
      <div aria-live="polite">{notice ? <FormAlert tone="success">{notice}</FormAlert> : null}</div>
      {body}
      {editing ? (
        <Dialog
          open
          onOpenChange={(open) => (open ? undefined : setEditing(null))}
          title={
            editing.campaign === null
              ? t('boSettings.flags.editTitle', { name: flagTitle(editing.flag) })
              : t('boSettings.flags.overrideTitle', { name: flagTitle(editing.flag) })
          }
          testId="flag-edit"
        >
          <FlagForm
            flag={editing.flag}
            state={editing.state}
            campaign={editing.campaign}
            submitLabel={t('boSettings.save')}
            onSubmit={save}
            onCancel={() => setEditing(null)}
          />
        </Dialog>
      ) : null}
      <ConfirmDialog
        open={removing !== null}
        title={t('boSettings.flags.removeTitle', { name: removing?.flag.name ?? '', campaign: removing?.override.campaign ?? '' })}
        description={t('boSettings.flags.removeText')}
        confirmLabel={t('boSettings.flags.remove')}
        pendingLabel={t('boSettings.saving')}
        cancelLabel={t('boSettings.cancel')}
        pending={removeCampaign.isPending}
        error={removeError}
        testId="flag-remove"
        onCancel={() => {
          setRemoving(null);
          setRemoveError(null);
        }}
        onConfirm={() => {
          if (!removing) return;
          const { flag, override } = removing;
          removeCampaign.mutate(
            { name: flag.name as FeatureName, campaign: override.campaign },
            {
              onSuccess: () => {
                setRemoving(null);
                setNotice(t('boSettings.flags.overrideRemoved', { name: flag.name, campaign: override.campaign }));
              },
              onError: () => setRemoveError(t('boSettings.failed')),
            },
          );
        }}
      />
    </BackofficeFrame>
  );
}
