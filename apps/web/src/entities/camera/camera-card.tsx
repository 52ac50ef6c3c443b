import type { CameraSummary, Language } from '@velora/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/paths';
import { FavouriteButton } from '@/entities/favourite/favourite-button';
import { Skeleton } from '@/components/skeleton';
import { tagName } from '@/lib/content-language';
import { formatShowTime } from './show-time';
import './camera.css';
import { Picture } from '@/components/picture';

/** The camera's state in words (never by colour alone): LIVE, "Soon: starts at …", Offline. */
export function CameraStateBadge({ camera, language }: { camera: Pick<CameraSummary, 'state' | 'next_show_at'>; language: Language }) {
  const { t } = useTranslation();
  const text =
    camera.state === 'live'
      ? t('cameras.state.live')
      : camera.state === 'soon' && camera.next_show_at !== null
        ? t('cameras.state.soonAt', { time: formatShowTime(camera.next_show_at, language) })
        : camera.state === 'soon'
          ? t('cameras.state.soon')
          : t('cameras.state.offline');
  return (
    <span className={`camera-state camera-state--${camera.state}`} data-testid="camera-state">
      {camera.state === 'live' ? <span className="camera-state__dot" aria-hidden="true" /> : null}
      {text}
    </span>
  );
}

/** Free chat, or paid chat with its price per minute in coins. */
export function ChatModeBadge({ camera }: { camera: Pick<CameraSummary, 'chat_mode' | 'price_per_minute'> }) {
  const { t } = useTranslation();
  return (
    <span className={`chat-mode chat-mode--${camera.chat_mode}`} data-testid="chat-mode">
      {camera.chat_mode === 'free' ? t('cameras.chat.free') : t('cameras.chat.paidPrice', { count: camera.price_per_minute ?? 0 })}
    </span>
  );
}

interface CameraCardProps {
  camera: CameraSummary;
  language: Language;
  /** The card the page was asked to show (`camera=<name>`). */
  highlighted?: boolean;
}

/**
 * A live cam: preview (a live frame, refreshed as its URL changes; the cover otherwise, and while a frame fails to
 * load), state, viewers, chat, tags, heart.
 */
export function CameraCard({ camera, language, highlighted = false }: CameraCardProps) {
  const { t } = useTranslation();
  const nameId = useId();
  const live = camera.state === 'live';
  // A live room has no frame for its first seconds (and none while its media server restarts): the cover stands in
  // until the next frame's URL, never a broken picture.
  const [failedPreview, setFailedPreview] = useState<string | null>(null);
  const showPreview = live && camera.preview !== failedPreview;
  return (
    <article
      className={['camera-card', `camera-card--${camera.state}`, highlighted ? 'camera-card--highlighted' : ''].filter(Boolean).join(' ')}
      data-testid="camera-card"
      data-camera-name={camera.name}
      aria-labelledby={nameId}
    >
      <div className="camera-card__media">
        {/* A plain img: the live preview changes its URL every few seconds and must not flash a placeholder. */}
        <Picture
          className="camera-card__image"
          src={showPreview ? camera.preview : camera.cover}
          onError={showPreview ? () => setFailedPreview(camera.preview) : undefined}
          sizes="(min-width: 1280px) 320px, (min-width: 720px) 45vw, 92vw"
          width={640}
          height={360}
          alt=""
          loading="lazy"
          decoding="async"
        />
        <div className="camera-card__overlay">
          <CameraStateBadge camera={camera} language={language} />
          {live ? (
            <span className="camera-card__viewers" data-testid="camera-viewers">
              {t('cameras.viewers', { count: camera.viewers })}
            </span>
          ) : null}
        </div>
      </div>
      <div className="camera-card__body">
        <h3 id={nameId} className="camera-card__name">
          <Link className="card-link" to={paths.camera(camera.name)}>
            {camera.display_name}
          </Link>
        </h3>
        {camera.title ? <p className="camera-card__title">{camera.title}</p> : null}
        <p className="camera-card__meta">
          <ChatModeBadge camera={camera} />
        </p>
        {camera.tags.length > 0 ? (
          <ul className="camera-card__tags" aria-label={t('cameras.tagsLabel')}>
            {camera.tags.map((tag) => (
              <li key={tag.id} className="chip chip--small">
                {tagName(tag, language)}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <FavouriteButton kind="camera" id={camera.id} initial={camera.is_favourite} className="camera-card__favourite favourite--on-dark" />
    </article>
  );
}

interface CameraGridProps {
  cameras: readonly CameraSummary[];
  language: Language;
  busy?: boolean;
  highlighted?: string | null;
}

export function CameraGrid({ cameras, language, busy = false, highlighted = null }: CameraGridProps) {
  return (
    <ul className={['camera-grid', busy ? 'catalog-grid--busy' : ''].filter(Boolean).join(' ')} aria-busy={busy || undefined}>
      {cameras.map((camera) => (
        <li key={camera.id}>
          <CameraCard camera={camera} language={language} highlighted={camera.name === highlighted} />
        </li>
      ))}
    </ul>
  );
}

export function CameraGridSkeleton({ count = 6 }: { count?: number }) {
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={t('cameras.loading')}>
      <ul className="camera-grid" aria-hidden="true">
        {Array.from({ length: count }, (_, i) => (
          <li key={i} className="camera-card camera-card--skeleton">
            <Skeleton className="camera-card__media" />
            <div className="camera-card__body">
              <Skeleton height="1.1em" width="60%" />
              <Skeleton height="0.85em" width="40%" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
