import type { Language, Video } from '@velora/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { tagName } from '@/lib/content-language';
import { formatDuration, isoDuration } from '@/lib/format';
import { FavouriteButton } from '@/entities/favourite/favourite-button';
import { LazyImage } from '@/components/lazy-image';
import { playLocation } from '@/entities/video-player/play-hash';
import { usePlayPrefetch } from './use-play-prefetch';

export interface VideoCardProps {
  video: Video;
  language: Language;
  /** The first cards are above the fold: load them eagerly. */
  eager?: boolean;
  /** The favourite toggle's state when the list knows better than the video (favourites); by default `is_favourite`. */
  favourite?: boolean;
  /** Seconds already watched: shows a progress bar (home section `continue`). */
  progress?: number;
  /** The selected video of a shoot. */
  selected?: boolean;
}

/** A video: its play action is a link to the current page with the hash play-{id}. */
export function VideoCard({ video, language, eager = false, favourite, progress, selected = false }: VideoCardProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const titleId = useId();
  // The video starts sooner when its playback is prepared before the press (decision record 053).
  const prefetch = usePlayPrefetch<HTMLElement>(video.id, selected);
  const published = new Date(video.published_at * 1000);
  const models = video.participated_models.map((m) => m.name_en);
  const modelList = new Intl.ListFormat(language, { type: 'conjunction' }).format(models);
  const watched = progress !== undefined && video.duration > 0 ? Math.min(100, Math.max(0, Math.round((progress / video.duration) * 100))) : null;

  return (
    <article
      ref={prefetch.ref}
      className={['video-card', selected ? 'video-card--selected' : ''].filter(Boolean).join(' ')}
      data-testid="video-card"
      aria-labelledby={titleId}
      aria-current={selected || undefined}
    >
      <div className="video-card__media">
        <Link
          className="video-card__play"
          to={playLocation(location, video.id)}
          aria-label={t('videoCard.play', { title: video.title })}
          preventScrollReset
          {...prefetch.handlers}
        >
          <LazyImage
            wrapperClassName="video-card__frame"
            className="video-card__image"
            src={video.thumbnail_small}
            variantsOf={video.thumbnail}
            sizes="(min-width: 1280px) 300px, (min-width: 720px) 45vw, 92vw"
            width={370}
            height={206}
            alt={video.title}
            decoding="async"
            eager={eager}
          />
          <span className="video-card__play-icon" aria-hidden="true">
            <svg viewBox="0 0 24 24" width="22" height="22" focusable="false">
              <path d="M8 5.5v13l10.5-6.5z" fill="currentColor" />
            </svg>
          </span>
        </Link>
        <span className="video-card__duration">
          <span className="visually-hidden">{t('videoCard.duration')}: </span>
          <time dateTime={isoDuration(video.duration)}>{formatDuration(video.duration)}</time>
        </span>
        {watched !== null ? (
          <span
            className="video-card__progress"
            role="progressbar"
            aria-label={t('videoCard.progress')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={watched}
            aria-valuetext={t('videoCard.progressText', { percent: watched })}
          >
            <span className="video-card__progress-fill" style={{ width: `${watched}%` }} />
          </span>
        ) : null}
      </div>
      <div className="video-card__body">
        <div className="video-card__heading">
          <h2 id={titleId} className="video-card__title">
            {video.title}
          </h2>
          <FavouriteButton kind="video" id={video.id} initial={favourite ?? video.is_favourite} itemName={video.title} />
        </div>
        {models.length > 0 ? <p className="video-card__models">{t('videoCard.with', { names: modelList })}</p> : null}
        <p className="video-card__meta">
          <span className="visually-hidden">{t('videoCard.published')}: </span>
          <time dateTime={published.toISOString()}>
            {new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(published)}
          </time>
          <span aria-hidden="true"> · </span>
          <span>{t('videoCard.views', { count: video.views })}</span>
          <span aria-hidden="true"> · </span>
          {/* A plain span may not carry aria-label (axe aria-prohibited-attr): the words are hidden text instead. */}
          <span>
            <span aria-hidden="true">★ {video.rating.toFixed(1)}</span>
            <span className="visually-hidden">{t('videoCard.rating', { rating: video.rating.toFixed(1) })}</span>
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
