import type { VideoDetail } from '@velora/shared';
import { useEffect, useId, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { UP_NEXT_SECONDS } from '../use-up-next';

interface UpNextProps {
  video: VideoDetail;
  remaining: number;
  onPlayNow: () => void;
  onCancel: () => void;
}

/**
 * The countdown over a finished video: which video comes next, in how many seconds, and the way to start it
 * now or stay. Announced once, politely; the seconds ticking by are only shown.
 */
export function UpNextCountdown({ video, remaining, onPlayNow, onCancel }: UpNextProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const playRef = useRef<HTMLButtonElement>(null);
  const sectionRef = useRef<HTMLElement>(null);

  // Someone working the player by keyboard lands on the choice; focus elsewhere on the page is left alone.
  useEffect(() => {
    const root = playRef.current?.closest('.video-player');
    if (root && root.contains(document.activeElement)) playRef.current?.focus({ preventScroll: true });
  }, []);

  // The buttons go away with the countdown (cancelled, autoplay switched off): focus stays in the player.
  useLayoutEffect(() => {
    const section = sectionRef.current;
    const root = section?.closest<HTMLElement>('.video-player');
    return () => {
      if (section?.contains(document.activeElement) && root?.isConnected) root.focus({ preventScroll: true });
    };
  }, []);

  return (
    <section ref={sectionRef} className="up-next" aria-labelledby={titleId} data-testid="up-next">
      <p className="visually-hidden" role="status">
        {t('player.upNextAnnounce', { title: video.title, count: UP_NEXT_SECONDS })}
      </p>
      <img className="up-next__thumb" src={video.thumbnail_small} alt="" width={370} height={206} />
      <div className="up-next__body">
        <p className="up-next__eyebrow" id={titleId}>
          {t('player.upNext')}
        </p>
        <p className="up-next__title">{video.title}</p>
        <p className="up-next__count" aria-hidden="true">
          {t('player.upNextIn', { count: remaining })}
        </p>
        <div className="up-next__actions">
          <button ref={playRef} type="button" className="button button--primary button--small" onClick={onPlayNow}>
            {t('player.upNextPlayNow')}
          </button>
          <button type="button" className="button button--secondary button--small" onClick={onCancel}>
            {t('player.upNextCancel')}
          </button>
        </div>
      </div>
    </section>
  );
}
