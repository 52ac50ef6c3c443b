import type { Profile } from '@velora/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/skeleton';
import { ErrorState } from '@/components/status-message';
import { useAccount } from '../account';

/** Renders its content with the loaded profile; meanwhile a loading state, on failure an error with a retry. */
export function ProfileGate({ children }: { children: (profile: Profile) => ReactNode }) {
  const { t } = useTranslation();
  const { profile, isPending, isError, retry } = useAccount();
  if (profile) return <>{children(profile)}</>;
  if (isPending) {
    return (
      <div className="profile-loading" role="status" aria-label={t('profile.loading')} data-testid="profile-loading">
        <Skeleton className="profile-loading__avatar" />
        <Skeleton height="1.4em" width="45%" />
        <Skeleton height="1em" width="70%" />
        <Skeleton height="8em" width="100%" />
      </div>
    );
  }
  // A profile that failed to load, or a session that ended while here (the guard sends visitors away on the next navigation).
  return <ErrorState title={isError ? t('profile.loadFailed') : t('profile.loggedOut')} onRetry={retry} />;
}
