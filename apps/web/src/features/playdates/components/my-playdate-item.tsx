import type { Language, Playdate } from '@velora/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/paths';
import { showPopup } from '@/components/popups/popup-store';
import { formatCountdown, formatPlaydateTime, useServerCountdown } from '@/entities/playdate/playdate-time';

interface MyPlaydateItemProps {
  playdate: Playdate;
  language: Language;
  onCancel: (playdate: Playdate) => void;
}

/**
 * One of the member's private playdates with its state said plainly: what is held, paid, released or refunded, and
 * the one thing to do next (cancel, enter the room, extend, rate it).
 */
export function MyPlaydateItem({ playdate, language, onCancel }: MyPlaydateItemProps) {
  const { t } = useTranslation();
  const { status } = playdate;
  const coins = t('playdates.coins', { count: playdate.coins });
  const expiresIn = useServerCountdown(status === 'requested' ? playdate.expires_at : null, null);
  const extendLeft = useServerCountdown(status === 'finished' ? playdate.extendable_until : null, null);
  const titleId = `my-playdate-${playdate.id}`;
  const minutes = t('playdates.minutes', { count: playdate.duration_minutes });
  // A playdate that cost nothing (one the team gave) says its length only, not "0 coins paid".
  const explain =
    status === 'finished'
      ? playdate.coins > 0
        ? t('playdates.explain.finished', { minutes, coins })
        : minutes
      : t(`playdates.explain.${status}`, { coins });

  return (
    <li className={`my-playdate my-playdate--${status}`} aria-labelledby={titleId} data-testid="my-playdate">
      <img className="my-playdate__avatar" src={playdate.model.avatar} width={64} height={64} alt="" loading="lazy" />
      <div className="my-playdate__body">
        <h3 id={titleId} className="playdate-card__title">
          {t('playdates.mine.with', { name: playdate.model.name })}
          <span className={`playdate-status playdate-status--${status}`} data-testid="my-playdate-status">
            {t(`playdates.status.${status}`)}
          </span>
        </h3>
        <p className="playdate-card__time">
          {t('playdates.minutes', { count: playdate.duration_minutes })}
          {' · '}
          {status === 'requested'
            ? t('playdates.mine.wished', { time: playdate.starts_at === null ? t('playdates.mine.asap') : formatPlaydateTime(playdate.starts_at, language) })
            : playdate.starts_at !== null
              ? t('playdates.mine.starts', { time: formatPlaydateTime(playdate.starts_at, language) })
              : t('playdates.mine.asap')}
        </p>
        <p className="my-playdate__explain">{explain}</p>
        {expiresIn !== null && expiresIn > 0 ? <p className="playdate-card__time">{t('playdates.mine.expiresIn', { left: formatCountdown(expiresIn) })}</p> : null}
        <div className="playdate-card__actions">
          {status === 'live' ? (
            <Link className="button button--primary" to={paths.privatePlaydate(playdate.id)}>
              {t('playdates.mine.enterRoom')}
            </Link>
          ) : null}
          {status === 'requested' || status === 'scheduled' ? (
            <button type="button" className="button button--secondary" onClick={() => onCancel(playdate)} aria-label={t('playdates.mine.cancelLabel', { name: playdate.model.name })}>
              {status === 'requested' ? t('playdates.mine.cancel') : t('playdates.mine.cancelPlaydate')}
            </button>
          ) : null}
          {status === 'finished' && extendLeft !== null && extendLeft > 0 ? (
            <Link className="button button--primary" to={paths.extendPlaydate(playdate.id)}>
              {t('playdates.mine.extend')}
            </Link>
          ) : null}
          {status === 'finished' ? (
            <button type="button" className="button button--secondary" onClick={() => showPopup('playdate-feedback', { playdate_id: playdate.id })}>
              {t('playdates.mine.feedback')}
            </button>
          ) : null}
          {playdate.replay_path ? (
            <Link className="text-link" to={playdate.replay_path}>
              {t('playdates.mine.replay')}
            </Link>
          ) : null}
          {status === 'finished' || status === 'live' || status === 'scheduled' ? (
            <Link className="text-link" to={paths.playdateMessages(playdate.id)}>
              {t('playdates.mine.messages')}
            </Link>
          ) : null}
        </div>
      </div>
    </li>
  );
}
