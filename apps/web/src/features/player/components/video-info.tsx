import type { VideoDetail } from '@velora/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/paths';
import { FavouriteButton } from '@/entities/favourite/favourite-button';
import { tagName, useContentLanguage } from '@/lib/content-language';
import { formatDuration, isoDuration } from '@/lib/format';

/** Title, models, tags, duration and the favourite toggle of the video in the theater. */
export function VideoInfo({ video, titleId }: { video: VideoDetail; titleId: string }) {
  const { t } = useTranslation();
  const language = useContentLanguage();
  const published = new Date(video.published_at * 1000);

  return (
    <div className="video-info">
      <div className="video-info__heading">
        <h2 id={titleId} className="video-info__title">
          {video.title}
        </h2>
        <FavouriteButton kind="video" id={video.id} initial={video.is_favourite} />
      </div>
      <dl className="video-info__facts">
        {video.participated_models.length > 0 ? (
          <div>
            <dt>{t('player.with')}</dt>
            <dd>
              <ul className="video-info__models">
                {video.participated_models.map((model) => (
                  <li key={model.id}>
                    <Link className="text-link" to={paths.modelProfile(model.id)}>
                      {model.name_en}
                    </Link>
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        ) : null}
        <div>
          <dt>{t('player.duration')}</dt>
          <dd>
            <time dateTime={isoDuration(video.duration)}>{formatDuration(video.duration)}</time>
          </dd>
        </div>
        <div>
          <dt>{t('player.published')}</dt>
          <dd>
            <time dateTime={published.toISOString()}>{new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(published)}</time>
          </dd>
        </div>
      </dl>
      {video.tags.length > 0 ? (
        <ul className="video-info__tags" aria-label={t('player.tags')}>
          {video.tags.map((tag) => (
            <li key={tag.id}>
              <Link className="chip chip--small chip--link" to={`${paths.videos()}?tags=${tag.id}`}>
                {tagName(tag, language)}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      {video.description ? <p className="video-info__description">{video.description}</p> : null}
    </div>
  );
}
