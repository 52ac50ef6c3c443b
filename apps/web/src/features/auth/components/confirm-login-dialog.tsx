import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { isApiError } from '@/lib/http';
import { reportError } from '@/lib/report-error';
import { exchangeLoginLink } from '../api/exchange-login-link';
import { clearPendingLogin, usePendingLogin } from '../pending-login';
import { safeRedirectPath } from '../redirect';
import { startSession } from '../session';

/**
 * "Log in as {username}?" for a visitor who opened a one-click log-in link or a sister domain's hand-over: the link is
 * used only when they say so, so a link of someone else's account cannot log them in unnoticed (decision record 030).
 * Focus starts on Cancel, the safe answer.
 */
export function ConfirmLoginDialog() {
  const { t } = useTranslation();
  const pending = usePendingLogin();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [searchParams] = useSearchParams();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setError(null);
    clearPendingLogin();
  };

  const confirm = async () => {
    if (!pending) return;
    setBusy(true);
    setError(null);
    try {
      const { access_token, expires_at } = await exchangeLoginLink(pending);
      // The cookie copy of the token lives as long as the token (decision record 028).
      const profile = await startSession(queryClient, access_token, expires_at);
      if (!profile) {
        setError(t('login.failed'));
        return;
      }
      close();
      // The guards run again as the user (a page that sent the guest to the log-in dialog lets them in now).
      await navigate(safeRedirectPath(searchParams.get('redirect')) ?? `${pathname}${search}`, { replace: true });
    } catch (cause) {
      reportError(cause, { during: `confirm ${pending.kind} log-in` });
      setError(isApiError(cause, 400) ? t('login.hashFailed') : t('login.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <ConfirmDialog
      open={pending !== null}
      title={t('confirmLogin.title', { username: pending?.username ?? '' })}
      description={t('confirmLogin.description', { username: pending?.username ?? '' })}
      confirmLabel={t('confirmLogin.confirm')}
      pendingLabel={t('login.submitting')}
      cancelLabel={t('confirmLogin.cancel')}
      pending={busy}
      error={error}
      onConfirm={() => void confirm()}
      onCancel={close}
      testId="confirm-login-dialog"
    />
  );
}
