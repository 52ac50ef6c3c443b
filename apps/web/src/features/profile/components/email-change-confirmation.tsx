import { CONFIRM_EMAIL_CHANGE_PARAM } from '@velora/shared';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Dialog } from '@/components/dialog';
import { FormAlert } from '@/components/form-alert';
import { isApiError } from '@/lib/http';
import { useAccount } from '../account';
import { confirmEmailChange } from '../api/confirm-email-change';

type Outcome = 'pending' | 'confirmed' | 'invalid' | 'taken' | 'failed';

// A token is single use: one request per token, however often this mounts (StrictMode mounts twice).
const confirmations = new Map<string, Promise<Outcome>>();

function confirmOnce(token: string): Promise<Outcome> {
  let running = confirmations.get(token);
  if (!running) {
    running = confirmEmailChange({ token }).then(
      () => 'confirmed' as const,
      (error: unknown) => (isApiError(error, 400) ? 'invalid' : isApiError(error, 409) ? 'taken' : 'failed'),
    );
    confirmations.set(token, running);
  }
  return running;
}

/** For tests: forget the confirmations made. */
export function resetEmailChangeConfirmations(): void {
  confirmations.clear();
}

/**
 * The link mailed for a new address (`/?confirm_email=<token>`): the token is taken out of the URL, confirmed with
 * POST /user/confirm_email_change, and the outcome shown in a dialog; a logged-in profile is reloaded.
 */
export function EmailChangeConfirmation() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const account = useAccount();
  const refresh = useRef(account.refresh);
  useEffect(() => {
    refresh.current = account.refresh;
  });
  const [token, setToken] = useState<string | null>(null);
  const [openedOn, setOpenedOn] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>('pending');

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const found = params.get(CONFIRM_EMAIL_CHANGE_PARAM);
    if (found === null) return;
    params.delete(CONFIRM_EMAIL_CHANGE_PARAM);
    const search = params.toString();
    void navigate({ pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash }, { replace: true });
    if (found.trim() === '') return;
    setOutcome('pending');
    setToken(found);
    setOpenedOn(location.pathname);
  }, [location.search, location.pathname, location.hash, navigate]);

  // Like every dialog, this one closes when the person navigates elsewhere (product §2).
  useEffect(() => {
    if (openedOn !== null && location.pathname !== openedOn) setToken(null);
  }, [location.pathname, openedOn]);

  useEffect(() => {
    if (token === null) return undefined;
    let current = true;
    void confirmOnce(token).then((result) => {
      if (!current) return;
      setOutcome(result);
      if (result === 'confirmed') void refresh.current();
    });
    return () => {
      current = false;
    };
  }, [token]);

  if (token === null) return null;
  const close = () => setToken(null);

  return (
    <Dialog open onOpenChange={(next) => !next && close()} title={t('profile.confirmEmail.title')} testId="email-change-confirmation">
      <div className="email-change-confirmation" aria-busy={outcome === 'pending' || undefined}>
        {outcome === 'pending' ? <p role="status">{t('profile.confirmEmail.pending')}</p> : null}
        {outcome === 'confirmed' ? <FormAlert tone="success">{t('profile.confirmEmail.confirmed')}</FormAlert> : null}
        {outcome === 'invalid' ? <FormAlert tone="error">{t('profile.confirmEmail.invalid')}</FormAlert> : null}
        {outcome === 'taken' ? <FormAlert tone="error">{t('profile.confirmEmail.taken')}</FormAlert> : null}
        {outcome === 'failed' ? <FormAlert tone="error">{t('profile.confirmEmail.failed')}</FormAlert> : null}
        <div className="avatar-picker__actions">
          <button type="button" className="button button--primary" onClick={close} disabled={outcome === 'pending'}>
            {t('common.close')}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
