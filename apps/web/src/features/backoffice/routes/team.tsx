import type { TeamMember, TeamMembershipBody } from '@velora/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Dialog } from '@/components/dialog';
import { FormAlert } from '@/components/form-alert';
import { ErrorState, StatusMessage } from '@/components/status-message';
import { TextField } from '@/components/text-field';
import { isApiError } from '@/lib/http';
import { useAddTeamMember, useResetSecondFactor, useUpdateTeamMember } from '../api/change-team-member';
import { useTeam } from '../api/get-team';
import { BackofficeFrame } from '../components/backoffice-frame';
import { MembershipFields } from '../components/membership-fields';

const NONE: TeamMembershipBody = { team_member: true, team_kinds: [], roles: [] };

/** The message of a refused change, in the reader's language where the app knows the case. */
function useChangeError() {
  const { t } = useTranslation();
  return (error: unknown) => (isApiError(error, 409) && error.code === 'LAST_ADMIN' ? t('team.lastAdmin') : t('team.failed'));
}

function AddPersonForm({ onDone }: { onDone: (message: string) => void }) {
  const { t } = useTranslation();
  const add = useAddTeamMember();
  const messageOf = useChangeError();
  const [login, setLogin] = useState('');
  const [membership, setMembership] = useState<TeamMembershipBody>(NONE);
  const [loginError, setLoginError] = useState<string | undefined>();
  const [alert, setAlert] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setLoginError(undefined);
    setAlert(null);
    if (login.trim() === '') {
      setLoginError(t('common.required'));
      return;
    }
    try {
      const member = await add.mutateAsync({ login: login.trim(), ...membership });
      setLogin('');
      setMembership(NONE);
      onDone(t('team.add.added', { name: member.username }));
    } catch (error) {
      if (isApiError(error, 404)) setLoginError(t('team.add.notFound'));
      else if (isApiError(error, 400) && error.fields?.login) setLoginError(error.fields.login);
      else setAlert(messageOf(error));
    }
  };

  return (
    <form className="backoffice__form" noValidate onSubmit={submit} aria-labelledby="team-add-title" data-testid="team-add">
      <h2 id="team-add-title" className="backoffice__card-title">
        {t('team.add.title')}
      </h2>
      <p className="backoffice__muted">{t('team.add.text')}</p>
      {alert ? <FormAlert tone="error">{alert}</FormAlert> : null}
      <TextField label={t('team.add.login')} value={login} onChange={(event) => setLogin(event.target.value)} error={loginError} autoComplete="off" autoCapitalize="none" spellCheck={false} />
      <MembershipFields value={membership} onChange={setMembership} />
      <div>
        <button type="submit" className="button button--primary" disabled={add.isPending} aria-busy={add.isPending || undefined}>
          {add.isPending ? t('team.add.submitting') : t('team.add.submit')}
        </button>
      </div>
    </form>
  );
}

function EditPersonDialog({ member, onClose, onDone }: { member: TeamMember; onClose: () => void; onDone: (message: string) => void }) {
  const { t } = useTranslation();
  const update = useUpdateTeamMember();
  const messageOf = useChangeError();
  const [membership, setMembership] = useState<TeamMembershipBody>({ team_member: member.is_team_member, team_kinds: member.team_kinds, roles: member.roles });
  const [alert, setAlert] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAlert(null);
    try {
      await update.mutateAsync({ userId: member.user_id, body: membership });
      onDone(t('team.saved', { name: member.username }));
    } catch (error) {
      setAlert(messageOf(error));
    }
  };
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())} title={t('team.editTitle', { name: member.username })} testId="team-edit">
      <form className="form" noValidate onSubmit={submit}>
        {alert ? <FormAlert tone="error">{alert}</FormAlert> : null}
        <MembershipFields value={membership} onChange={setMembership} />
        <div className="backoffice__row-actions">
          <button type="submit" className="button button--primary" disabled={update.isPending} aria-busy={update.isPending || undefined}>
            {update.isPending ? t('team.saving') : t('team.save')}
          </button>
          <button type="button" className="button" onClick={onClose}>
            {t('team.cancel')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** /backoffice/team: who works on the site, their team kinds and roles; reset a lost authenticator app (admin.team). */
export default function TeamRoute() {
  const { t } = useTranslation();
  const team = useTeam();
  const reset = useResetSecondFactor();
  const [notice, setNotice] = useState<string | null>(null);
  const [editing, setEditing] = useState<TeamMember | null>(null);
  const [resetting, setResetting] = useState<TeamMember | null>(null);
  const [resetError, setResetError] = useState<string | null>(null);

  let body;
  if (team.isPending) {
    body = (
      <p role="status" className="backoffice__muted">
        {t('team.loading')}
      </p>
    );
  } else if (team.isError) {
    body = <ErrorState title={t('team.loadFailed')} onRetry={() => void team.refetch()} />;
  } else if (team.data.members.length === 0) {
    body = <StatusMessage title={t('team.empty')} />;
  } else {
    body = (
      <div className="backoffice__scroll">
        <table className="backoffice__table" data-testid="team-table">
          <caption className="visually-hidden">{t('team.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('team.columns.person')}</th>
              <th scope="col">{t('team.columns.kinds')}</th>
              <th scope="col">{t('team.columns.roles')}</th>
              <th scope="col">{t('team.columns.security')}</th>
              <th scope="col">{t('team.columns.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {team.data.members.map((member) => (
              <tr key={member.user_id} data-testid="team-member" data-username={member.username}>
                <th scope="row" data-label={t('team.columns.person')}>
                  {member.username}
                  <br />
                  <span className="backoffice__muted">{member.email}</span>
                  {member.model ? (
                    <>
                      <br />
                      <span className="backoffice__muted">{t('team.model', { name: member.model.name })}</span>
                    </>
                  ) : null}
                </th>
                <td data-label={t('team.columns.kinds')}>
                  {member.is_team_member ? (
                    <ul className="backoffice__chips">
                      <li className="backoffice__chip">{t('team.teamMember')}</li>
                      {member.team_kinds.map((kind) => (
                        <li key={kind} className="backoffice__chip">
                          {t(`team.kinds.${kind}`)}
                        </li>
                      ))}
                    </ul>
                  ) : (
                    t('audit.none')
                  )}
                </td>
                <td data-label={t('team.columns.roles')}>{member.roles.length ? member.roles.map((role) => t(`team.roles.${role}`)).join(', ') : t('audit.none')}</td>
                <td data-label={t('team.columns.security')}>{member.second_factor_enrolled ? t('team.enrolled') : t('team.notEnrolled')}</td>
                <td data-label={t('team.columns.actions')}>
                  <div className="backoffice__row-actions">
                    <button type="button" className="button" onClick={() => setEditing(member)} aria-label={t('team.editTitle', { name: member.username })}>
                      {t('team.edit')}
                    </button>
                    {member.second_factor_enrolled ? (
                      <button type="button" className="button" onClick={() => setResetting(member)}>
                        {t('team.reset')}
                      </button>
                    ) : null}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }

  return (
    <BackofficeFrame title={t('team.title')} intro={t('team.intro')} titleId="team-title">
      {notice ? <FormAlert tone="success">{notice}</FormAlert> : null}
      <AddPersonForm onDone={setNotice} />
      {body}
      {editing ? (
        <EditPersonDialog
          member={editing}
          onClose={() => setEditing(null)}
          onDone={(message) => {
            setEditing(null);
            setNotice(message);
          }}
        />
      ) : null}
      <ConfirmDialog
        open={resetting !== null}
        title={t('team.resetTitle', { name: resetting?.username ?? '' })}
        description={t('team.resetText')}
        confirmLabel={t('team.resetConfirm')}
        pendingLabel={t('team.saving')}
        cancelLabel={t('team.cancel')}
        pending={reset.isPending}
        error={resetError}
        testId="team-reset"
        onCancel={() => {
          setResetting(null);
          setResetError(null);
        }}
        onConfirm={() => {
          if (!resetting) return;
          const name = resetting.username;
          reset.mutate(resetting.user_id, {
            onSuccess: () => {
              setResetting(null);
              setNotice(t('team.resetDone', { name }));
            },
            onError: () => setResetError(t('team.failed')),
          });
        }}
      />
    </BackofficeFrame>
  );
}
