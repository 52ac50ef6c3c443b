import type { ShootDetail } from '@velora/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { paths } from '@/paths';
import { FavouriteButton } from '@/entities/favourite/favourite-button';
import { LazyImage } from '@/components/lazy-image';
import { Skeleton } from '@/components/skeleton';
import { StatusMessage } from '@/components/status-message';
import { VideoGrid } from '@/entities/video/video-grid';
import { playHash, videoIdOfHash } from '@/entities/video-player/play-hash';
import { useContentLanguage } from '@/lib/content-language';

const VIDEO_HASH = /^#video-(\d{1,10})$/;

/** The video a hash names: `#video-{id}` selects it (product §2), `#play-{id}` plays it. */
export function videoIdFromHash(hash: string): { id: number; play: boolean } | null {
  const selected = VIDEO_HASH.exec(hash);
  if (selected) return { id: Number(selected[1]), play: false };
  const playing = videoIdOfHash(hash);
  return playing === null ? null : { id: playing, play: true };
}

const prefersReducedMotion = () => typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * Selection by hash: `#video-{id}` highlights that video, scrolls to it and starts it by turning
 * the hash into `#play-{id}` (replacing the entry, so Back does not land on the selection again).
 */
function useSelectedVideo(shoot: ShootDetail): number | null {
  const location = useLocation();
  const navigate = useNavigate();
  const [selected, setSelected] = useState<number | null>(null);
  const named = videoIdFromHash(location.hash);
  const namedId = named && shoot.videos.some((video) => video.id === named.id) ? named.id : null;
  const startPlaying = named !== null && namedId !== null && !named.play;

  useEffect(() => {
    if (namedId === null) return;
    setSelected(namedId);
    if (!startPlaying) return;
    document.getElementById(`video-${namedId}`)?.scrollIntoView?.({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'center' });
    void navigate({ pathname: location.pathname, search: location.search, hash: playHash(namedId) }, { replace: true, preventScrollReset: true });
  }, [namedId, startPlaying, navigate, location.pathname, location.search]);

  return namedId ?? selected;
}

/** A shoot (or the update of the same release): cover, model, favourite, videos and photo chapters. */
export function ShootView({ shoot }: { shoot: ShootDetail }) {
  const { t } = useTranslation();
  const language = useContentLanguage();
  const selectedId = useSelectedVideo(shoot);
  const published = new Date(shoot.published_at * 1000);

  return (
    <div className="page shoot-view">
      <header className="shoot-hero">
        <img className="shoot-hero__cover" src={shoot.cover} width={900} height={500} alt="" />
        <div className="shoot-hero__intro">
          <p className="eyebrow">{t('shoot.eyebrow')}</p>
          <div className="shoot-hero__title-row">
            <h1 className="page-header__title">{shoot.title}</h1>
            <FavouriteButton kind="shoot" id={shoot.id} initial={shoot.is_favourite} className="favourite--large" />
          </div>
          <p className="shoot-hero__model">
            {t('shoot.with')}{' '}
            <Link className="text-link" to={paths.modelProfile(shoot.model.id)}>
              {shoot.model.name_en}
            </Link>
          </p>
          <ul className="fact-list" aria-label={t('shoot.facts')}>
            <li>
              <span className="visually-hidden">{t('videoCard.published')}: </span>
              <time dateTime={published.toISOString()}>{new Intl.DateTimeFormat(language, { dateStyle: 'long' }).format(published)}</time>
            </li>
            <li>{t('catalog.videoCount', { count: shoot.video_count })}</li>
            <li>{t('catalog.imageCount', { count: shoot.image_count })}</li>
          </ul>
          {shoot.description ? <p className="shoot-hero__description">{shoot.description}</p> : null}
        </div>
      </header>

      <section className="page-section" aria-labelledby="shoot-videos-title">
        <h2 id="shoot-videos-title" className="section-title">
          {t('shoot.videosTitle')}
        </h2>
        {shoot.videos.length === 0 ? (
          <StatusMessage title={t('shoot.noVideos')} />
        ) : (
          <VideoGrid videos={shoot.videos} language={language} selectedId={selectedId} anchors />
        )}
      </section>

      <section className="page-section" aria-labelledby="shoot-chapters-title">
        <h2 id="shoot-chapters-title" className="section-title">
          {t('shoot.chaptersTitle')}
        </h2>
        {shoot.unlocked ? null : (
          <p className="premium-note">
            <span>{t('gallery.premiumNote')}</span>
            <Link className="button button--primary button--small" to={paths.paywall()}>
              {t('gallery.becomePremium')}
            </Link>
          </p>
        )}
        {shoot.chapters.length === 0 ? (
          <StatusMessage title={t('shoot.noChapters')} />
        ) : (
          <ul className="chapter-grid">
            {shoot.chapters.map((chapter) => (
              <li key={chapter.id}>
                <Link className="chapter-card" to={paths.shootImages(shoot.id, chapter.id)}>
                  <LazyImage wrapperClassName="chapter-card__frame" className="chapter-card__cover" src={chapter.cover} sizes="(max-width: 720px) 45vw, 240px" width={400} height={400} alt="" decoding="async" />
                  <span className="chapter-card__title">{chapter.title}</span>
                  <span className="chapter-card__count">{t('catalog.imageCount', { count: chapter.image_count })}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

export function ShootViewSkeleton() {
  return (
    <div className="shoot-hero">
      <Skeleton className="shoot-hero__cover" />
      <div className="shoot-hero__intro">
        <Skeleton height="2.4rem" width="70%" />
        <Skeleton height="1rem" width="35%" />
        <Skeleton height="4rem" width="95%" />
      </div>
    </div>
  );
}
