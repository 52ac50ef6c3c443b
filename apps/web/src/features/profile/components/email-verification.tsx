import type { Profile } from '@velora/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { useRequestVerificationEmail } from '../api/request-verification-email';
import { refusalOf } from '../refusals';
import { SuccessStatus } from './settings-card';

/** The address and whether it is confirmed; an unconfirmed one can ask for a new confirmation link. */
export function EmailVerification({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const mutation = useRequestVerificationEmail();
  const [sent, setSent] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  const send = async () => {
    setSent(null);
    setFailed(null);
    try {
      await mutation.mutateAsync();
      setSent(t('profile.overview.verificationSent', { email: profile.email }));
    } catch (error) {
      setFailed(refusalOf(error, t).form ?? t('profile.errors.failed'));
    }
  };

  return (
    <div className="profile-email">
      <p className="profile-email__address">
        <span data-testid="profile-email">{profile.email}</span>{' '}
        {profile.email_verified ? (
          <span className="status-pill status-pill--ok">{t('profile.overview.verified')}</span>
        ) : (
          <span className="status-pill status-pill--warn" data-testid="email-not-verified">
            {t('profile.overview.notVerified')}
          </span>
        )}
      </p>
      {profile.email_verified ? null : (
        <>
          <p className="settings-card__note">{t('profile.overview.notVerifiedHint')}</p>
          {failed ? <FormAlert tone="error">{failed}</FormAlert> : null}
          <SuccessStatus message={sent} />
          <div>
            <button
              type="button"
              className="button button--secondary button--small"
              onClick={() => void send()}
              disabled={mutation.isPending}
              aria-busy={mutation.isPending || undefined}
            >
              {mutation.isPending ? t('profile.sending') : t('profile.overview.sendVerification')}
            </button>
          </div>
        </>
      )}
    </div>
  );
}
