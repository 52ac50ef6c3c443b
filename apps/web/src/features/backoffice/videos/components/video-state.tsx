import type { BackofficeVideoDetail } from '@velora/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { UploadProgress } from './upload-progress';
import { useVideoUpload } from './use-video-upload';
import { VideoFileField } from './video-file-field';
import { VideoStatus } from './video-status';

/** Where the video stands: its upload, the transcode's progress (live), a failure and its reason; a new file when it needs one. */
export function VideoState({ video, onUploaded }: { video: BackofficeVideoDetail; onUploaded: () => void }) {
  const { t, i18n } = useTranslation();
  const upload = useVideoUpload(onUploaded);
  const [file, setFile] = useState<File | null>(null);
  const date = (unix: number) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(unix * 1000));
  const media = video.media;
  const needsSource = (!media || media.status === 'failed') && video.status !== 'published' && video.status !== 'scheduled';
  const percent = media ? Math.floor((media.progress ?? 0) * 100) : 0;

  return (
    <section className="backoffice__card" aria-labelledby="video-state-title" data-testid="video-state">
      <h2 id="video-state-title" className="backoffice__card-title">
        {t('boVideos.detail.state')}
      </h2>
      <p>
        <VideoStatus status={video.status} progress={video.progress} />
      </p>
      {video.status === 'published' && video.published_at ? <p>{t('boVideos.detail.publishedOn', { date: date(video.published_at) })}</p> : null}
      {video.status === 'scheduled' && video.published_at ? <p>{t('boVideos.detail.scheduledFor', { date: date(video.published_at) })}</p> : null}
      {video.status === 'draft' || video.status === 'failed' || video.status === 'transcoding' || video.status === 'uploading' ? (
        <p className="backoffice__muted">{t('boVideos.detail.draft')}</p>
      ) : null}
      {media && (media.status === 'pending' || media.status === 'processing') ? (
        <div data-testid="transcode-progress">
          <label className="field__label" htmlFor="video-transcode-progress">
            {t('boVideos.detail.transcodeProgress')}
          </label>
          <progress id="video-transcode-progress" className="bo-videos__bar" max={100} value={percent} aria-valuetext={`${percent} %`} />
          <p className="backoffice__muted" aria-live="polite">
            {media.status === 'pending' ? t('boVideos.detail.waiting') : t('boVideos.progress', { percent })}
          </p>
        </div>
      ) : null}
      {media?.status === 'ready' ? <p>{t('boVideos.detail.ready', { renditions: media.renditions.map((r) => `${r}p`).join(', ') })}</p> : null}
      {video.upload?.status === 'failed' && (!media || media.status === 'failed') ? (
        <FormAlert tone="error">{t('boVideos.detail.failedUpload', { reason: video.upload.error ?? '' })}</FormAlert>
      ) : null}
      {media?.status === 'failed' ? <FormAlert tone="error">{t('boVideos.detail.failedTranscode', { reason: media.error ?? '' })}</FormAlert> : null}
      {video.status === 'failed' ? <p className="backoffice__muted">{t('boVideos.detail.failedHint')}</p> : null}
      {needsSource ? (
        <form
          className="backoffice__form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (file) void upload.start(file, video.id);
          }}
        >
          {video.upload?.status === 'uploading' ? <FormAlert tone="info">{t('boVideos.upload.resumeHint')}</FormAlert> : !media ? <p>{t('boVideos.detail.noSource')}</p> : null}
          <VideoFileField onFile={setFile} />
          <div>
            <button type="submit" className="button button--primary" disabled={!file || upload.state.phase === 'uploading'}>
              {t('boVideos.upload.again')}
            </button>
          </div>
        </form>
      ) : null}
      <UploadProgress state={upload.state} onPause={upload.pause} onResume={upload.resume} />
    </section>
  );
}
