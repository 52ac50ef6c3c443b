import type { PlaydateRoom } from '@velora/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths, routePath } from '@/paths';
import { formatCountdown } from '../use-server-clock';

/**
 * The room when it is not open: before the start (a countdown on the server's clock and the start in this person's
 * time zone), after the end (the replay of a public show), or why it never opened.
 */
export function RoomStatePanel({ room, now, language, host }: { room: PlaydateRoom; now: number; language: string; host: boolean }) {
  const { t } = useTranslation();
  const { playdate } = room;
  const back = host ? (
    <Link className="button button--ghost" to={paths.studio()}>
      {t('playdateRoom.backToStudio')}
    </Link>
  ) : (
    <Link className="button button--ghost" to={routePath('playdates')}>
      {t('playdateRoom.backToPlaydates')}
    </Link>
  );

  if (playdate.status === 'scheduled' && playdate.starts_at !== null) {
    // No timeZone option: the browser's own, i.e. the member's.
    const opens = new Intl.DateTimeFormat(language, { dateStyle: 'full', timeStyle: 'short' }).format(playdate.starts_at * 1000);
    const left = playdate.starts_at - now;
    return (
      <section className="playdate-room__panel" data-testid="playdate-room-scheduled" aria-labelledby="playdate-opens">
        <h2 id="playdate-opens" className="playdate-room__panel-title">
          {t('playdateRoom.scheduled.title', { time: opens })}
        </h2>
        <p className="playdate-room__countdown">
          {left > 0 ? (
            <>
              <span>{t('playdateRoom.scheduled.startsIn')}</span>{' '}
              <time data-testid="playdate-starts-in" dateTime={`PT${left}S`}>
                {formatCountdown(left)}
              </time>
            </>
          ) : (
            <span data-testid="playdate-opening">{t('playdateRoom.scheduled.opening')}</span>
          )}
        </p>
        <p className="playdate-room__text">{t(host ? 'playdateRoom.scheduled.hostText' : 'playdateRoom.scheduled.text')}</p>
        <div className="playdate-room__actions">{back}</div>
      </section>
    );
  }

  if (playdate.status === 'finished') {
    const isPublic = playdate.kind === 'public';
    return (
      <section className="playdate-room__panel" data-testid="playdate-room-finished" aria-labelledby="playdate-ended">
        <h2 id="playdate-ended" className="playdate-room__panel-title">
          {t(isPublic ? 'playdateRoom.finished.publicTitle' : 'playdateRoom.finished.privateTitle')}
        </h2>
        <p className="playdate-room__text">{t(room.role === 'member' && !isPublic ? 'playdateRoom.finished.extending' : 'playdateRoom.finished.text')}</p>
        <div className="playdate-room__actions">
          {isPublic && playdate.replay_path ? (
            <Link className="button button--primary" to={playdate.replay_path} data-testid="playdate-replay-link">
              {t('playdateRoom.finished.replay')}
            </Link>
          ) : null}
          {back}
        </div>
      </section>
    );
  }

  // requested, declined, expired, cancelled, missed (and a scheduled one without a start, which the server never sends).
  const status = playdate.status === 'scheduled' || playdate.status === 'live' ? 'requested' : playdate.status;
  return (
    <section className="playdate-room__panel" data-testid={`playdate-room-${status}`} aria-labelledby="playdate-closed">
      <h2 id="playdate-closed" className="playdate-room__panel-title">
        {t(`playdateRoom.closed.${status}.title`)}
      </h2>
      <p className="playdate-room__text">{t(`playdateRoom.closed.${status}.${host ? 'hostText' : 'text'}`)}</p>
      <div className="playdate-room__actions">{back}</div>
    </section>
  );
}
