import type { VideoDetail } from '@velora/shared';
import type { KeyboardEvent, ReactNode, RefObject } from 'react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadHls } from '@/entities/video-player/use-hls-source';
import { useVideo } from '../api/get-video';
import type { LockReason } from './player-stage';
import { PlayerStage } from './player-stage';
import { SimilarVideos } from './similar-videos';
import { VideoInfo } from './video-info';
import '@/components/tooltip.css';
import '../theater.css';

export interface TheaterPlayerProps {
  videoId: number;
  /** Theater mode over the page, or docked in a corner (picture-in-picture). */
  mode: 'theater' | 'docked';
  onClose: () => void;
  onDock: () => void;
  onExpand: () => void;
  /** Why a video that does not play is locked for this member (premium needed, trailers only). */
  lockReason: LockReason;
  /** The comments of the video (another feature; the app composes it in). */
  renderComments?: (video: VideoDetail) => ReactNode;
}

/** For a card's prefetch (decision record 053): with this chunk evaluated, hls.js is fetched and evaluated too. */
export const preloadPlayerLibrary = loadHls;

/** The similar videos and comments wait for the player's first frame at most this long (decision record 057). */
const DETAILS_WAIT_MS = 1200;

/**
 * Whether the similar videos and comments may render: once the player has its first frame, or after a moment. On
 * the press they would fetch, load a chunk, render and decode pictures at the same time as the video starts; on a
 * busy device that took hundreds of milliseconds from the first frame. Once shown they stay for the visit of the
 * player (a similar video opened in place does not hide them again).
 */
function useDetailsAfterFirstFrame(panelRef: RefObject<HTMLElement | null>, waiting: boolean): boolean {
  const [shown, setShown] = useState(false);
  const wait = waiting && !shown;
  useEffect(() => {
    if (!wait) return undefined;
    const panel = panelRef.current;
    const show = () => setShown(true);
    const timer = window.setTimeout(show, DETAILS_WAIT_MS);
    // Media events do not bubble, but they pass the panel on their way down (capture).
    panel?.addEventListener('loadeddata', show, true);
    return () => {
      window.clearTimeout(timer);
      panel?.removeEventListener('loadeddata', show, true);
    };
  }, [panelRef, wait]);
  return !wait;
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), textarea:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

function Icon({ d }: { d: string }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d={d} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
/** The page's main region (focusable in this app's layout). */
function focusPage() {
  document.querySelector<HTMLElement>('main')?.focus({ preventScroll: true });
}

const CLOSE_ICON = 'M6 6l12 12M18 6L6 18';
const DOCK_ICON = 'M4 6h16v12H4zM12 12h6v4h-6z';
const EXPAND_ICON = 'M14 4h6v6M10 20H4v-6M20 4l-7 7M4 20l7-7';

/**
 * The theater player. In theater mode it is a modal dialog over the page: focus moves in and
 * stays in, Escape closes, focus returns where it was. Docked, it is a small region in a corner
 * that lets the page be used; the same <video> keeps playing through both modes.
 */
export default function TheaterPlayer({ videoId, mode, onClose, onDock, onExpand, lockReason, renderComments }: TheaterPlayerProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const panelRef = useRef<HTMLElement>(null);
  const detail = useVideo(videoId);
  const video = detail.data;
  const expanded = mode === 'theater';
  const title = video?.title ?? t('player.theaterLabel');
  // A video that does not play here (locked, still transcoding, missing) has no first frame to wait for.
  const detailsShown = useDetailsAfterFirstFrame(panelRef, video === undefined || (video.playable && video.hls_url !== null));

  // Focus in on opening theater mode (and on a new video), back to where it was on leaving it.
  useEffect(() => {
    if (!expanded) return undefined;
    const panel = panelRef.current;
    const previous = document.activeElement instanceof HTMLElement && !panel?.contains(document.activeElement) ? document.activeElement : null;
    panel?.focus({ preventScroll: true });
    panel?.scrollTo?.({ top: 0 });
    return () => {
      const active = document.activeElement;
      if (active && active !== document.body && !panel?.contains(active)) return;
      if (previous?.isConnected) previous.focus({ preventScroll: true });
      else focusPage();
    };
  }, [expanded, videoId]);

  // Closing the docked player takes its focused button away: the page gets the focus, not nobody.
  useEffect(
    () => () => {
      if (!document.activeElement || document.activeElement === document.body) focusPage();
    },
    [],
  );

  // The page under the theater does not scroll.
  useEffect(() => {
    if (!expanded) return undefined;
    const root = document.documentElement;
    const before = root.style.overflow;
    root.style.overflow = 'hidden';
    return () => {
      root.style.overflow = before;
    };
  }, [expanded]);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const panel = panelRef.current;
    // Keys from portals (a dialog opened from inside) bubble here through React; they are not ours.
    if (!expanded || !panel || event.defaultPrevented || !panel.contains(event.target as Node)) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
    } else if (event.key === 'Tab') {
      const focusables = [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0 || el === document.activeElement);
      const first = focusables[0];
      const last = focusables[focusables.length - 1];
      if (!first || !last) return;
      if (event.shiftKey && (document.activeElement === first || document.activeElement === panel)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    }
  };

  return (
    <div className={`theater theater--${mode}`} data-testid="theater">
      <section
        ref={panelRef}
        className="theater__panel"
        role={expanded ? 'dialog' : 'region'}
        aria-modal={expanded || undefined}
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <div className="theater__bar">
          {expanded ? (
            <p className="theater__eyebrow">{t('player.theaterLabel')}</p>
          ) : (
            <h2 id={titleId} className="theater__mini-title">
              <span className="visually-hidden">{t('player.miniPlayer')}:</span> {title}
            </h2>
          )}
          <div className="theater__actions">
            {expanded ? (
              <button type="button" className="icon-button theater__action" onClick={onDock} aria-label={t('player.dock')} data-tooltip={t('player.dock')} data-tooltip-side="bottom" data-tooltip-align="end">
                <Icon d={DOCK_ICON} />
              </button>
            ) : (
              <button type="button" className="icon-button theater__action" onClick={onExpand} aria-label={t('player.expand')} data-tooltip={t('player.expand')} data-tooltip-side="bottom" data-tooltip-align="end">
                <Icon d={EXPAND_ICON} />
              </button>
            )}
            <button type="button" className="icon-button theater__action" onClick={onClose} aria-label={t('player.close')} data-tooltip={t('player.close')} data-tooltip-side="bottom" data-tooltip-align="end">
              <Icon d={CLOSE_ICON} />
            </button>
          </div>
        </div>
        <div className="theater__stage">
          <PlayerStage
            videoId={videoId}
            detail={detail}
            docked={!expanded}
            lockReason={lockReason}
            onBrowserPictureInPicture={(active) => {
              // The browser's own picture-in-picture window frees the page like docking does.
              if (active) onDock();
            }}
          />
        </div>
        {expanded ? (
          <div className="theater__details">
            <div className="theater__main">
              {video ? (
                <VideoInfo video={video} titleId={titleId} />
              ) : (
                <h2 id={titleId} className="video-info__title">
                  {title}
                </h2>
              )}
              {video && renderComments && detailsShown ? renderComments(video) : null}
            </div>
            <aside className="theater__aside">{detailsShown ? <SimilarVideos videoId={videoId} /> : null}</aside>
          </div>
        ) : null}
      </section>
    </div>
  );
}
