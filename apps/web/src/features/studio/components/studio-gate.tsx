import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StatusMessage } from '@/components/status-message';
import { useCan } from '@/lib/capabilities';
import { paths } from '@/paths';

/**
 * The studio is for model accounts (capability `studio`, decision record 024). The route guard has already sent
 * visitors to log in; a member who is not a model is told plainly where she is, instead of a page of refusals.
 */
export function StudioGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const allowed = useCan('studio');
  if (allowed) return <>{children}</>;
  return (
    <div data-testid="studio-models-only">
      <StatusMessage
        title={t('studio.modelsOnly.title')}
        text={t('studio.modelsOnly.text')}
        action={
          <Link className="button button--primary" to={paths.home()}>
            {t('common.backHome')}
          </Link>
        }
      />
    </div>
  );
}
