import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ErrorState, StatusMessage } from '@/components/status-message';
import { useCapabilities } from '@/lib/capabilities';
import { isApiError } from '@/lib/http';
import { paths } from '@/paths';
import { BackofficeFrame } from '../../components/backoffice-frame';
import { useVideo } from '../api/get-videos';
import { VideoCover } from '../components/video-cover';
import { VideoDetailsForm } from '../components/video-details-form';
import { VideoPublishing } from '../components/video-publishing';
import { VideoState } from '../components/video-state';
import '../videos.css';

/** /backoffice/videos/:id: the video's state (upload, live transcode progress), details, cover and publishing. */
export default function VideoEditRoute() {
  const { t } = useTranslation();
  const { can } = useCapabilities();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0 && id <= 2_147_483_647;
  const video = useVideo(valid ? id : 0);
  const canEdit = can('admin.settings');

  let body;
  if (!valid || (video.isError && isApiError(video.error, 404))) {
    body = <StatusMessage title={t('boVideos.detail.notFound')} />;
  } else if (video.isPending) {
    body = (
      <p role="status" className="backoffice__muted">
        {t('boVideos.detail.loading')}
      </p>
    );
  } else if (video.isError) {
    body = <ErrorState title={t('boVideos.detail.loadFailed')} onRetry={() => void video.refetch()} />;
  } else {
    const data = video.data;
    body = (
      <div className="bo-videos__grid" data-testid="video-edit" data-video-id={data.id}>
        <VideoState video={data} onUploaded={() => void video.refetch()} />
        <VideoPublishing video={data} canPublish={canEdit} />
        {/* Keyed by id: the form starts from the saved values of this video. */}
        <VideoDetailsForm key={data.id} video={data} canEdit={canEdit} />
        <VideoCover video={data} canEdit={canEdit} />
      </div>
    );
  }

  return (
    <BackofficeFrame title={video.data?.title ?? t('boVideos.title')} titleId="bo-video-title">
      <p>
        <Link to={paths.backofficeVideos()}>{t('boVideos.back')}</Link>
      </p>
      {body}
    </BackofficeFrame>
  );
}
