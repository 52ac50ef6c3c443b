import type { ChatSession } from '@velora/shared';
import { useTranslation } from 'react-i18next';
import { clockText, useClock } from '../use-clock';

interface SessionBarProps {
  session: ChatSession;
  leaving: boolean;
  onLeave: () => void;
  onTip: () => void;
}

/** The open session: paid — minutes and coins so far and the next charge; free — the time left; Leave and Tip. */
export function SessionBar({ session, leaving, onLeave, onTip }: SessionBarProps) {
  const { t } = useTranslation();
  const now = useClock(true);
  const paid = session.kind === 'paid';
  const nextCharge = session.paid_until !== null ? session.paid_until - now : null;
  const freeLeft = session.free_seconds_left !== null ? session.started_at + session.free_seconds_left - now : null;
  return (
    <section className="chat-session-bar" aria-label={t('cameraChat.session.label')} data-testid="session-bar">
      <dl className="chat-session-bar__facts">
        {paid ? (
          <>
            <div>
              <dt>{t('cameraChat.session.minutes')}</dt>
              <dd data-testid="session-minutes">{session.minutes_charged}</dd>
            </div>
            <div>
              <dt>{t('cameraChat.session.coins')}</dt>
              <dd data-testid="session-coins">{session.coins_charged}</dd>
            </div>
            {nextCharge !== null ? (
              <div>
                <dt>{t('cameraChat.session.nextCharge', { count: session.price_per_minute ?? 0 })}</dt>
                {/* Ticks every second: shown, not announced (the log and the alerts carry what matters). */}
                <dd data-testid="session-next-charge" aria-live="off">
                  {clockText(nextCharge)}
                </dd>
              </div>
            ) : null}
          </>
        ) : (
          <div>
            <dt>{t('cameraChat.session.freeLeft')}</dt>
            <dd data-testid="session-free-left" aria-live="off">
              {freeLeft !== null ? clockText(freeLeft) : '–'}
            </dd>
          </div>
        )}
      </dl>
      <div className="chat-session-bar__actions">
        <button type="button" className="button button--secondary button--small" onClick={onTip}>
          {t('coins.tip.button')}
        </button>
        <button type="button" className="button button--ghost button--small" onClick={onLeave} disabled={leaving}>
          {leaving ? t('cameraChat.session.leaving') : t('cameraChat.session.leave')}
        </button>
      </div>
    </section>
  );
}
