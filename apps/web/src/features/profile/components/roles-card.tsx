import { useQueryClient } from '@tanstack/react-query';
import { isLocallySwitchable, type RoleToken } from '@velora/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/status-message';
import { Skeleton } from '@/components/skeleton';
import { SwitchField } from '@/components/switch-field';
import { setRoleDisabled, useActiveRoles, useDisabledRoles, useRoles } from '@/lib/roles';
import { SettingsCard, SuccessStatus } from './settings-card';

/**
 * The roles of the account (product §6) as badges, and a switch per role that grants something to turn it off in this
 * browser only (a 14-day cookie the server honours too); a restriction (censored) gets no switch (decision 029).
 * Nothing shows for an account without roles.
 */
export function RolesCard() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const roles = useRoles();
  const active = useActiveRoles();
  const disabled = useDisabledRoles();
  const [announcement, setAnnouncement] = useState<string | null>(null);
  const name = (token: RoleToken) => t(`profile.roles.names.${token}`);

  if (roles.isPending) {
    return (
      <div role="status" aria-label={t('profile.roles.loading')} className="settings-card">
        <Skeleton height="1.2em" width="40%" />
        <Skeleton height="2em" width="70%" />
      </div>
    );
  }
  if (roles.isError) return <ErrorState title={t('profile.roles.failed')} onRetry={() => void roles.refetch()} />;
  if (roles.data.length === 0) return null;
  const switchable = roles.data.filter((role) => isLocallySwitchable(role.token));

  const toggle = (token: RoleToken, on: boolean) => {
    setRoleDisabled(token, !on);
    setAnnouncement(on ? t('profile.roles.switchedOn', { role: name(token) }) : t('profile.roles.switchedOff', { role: name(token) }));
    // The server reads the same cookie: what it sent for the old roles (pictures of a restricted viewer) is out of date.
    void queryClient.invalidateQueries();
  };

  return (
    <SettingsCard title={t('profile.roles.title')} intro={t('profile.roles.intro')} testId="roles-card">
      <div className="role-badges" aria-label={t('profile.roles.activeLabel')} role="group" data-testid="active-roles">
        {active.roles.length === 0 ? (
          <span className="settings-card__note">{t('profile.roles.noneActive')}</span>
        ) : (
          active.roles.map((role) => (
            <span key={role.token} className="role-badge">
              {name(role.token)}
            </span>
          ))
        )}
      </div>
      {switchable.length > 0 && (
        <fieldset className="settings-fieldset">
          <legend className="settings-fieldset__legend">{t('profile.roles.switchesLegend')}</legend>
          {switchable.map((role) => (
            <SwitchField
              key={role.token}
              label={name(role.token)}
              hint={t(`profile.roles.hints.${role.token}`)}
              checked={!disabled.includes(role.token)}
              onChange={(event) => toggle(role.token, event.target.checked)}
            />
          ))}
        </fieldset>
      )}
      <SuccessStatus message={announcement} />
    </SettingsCard>
  );
}
