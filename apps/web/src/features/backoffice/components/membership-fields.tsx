import { STAFF_ROLES, TEAM_KINDS, type StaffRole, type TeamKind, type TeamMembershipBody } from '@velora/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** On the team (and of which kinds), and the editorial roles: the fields of adding and of editing a person. */
export function MembershipFields({ value, onChange }: { value: TeamMembershipBody; onChange: (next: TeamMembershipBody) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const toggleKind = (kind: TeamKind, on: boolean) => {
    const team_kinds = on ? [...value.team_kinds, kind] : value.team_kinds.filter((k) => k !== kind);
    // A kind makes the person a team member.
    onChange({ ...value, team_kinds, team_member: value.team_member || on });
  };
  const toggleRole = (role: StaffRole, on: boolean) => onChange({ ...value, roles: on ? [...value.roles, role] : value.roles.filter((r) => r !== role) });
  return (
    <>
      <fieldset className="backoffice__checks">
        <legend>{t('team.columns.kinds')}</legend>
        <label htmlFor={`${id}-team`}>
          <input
            id={`${id}-team`}
            type="checkbox"
            checked={value.team_member}
            onChange={(event) => onChange({ ...value, team_member: event.target.checked, team_kinds: event.target.checked ? value.team_kinds : [] })}
          />
          {t('team.teamMember')}
        </label>
        {TEAM_KINDS.map((kind) => (
          <label key={kind} htmlFor={`${id}-${kind}`}>
            <input id={`${id}-${kind}`} type="checkbox" checked={value.team_kinds.includes(kind)} onChange={(event) => toggleKind(kind, event.target.checked)} />
            {t(`team.kinds.${kind}`)}
          </label>
        ))}
      </fieldset>
      <fieldset className="backoffice__checks">
        <legend>{t('team.columns.roles')}</legend>
        {STAFF_ROLES.map((role) => (
          <label key={role} htmlFor={`${id}-${role}`}>
            <input id={`${id}-${role}`} type="checkbox" checked={value.roles.includes(role)} onChange={(event) => toggleRole(role, event.target.checked)} />
            {t(`team.roles.${role}`)}
          </label>
        ))}
      </fieldset>
    </>
  );
}
