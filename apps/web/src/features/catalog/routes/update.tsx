import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { paths } from '@/paths';
import { useUpdate } from '../api/get-update';
import { DetailFallback, DetailLoading } from '../components/detail-states';
import { ShootView, ShootViewSkeleton } from '../components/shoot-view';
import { idParam } from '../list-params';

/** /update/{id}: one release (a shoot with its videos), as the feed links to it. */
export default function UpdateRoute() {
  const { t } = useTranslation();
  const id = idParam(useParams().id);
  const update = useUpdate(id);

  if (id === null || update.isError) {
    return (
      <DetailFallback
        error={id === null ? null : update.error}
        onRetry={() => void update.refetch()}
        notFound={{ title: t('update.notFoundTitle'), text: t('update.notFoundText'), link: { to: paths.feeds(), label: t('update.backToFeed') } }}
        errorTitle={t('update.errorTitle')}
      />
    );
  }
  if (update.isPending) {
    return (
      <DetailLoading label={t('update.loading')}>
        <ShootViewSkeleton />
      </DetailLoading>
    );
  }
  return <ShootView shoot={update.data} />;
}
