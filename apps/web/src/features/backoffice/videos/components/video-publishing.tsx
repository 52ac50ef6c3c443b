import type { BackofficeVideoDetail } from '@velora/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { usePublishVideo, useUnpublishVideo } from '../api/change-video';

/** A datetime-local value (the reader's time zone) as unix seconds, or null. */
const unixOf = (local: string) => (local ? Math.floor(new Date(local).getTime() / 1000) : null);

/** Publish now, schedule, or unpublish; publishing waits for the transcoded media. */
export function VideoPublishing({ video, canPublish }: { video: BackofficeVideoDetail; canPublish: boolean }) {
  const { t } = useTranslation();
  const publish = usePublishVideo();
  const unpublish = useUnpublishVideo();
  const [at, setAt] = useState('');
  const [atError, setAtError] = useState<string | undefined>();
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const ready = video.media?.status === 'ready';
  const isPublic = video.status === 'published' || video.status === 'scheduled';
  const busy = publish.isPending || unpublish.isPending;

  const fail = () => setNotice({ tone: 'error', text: t('boVideos.publish.failed') });
  const publishNow = () => {
    setNotice(null);
    publish.mutate({ id: video.id, body: {} }, { onSuccess: () => setNotice({ tone: 'success', text: t('boVideos.publish.published') }), onError: fail });
  };
  const schedule = (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    const when = unixOf(at);
    if (when === null) {
      setAtError(t('boVideos.publish.atRequired'));
      return;
    }
    setAtError(undefined);
    publish.mutate({ id: video.id, body: { at: when } }, { onSuccess: () => setNotice({ tone: 'success', text: t('boVideos.publish.scheduled') }), onError: fail });
  };

  return (
    <section className="backoffice__card" aria-labelledby="video-publish-title" data-testid="video-publishing">
      <h2 id="video-publish-title" className="backoffice__card-title">
        {t('boVideos.publish.title')}
      </h2>
      {notice ? <FormAlert tone={notice.tone}>{notice.text}</FormAlert> : null}
      {!canPublish ? <p className="backoffice__muted">{t('boVideos.publish.noRights')}</p> : null}
      {canPublish && !ready ? <p className="backoffice__muted">{t('boVideos.publish.notReady')}</p> : null}
      {canPublish && ready ? (
        <>
          {video.status !== 'published' ? (
            <p>
              <button type="button" className="button button--primary" disabled={busy} onClick={publishNow} data-testid="publish-now">
                {t('boVideos.publish.now')}
              </button>
            </p>
          ) : null}
          <form className="bo-videos__schedule" noValidate onSubmit={schedule}>
            <div className={['field', atError ? 'field--invalid' : ''].filter(Boolean).join(' ')}>
              <label className="field__label" htmlFor="video-publish-at">
                {t('boVideos.publish.at')}
              </label>
              <input
                id="video-publish-at"
                type="datetime-local"
                className="field__input"
                value={at}
                onChange={(event) => setAt(event.target.value)}
                aria-invalid={atError ? true : undefined}
                aria-describedby={atError ? 'video-publish-at-error' : undefined}
              />
              {atError ? (
                <p id="video-publish-at-error" className="field__error" role="alert">
                  {atError}
                </p>
              ) : null}
            </div>
            <div>
              <button type="submit" className="button" disabled={busy}>
                {t('boVideos.publish.schedule')}
              </button>
            </div>
          </form>
        </>
      ) : null}
      {isPublic ? (
        <div>
          <button
            type="button"
            className="button"
            disabled={busy}
            data-testid="unpublish"
            onClick={() => {
              setNotice(null);
              unpublish.mutate(video.id, { onSuccess: () => setNotice({ tone: 'success', text: t('boVideos.publish.unpublished') }), onError: fail });
            }}
          >
            {t('boVideos.publish.unpublish')}
          </button>
        </div>
      ) : null}
    </section>
  );
}
