import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StatusMessage } from '@/components/status-message';
import { useCan } from '@/lib/capabilities';
import { paths } from '@/paths';

/**
 * The team's pages need capability `backoffice` (decision record 024). The route guard has already sent visitors to
 * log in; a member who is not on the team is told so plainly, and nothing is asked of the server (which would 403).
 */
export function TeamGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  if (useCan('backoffice')) return <>{children}</>;
  return (
    <div data-testid="team-only">
      <StatusMessage
        title={t('teamFeedback.teamOnly.title')}
        text={t('teamFeedback.teamOnly.text')}
        action={
          <Link className="button button--primary" to={paths.home()}>
            {t('common.backHome')}
          </Link>
        }
      />
    </div>
  );
}
