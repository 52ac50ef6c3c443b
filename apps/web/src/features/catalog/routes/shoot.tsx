import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { paths } from '@/paths';
import { useShoot } from '../api/get-shoot';
import { DetailFallback, DetailLoading } from '../components/detail-states';
import { ShootView, ShootViewSkeleton } from '../components/shoot-view';
import { idParam } from '../list-params';

/** /shoot/{id}, with `#video-{videoId}` selecting one of its videos. */
export default function ShootRoute() {
  const { t } = useTranslation();
  const id = idParam(useParams().id);
  const shoot = useShoot(id);

  if (id === null || shoot.isError) {
    return (
      <DetailFallback
        error={id === null ? null : shoot.error}
        onRetry={() => void shoot.refetch()}
        notFound={{ title: t('shoot.notFoundTitle'), text: t('shoot.notFoundText'), link: { to: paths.shoots(), label: t('shoot.browseShoots') } }}
        errorTitle={t('shoot.errorTitle')}
      />
    );
  }
  if (shoot.isPending) {
    return (
      <DetailLoading label={t('shoot.loading')}>
        <ShootViewSkeleton />
      </DetailLoading>
    );
  }
  return <ShootView shoot={shoot.data} />;
}
