import type { Language, Playdate } from '@velora/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/paths';
import { formatPlaydateClock, formatPlaydateTime } from '@/entities/playdate/playdate-time';
import { Picture } from '@/components/picture';

interface PublicPlaydateCardProps {
  playdate: Playdate;
  language: Language;
  premium: boolean;
  /** A member without premium asks to join: the forbiddance popup. */
  onForbidden: () => void;
  /** Upcoming shows: the reminder toggle. */
  onToggleReminder?: (playdate: Playdate) => void;
  reminderBusy?: boolean;
}

/** A public playdate: its image, model, title and time; "Join" while live, the reminder toggle before. */
export function PublicPlaydateCard({ playdate, language, premium, onForbidden, onToggleReminder, reminderBusy = false }: PublicPlaydateCardProps) {
  const { t } = useTranslation();
  const live = playdate.status === 'live';
  const titleId = `playdate-${playdate.id}-title`;
  return (
    <article className={live ? 'playdate-card playdate-card--live' : 'playdate-card'} aria-labelledby={titleId} data-testid="public-playdate">
      <div className="playdate-card__media">
        <Picture
          className="playdate-card__image"
          src={live ? playdate.image : playdate.image_small}
          variantsOf={playdate.image}
          sizes="(min-width: 1280px) 300px, (min-width: 720px) 45vw, 92vw"
          width={370}
          height={206}
          alt=""
          loading="lazy"
        />
        {live ? <span className="playdate-badge playdate-badge--live">{t('playdates.live.badge')}</span> : null}
      </div>
      <div className="playdate-card__body">
        <h3 id={titleId} className="playdate-card__title">
          {playdate.title}
        </h3>
        <p className="playdate-card__model">{playdate.model.name}</p>
        <p className="playdate-card__time">
          {playdate.starts_at === null ? null : (
            <time dateTime={new Date(playdate.starts_at * 1000).toISOString()}>
              {live && playdate.ends_at !== null ? t('playdates.live.until', { time: formatPlaydateClock(playdate.ends_at, language) }) : formatPlaydateTime(playdate.starts_at, language)}
            </time>
          )}
          {' · '}
          {t('playdates.minutes', { count: playdate.duration_minutes })}
        </p>
        <div className="playdate-card__actions">
          {live ? (
            premium ? (
              <Link className="button button--primary" to={paths.publicPlaydate(playdate.id)} aria-label={t('playdates.live.joinLabel', { title: playdate.title, name: playdate.model.name })}>
                {t('playdates.live.join')}
              </Link>
            ) : (
              <button type="button" className="button button--primary" onClick={onForbidden} aria-label={t('playdates.live.joinLabel', { title: playdate.title, name: playdate.model.name })}>
                {t('playdates.live.join')}
              </button>
            )
          ) : playdate.status === 'finished' && playdate.replay_path !== null ? (
            <Link className="button button--ghost" to={playdate.replay_path} aria-label={t('playdates.recentShows.replayLabel', { title: playdate.title })}>
              {t('playdates.recentShows.replay')}
            </Link>
          ) : onToggleReminder ? (
            <button
              type="button"
              className="chip chip--toggle"
              aria-pressed={playdate.reminder}
              aria-label={t('playdates.upcoming.remindLabel', { title: playdate.title })}
              disabled={reminderBusy}
              onClick={() => onToggleReminder(playdate)}
            >
              {/* One text in both states (the pressed chip shows a check mark): what is seen stays part of the name (WCAG 2.5.3). */}
              {t('playdates.upcoming.remind')}
            </button>
          ) : null}
        </div>
      </div>
    </article>
  );
}
