import type { StudioChat } from '@velora/shared';
import { useTranslation } from 'react-i18next';
import { useContentLanguage } from '@/lib/content-language';

/** The current (or last) show's earnings: paid minutes, chat coins, tip coins and her share. */
export function ChatEarnings({ earnings }: { earnings: StudioChat['earnings'] }) {
  const { t } = useTranslation();
  const language = useContentLanguage();
  const number = new Intl.NumberFormat(language);
  const since = earnings.since === null ? null : new Date(earnings.since * 1000);
  const rows = [
    ['paidMinutes', earnings.paid_minutes],
    ['chatCoins', earnings.chat_coins],
    ['tipCoins', earnings.tip_coins],
    ['share', earnings.model_coins],
  ] as const;
  return (
    <section className="studio-chat__section" aria-labelledby="studio-chat-earnings-title" data-testid="chat-earnings">
      <h3 id="studio-chat-earnings-title" className="studio-chat__subtitle">
        {t('studioChat.earnings.title')}
      </h3>
      {since ? (
        <p className="studio-chat__muted">
          {t('studioChat.earnings.since')}{' '}
          <time dateTime={since.toISOString()}>{new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(since)}</time>
        </p>
      ) : (
        <p className="studio-chat__muted">{t('studioChat.earnings.none')}</p>
      )}
      <dl className="studio-chat__figures">
        {rows.map(([key, value]) => (
          <div key={key} className={key === 'share' ? 'studio-chat__figure studio-chat__figure--share' : 'studio-chat__figure'}>
            <dt>{t(`studioChat.earnings.${key}`)}</dt>
            <dd data-testid={`chat-earnings-${key}`}>{number.format(value)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
