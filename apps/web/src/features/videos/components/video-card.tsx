import type { Language, Video } from '@velora/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tagName } from '../filters';
import { formatDuration, isoDuration } from '../format';

interface VideoCardProps {
  video: Video;
  language: Language;
  /** The first cards are above the fold: load them eagerly. */
  eager?: boolean;
}

export function VideoCard({ video, language, eager = false }: VideoCardProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [imageFailed, setImageFailed] = useState(false);
  const published = new Date(video.published_at * 1000);
  const models = video.participated_models.map((m) => m.name_en);
  const modelList = new Intl.ListFormat(language, { type: 'conjunction' }).format(models);

  return (
    <article className="video-card" data-testid="video-card" aria-labelledby={titleId}>
      <div className="video-card__media">
        {imageFailed ? (
          <span className="video-card__placeholder" role="img" aria-label={video.title} />
        ) : (
          <img
            className="video-card__image"
            src={video.thumbnail_small}
            srcSet={`${video.thumbnail_small} 370w, ${video.thumbnail} 900w`}
            sizes="(min-width: 1280px) 300px, (min-width: 720px) 45vw, 92vw"
            width={370}
            height={206}
            alt={video.title}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
            onError={() => setImageFailed(true)}
          />
        )}
        <span className="video-card__duration">
          <span className="visually-hidden">{t('videoCard.duration')}: </span>
          <time dateTime={isoDuration(video.duration)}>{formatDuration(video.duration)}</time>
        </span>
      </div>
      <div className="video-card__body">
        <h2 id={titleId} className="video-card__title">
          {video.title}
        </h2>
        {models.length > 0 ? <p className="video-card__models">{t('videoCard.with', { names: modelList })}</p> : null}
        <p className="video-card__meta">
          <span className="visually-hidden">{t('videoCard.published')}: </span>
          <time dateTime={published.toISOString()}>
            {new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(published)}
          </time>
          <span aria-hidden="true"> · </span>
          <span>{t('videoCard.views', { count: video.views })}</span>
          <span aria-hidden="true"> · </span>
          <span aria-label={t('videoCard.rating', { rating: video.rating.toFixed(1) })}>
            <span aria-hidden="true">★ {video.rating.toFixed(1)}</span>
          </span>
        </p>
        {video.tags.length > 0 ? (
          <ul className="video-card__tags" aria-label={t('videoCard.tags')}>
            {video.tags.map((tag) => (
              <li key={tag.id} className="chip chip--small">
                {tagName(tag, language)}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </article>
  );
}
