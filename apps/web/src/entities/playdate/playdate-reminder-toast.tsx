import type { Language, Playdate } from '@velora/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/paths';
import { formatPlaydateTime } from './playdate-time';
import './playdate.css';

/**
 * "Starting soon" for a playdate the member asked to be reminded of (PLAYDATE_EVENTS.reminder): a polite status
 * region, not a dialog, so it never takes the focus from what he is doing.
 */
export function PlaydateReminderToast({ playdate, language, onDismiss }: { playdate: Playdate | null; language: Language; onDismiss: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="playdate-toast-region" role="status" aria-live="polite" aria-label={t('playdates.reminder.label')}>
      {playdate ? (
        <div className="playdate-toast" data-testid="playdate-reminder">
          <p className="playdate-toast__text">
            {t('playdates.reminder.text', {
              title: playdate.title,
              name: playdate.model.name,
              time: playdate.starts_at === null ? '' : formatPlaydateTime(playdate.starts_at, language),
            })}
          </p>
          <div className="playdate-toast__actions">
            <Link className="button button--primary" to={paths.playdateRoom(playdate.kind, playdate.id)} onClick={onDismiss}>
              {t('playdates.reminder.enter')}
            </Link>
            <button type="button" className="button button--ghost" onClick={onDismiss}>
              {t('playdates.reminder.dismiss')}
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
