import type { BackofficeVideoDetail } from '@velora/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { useSetVideoCover } from '../api/change-video';
import { useVideoCover, useVideoFrames } from '../api/get-videos';

const COVER_MAX_SIDE = 1280;

/** A picture the person chose, scaled down in the browser to a JPEG data URL small enough for the API. */
async function scaledJpeg(file: File): Promise<string> {
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, COVER_MAX_SIDE / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  canvas.getContext('2d')!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  return canvas.toDataURL('image/jpeg', 0.85);
}

/** The cover: chosen among frames grabbed across the video, or uploaded as a picture. */
export function VideoCover({ video, canEdit }: { video: BackofficeVideoDetail; canEdit: boolean }) {
  const { t } = useTranslation();
  const ready = video.media?.status === 'ready';
  const cover = useVideoCover(video.id, video.has_cover);
  const [showFrames, setShowFrames] = useState(false);
  const frames = useVideoFrames(video.id, showFrames && ready);
  const [chosen, setChosen] = useState<number | null>(null);
  const save = useSetVideoCover();
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  const done = {
    onSuccess: () => {
      setNotice({ tone: 'success', text: t('boVideos.cover.saved') });
      void cover.refetch();
    },
    onError: () => setNotice({ tone: 'error', text: t('boVideos.cover.failed') }),
  };

  return (
    <section className="backoffice__card" aria-labelledby="video-cover-title" data-testid="video-cover">
      <h2 id="video-cover-title" className="backoffice__card-title">
        {t('boVideos.cover.title')}
      </h2>
      {notice ? <FormAlert tone={notice.tone}>{notice.text}</FormAlert> : null}
      {video.has_cover && cover.data?.image ? (
        <img className="bo-videos__cover" src={cover.data.image} alt={t('boVideos.cover.current')} data-testid="video-cover-image" />
      ) : (
        <p className="backoffice__muted">{t('boVideos.cover.none')}</p>
      )}
      {canEdit ? (
        <>
          {ready ? (
            <button type="button" className="button" aria-expanded={showFrames} onClick={() => setShowFrames((s) => !s)} data-testid="choose-frame">
              {t('boVideos.cover.chooseFrame')}
            </button>
          ) : (
            <p className="backoffice__muted">{t('boVideos.cover.notReady')}</p>
          )}
          {showFrames && frames.isPending ? <p role="status">{t('boVideos.cover.loadingFrames')}</p> : null}
          {showFrames && frames.isError ? <FormAlert tone="error">{t('boVideos.cover.framesFailed')}</FormAlert> : null}
          {showFrames && frames.data ? (
            <>
              <ul className="bo-videos__frames" aria-label={t('boVideos.cover.chooseFrame')}>
                {frames.data.frames.map((frame) => (
                  <li key={frame.at_seconds}>
                    <button type="button" className="bo-videos__frame" aria-pressed={chosen === frame.at_seconds} onClick={() => setChosen(frame.at_seconds)} data-testid="frame">
                      <img src={frame.image} alt={t('boVideos.cover.frame', { seconds: frame.at_seconds })} />
                    </button>
                  </li>
                ))}
              </ul>
              <button
                type="button"
                className="button button--primary"
                disabled={chosen === null || save.isPending}
                onClick={() => chosen !== null && save.mutate({ id: video.id, body: { at_seconds: chosen } }, done)}
                data-testid="use-frame"
              >
                {save.isPending ? t('boVideos.cover.saving') : t('boVideos.cover.useFrame')}
              </button>
            </>
          ) : null}
          <div className="field">
            <label className="field__label" htmlFor="video-cover-file">
              {t('boVideos.cover.upload')}
            </label>
            <input
              id="video-cover-file"
              type="file"
              className="field__input"
              accept="image/jpeg,image/png,image/webp"
              aria-describedby="video-cover-file-hint"
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (!file) return;
                setNotice(null);
                scaledJpeg(file).then(
                  (image) => save.mutate({ id: video.id, body: { image } }, done),
                  () => setNotice({ tone: 'error', text: t('boVideos.cover.failed') }),
                );
              }}
            />
            <p id="video-cover-file-hint" className="field__hint">
              {t('boVideos.cover.uploadHint')}
            </p>
          </div>
        </>
      ) : null}
    </section>
  );
}
