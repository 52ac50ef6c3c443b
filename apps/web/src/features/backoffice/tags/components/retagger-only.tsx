import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusMessage } from '@/components/status-message';
import { useCapabilities } from '@/lib/capabilities';

/**
 * The tag screens' content, for those who hold videos.retag: another team member in the back office is told whom it
 * is for, and nothing is asked of the server (which would answer 403).
 */
export function RetaggerOnly({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { can } = useCapabilities();
  if (!can('videos.retag')) {
    return (
      <div data-testid="retag-forbidden">
        <StatusMessage title={t('boTags.forbidden')} />
      </div>
    );
  }
  return children;
}
