import type { CameraDetail } from '@velora/shared';
import { CAMERA_NAME_PATTERN, clampPage, roomName } from '@velora/shared';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useParams, useSearchParams } from 'react-router';
import { paths, routePath } from '@/paths';
import { CameraStateBadge, ChatModeBadge } from '@/entities/camera/camera-card';
import { CameraLoadError } from '@/entities/camera/camera-load-error';
import { formatShowTime } from '@/entities/camera/show-time';
import { FavouriteButton } from '@/entities/favourite/favourite-button';
import { CameraPlaydates } from '@/entities/playdate/camera-playdates';
import { ShootGrid, ShootGridSkeleton } from '@/entities/shoot/shoot-card';
import { VideoGrid, VideoGridSkeleton } from '@/entities/video/video-grid';
import { Pagination } from '@/components/pagination';
import { showPopup } from '@/components/popups/popup-store';
import { Skeleton } from '@/components/skeleton';
import { ErrorState, StatusMessage } from '@/components/status-message';
import { tagName, useContentLanguage } from '@/lib/content-language';
import { useRealtimeRoom } from '@/lib/realtime';
import { useCamera } from '../api/get-camera';
import { useCameraPhotos, useCameraVideos } from '../api/get-camera-media';
import { useCameraStatusUpdates } from '../api/use-camera-status';
import { CameraSchedule } from '../components/camera-schedule';
import { cameraPageShown, offerCameraFeedback } from '../camera-feedback';
import { LivePlayer } from '../components/live-player';
import '../cameras.css';

export type CameraTab = 'live' | 'photos' | 'videos';

const cameraName = (value: string | undefined): string | null => (value !== undefined && CAMERA_NAME_PATTERN.test(value) ? value : null);

/** /camera/{name}, /camera/{name}/photos, /camera/{name}/videos: the live room, her schedule and her work. */
export function CameraPage({ tab }: { tab: CameraTab }) {
  const { t } = useTranslation();
  const name = cameraName(useParams().name);
  const camera = useCamera(name);

  if (name === null || camera.isError) {
    return <CameraLoadError error={name === null ? null : camera.error} errorTitle={t('cameras.detailErrorTitle')} onRetry={() => void camera.refetch()} />;
  }
  if (camera.isPending) {
    return (
      <div className="page" role="status" aria-label={t('cameras.loadingOne')} data-testid="detail-loading">
        <div aria-hidden="true" className="camera-page__layout">
          <Skeleton className="camera-stage" />
          <Skeleton height="12rem" />
        </div>
      </div>
    );
  }
  return <CameraView camera={camera.data} tab={tab} />;
}

function CameraView({ camera, tab }: { camera: CameraDetail; tab: CameraTab }) {
  const { t } = useTranslation();
  const language = useContentLanguage();
  const live = camera.state === 'live';
  const [announcement, setAnnouncement] = useState('');
  // Once the video was on screen it stays, so it can say the show ended (and pick up again if she comes back).
  const [playerShown, setPlayerShown] = useState(false);
  const [paidRequired, setPaidRequired] = useState(false);
  // The server's answer changed (she went free, he paid elsewhere): the player's last refusal no longer holds.
  useEffect(() => setPaidRequired(false), [camera.watch, camera.chat_mode]);
  const canWatch = live && camera.watch === 'allowed' && !paidRequired;
  useEffect(() => {
    if (canWatch) setPlayerShown(true);
  }, [canWatch]);
  // product §2 camera-feedback: asked when the show ends on screen and when she leaves the page, after 60 s watched.
  const feedbackFor = { name: camera.name, display_name: camera.display_name };
  const feedbackRef = useRef(feedbackFor);
  feedbackRef.current = feedbackFor;
  useEffect(() => {
    if (!canWatch) void offerCameraFeedback(feedbackRef.current);
  }, [canWatch]);
  useEffect(() => cameraPageShown(feedbackRef.current), [camera.name]);

  useCameraStatusUpdates((update, previous) => {
    if (update.id !== camera.id || previous === null || previous === update.state) return;
    if (update.state === 'live') setAnnouncement(t('cameras.nowLive', { name: update.display_name }));
    else if (previous === 'live') setAnnouncement(t('cameras.player.ended'));
  });

  // In her room while she is on air (presence); "watching" is the camera's own count, as the list shows it: members
  // her video reaches (decision record 061), not members who have the page open.
  useRealtimeRoom(live ? roomName('camera', camera.id) : null);
  const viewers = live ? camera.viewers : 0;
  const paidHref = routePath('chat', { name: camera.name });
  const freeHref = routePath('freeChat', { name: camera.name });
  const showPaidCall = live && (camera.watch === 'paid_chat_required' || paidRequired);

  return (
    <div className="page camera-page">
      <p className="visually-hidden" role="status" aria-live="polite" data-testid="camera-announcement">
        {announcement}
      </p>
      <header className="camera-page__header">
        <div>
          <p className="camera-page__state">
            <CameraStateBadge camera={camera} language={language} />
            {live ? <span data-testid="camera-viewers">{t('cameras.viewers', { count: viewers })}</span> : null}
          </p>
          <h1 className="page-header__title">{camera.display_name}</h1>
          {camera.title ? <p className="page-header__subtitle">{camera.title}</p> : null}
        </div>
        <FavouriteButton kind="camera" id={camera.id} initial={camera.is_favourite} className="favourite--large" />
      </header>

      <div className="camera-page__layout">
        <div className="camera-page__main">
          <div className="camera-stage" data-testid="camera-stage">
            {canWatch || (playerShown && !showPaidCall) ? (
              <LivePlayer
                name={camera.name}
                label={t('cameras.player.label', { name: camera.display_name })}
                live={canWatch}
                poster={camera.preview}
                onPaidChatRequired={() => setPaidRequired(true)}
              />
            ) : live && camera.watch === 'restricted' ? (
              <div className="camera-stage__still" data-testid="camera-restricted">
                <img src={camera.cover} width={640} height={360} alt={t('cameras.coverAlt', { name: camera.display_name })} />
                <div className="camera-stage__call">
                  <p>{t('cameras.restricted')}</p>
                </div>
              </div>
            ) : showPaidCall ? (
              <div className="camera-stage__still" data-testid="camera-paid">
                <img src={camera.preview} width={640} height={360} alt={t('cameras.previewAlt', { name: camera.display_name })} />
                <div className="camera-stage__call">
                  <p>{t('cameras.paidCall', { name: camera.display_name })}</p>
                  <Link className="button button--primary" to={paidHref}>
                    {t('cameras.chat.paidCta', { count: camera.price_per_minute ?? 0 })}
                  </Link>
                </div>
              </div>
            ) : (
              <div className="camera-stage__still" data-testid="camera-offline">
                <img src={camera.cover} width={640} height={360} alt={t('cameras.coverAlt', { name: camera.display_name })} />
                <div className="camera-stage__call">
                  <p>
                    {camera.next_show_at !== null
                      ? t('cameras.nextShow', { name: camera.display_name, time: formatShowTime(camera.next_show_at, language) })
                      : t('cameras.noShowPlanned')}
                  </p>
                </div>
              </div>
            )}
          </div>
          {!live && playerShown ? (
            <p className="camera-page__next">
              {camera.next_show_at !== null
                ? t('cameras.nextShow', { name: camera.display_name, time: formatShowTime(camera.next_show_at, language) })
                : t('cameras.noShowPlanned')}
            </p>
          ) : null}
          <p className="camera-page__meta">
            <ChatModeBadge camera={camera} />
          </p>
          {camera.description ? <p className="camera-page__description">{camera.description}</p> : null}
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

        <aside className="camera-side" aria-label={t('cameras.aboutLabel', { name: camera.display_name })}>
          <section className="camera-side__block" aria-labelledby="camera-ways-title">
            <h2 id="camera-ways-title" className="camera-side__title">
              {live ? t('cameras.waysIn') : t('cameras.support', { name: camera.display_name })}
            </h2>
            <div className="camera-side__actions">
              {/* The chats open while she is on air (the chat screens say the rest). */}
              {live && camera.chat_mode === 'free' ? (
                <Link className="button button--primary" to={freeHref}>
                  {t('cameras.chat.freeCta')}
                </Link>
              ) : null}
              {live && camera.chat_mode === 'paid' ? (
                <Link className="button button--primary" to={paidHref}>
                  {t('cameras.chat.paidCta', { count: camera.price_per_minute ?? 0 })}
                </Link>
              ) : null}
              {/* The tip popup belongs to features/coins; its data is the model to tip. */}
              <button type="button" className="button button--secondary" onClick={() => showPopup('model-tip', { model_id: camera.model.id, model_name: camera.display_name })}>
                {t('coins.tip.button')}
              </button>
            </div>
          </section>
          <section className="camera-side__block camera-model" aria-labelledby="camera-model-title">
            <img className="camera-model__image" src={camera.model.image_square} width={96} height={96} alt="" />
            <div>
              <h2 id="camera-model-title" className="camera-side__title">
                <Link to={paths.modelProfile(camera.model.id)}>{camera.model.name_en}</Link>
              </h2>
              <p className="camera-side__muted">
                {[camera.model.country, t('catalog.videoCount', { count: camera.model.video_count }), t('catalog.shootCount', { count: camera.model.shoot_count })]
                  .filter(Boolean)
                  .join(' · ')}
              </p>
            </div>
          </section>
          <CameraPlaydates cameraId={camera.id} modelName={camera.display_name} language={language} />
          <CameraSchedule shows={camera.schedule} language={language} />
        </aside>
      </div>

      <nav className="subnav" aria-label={t('cameras.sections', { name: camera.display_name })}>
        <ul className="subnav__list">
          <li>
            <NavLink className="subnav__link" to={paths.camera(camera.name)} end>
              {t('cameras.tabs.live')}
            </NavLink>
          </li>
          <li>
            <NavLink className="subnav__link" to={routePath('cameraPhotos', { name: camera.name })} end>
              {t('cameras.tabs.photos')}
            </NavLink>
          </li>
          <li>
            <NavLink className="subnav__link" to={routePath('cameraVideos', { name: camera.name })} end>
              {t('cameras.tabs.videos')}
            </NavLink>
          </li>
        </ul>
      </nav>
      {tab === 'photos' ? <CameraPhotos camera={camera} /> : null}
      {tab === 'videos' ? <CameraVideos camera={camera} /> : null}
    </div>
  );
}

function usePage() {
  const [searchParams] = useSearchParams();
  const page = clampPage(searchParams.get('page') ?? 1);
  const hrefFor = (target: number) => (target > 1 ? `?page=${target}` : '?');
  return { page, hrefFor };
}

function CameraPhotos({ camera }: { camera: CameraDetail }) {
  const { t } = useTranslation();
  const language = useContentLanguage();
  const { page, hrefFor } = usePage();
  const photos = useCameraPhotos(camera.name, page);
  if (photos.isPending) return <ShootGridSkeleton count={4} />;
  if (photos.isError && !photos.data) return <ErrorState title={t('shoots.errorTitle')} onRetry={() => void photos.refetch()} />;
  if (photos.data.shoots.length === 0) return <StatusMessage title={t('modelProfile.noShoots', { name: camera.model.name_en })} />;
  return (
    <section aria-label={t('cameras.tabs.photos')} data-testid="camera-photos">
      <ShootGrid shoots={photos.data.shoots} language={language} busy={photos.isPlaceholderData && photos.isFetching} />
      <Pagination page={photos.data.params.page} pages={photos.data.pages} hrefFor={hrefFor} />
    </section>
  );
}

function CameraVideos({ camera }: { camera: CameraDetail }) {
  const { t } = useTranslation();
  const language = useContentLanguage();
  const { page, hrefFor } = usePage();
  const videos = useCameraVideos(camera.name, page);
  if (videos.isPending) return <VideoGridSkeleton count={4} />;
  if (videos.isError && !videos.data) return <ErrorState title={t('videos.errorTitle')} onRetry={() => void videos.refetch()} />;
  if (videos.data.videos.length === 0) return <StatusMessage title={t('modelProfile.noVideos', { name: camera.model.name_en })} />;
  return (
    <section aria-label={t('cameras.tabs.videos')} data-testid="camera-videos">
      <VideoGrid videos={videos.data.videos} language={language} busy={videos.isPlaceholderData && videos.isFetching} />
      <Pagination page={videos.data.params.page} pages={videos.data.pages} hrefFor={hrefFor} />
    </section>
  );
}

export default function CameraRoute() {
  return <CameraPage tab="live" />;
}
export const CameraPhotosRoute = () => <CameraPage tab="photos" />;
export const CameraVideosRoute = () => <CameraPage tab="videos" />;
