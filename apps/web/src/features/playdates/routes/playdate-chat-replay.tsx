import { PlaydateReplayQuery } from '@velora/shared';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Skeleton } from '@/components/skeleton';
import { ErrorState, StatusMessage } from '@/components/status-message';
import { PlaydateChatLog } from '@/entities/playdate/playdate-chat-log';
import { formatPlaydateClock, formatPlaydateTime, timeZoneLabel } from '@/entities/playdate/playdate-time';
import { isApiError } from '@/lib/http';
import { useContentLanguage } from '@/lib/content-language';
import { useChatReplay } from '../api/get-chat-replay';
import '../playdates.css';

/** /playdate-chat-replay?token (public layout): a finished public playdate's chat, for anyone with the link. */
export default function PlaydateChatReplayRoute() {
  const { t } = useTranslation();
  const language = useContentLanguage();
  const [searchParams] = useSearchParams();
  const parsed = PlaydateReplayQuery.safeParse({ token: searchParams.get('token') ?? '' });
  const token = parsed.success ? parsed.data.token : null;
  const replay = useChatReplay(token);

  if (token === null || isApiError(replay.error, 404) || isApiError(replay.error, 400)) {
    return (
      <div className="page playdate-replay" data-testid="replay-invalid">
        <h1 className="page-header__title">{t('routes.playdateChatReplay')}</h1>
        <StatusMessage title={t('playdates.replay.invalidTitle')} text={t('playdates.replay.invalidText')} />
      </div>
    );
  }
  if (replay.isPending) {
    return (
      <div className="page playdate-replay" role="status" aria-label={t('playdates.replay.loading')} data-testid="replay-loading">
        <Skeleton height="2rem" width="60%" />
        <Skeleton height="20rem" />
      </div>
    );
  }
  if (replay.isError) {
    return (
      <div className="page playdate-replay">
        <h1 className="page-header__title">{t('routes.playdateChatReplay')}</h1>
        <ErrorState title={t('playdates.replay.errorTitle')} onRetry={() => void replay.refetch()} />
      </div>
    );
  }
  const { playdate, messages } = replay.data;
  return (
    <div className="page playdate-replay">
      <header className="playdate-replay__header">
        <img className="playdate-replay__image" src={playdate.image} width={900} height={500} alt="" />
        <div>
          <h1 className="page-header__title">{t('playdates.replay.title', { title: playdate.title })}</h1>
          <p className="page-header__subtitle">{t('playdates.replay.with', { name: playdate.model_name })}</p>
          <p className="playdate-card__time">
            <time dateTime={new Date(playdate.starts_at * 1000).toISOString()}>{formatPlaydateTime(playdate.starts_at, language)}</time>
            {' – '}
            <time dateTime={new Date(playdate.ends_at * 1000).toISOString()}>{formatPlaydateClock(playdate.ends_at, language)}</time>
            {' · '}
            {timeZoneLabel(language)}
          </p>
        </div>
      </header>
      <section className="playdate-replay__chat" aria-label={t('playdates.replay.logLabel')}>
        <PlaydateChatLog messages={messages} label={t('playdates.replay.logLabel')} emptyText={t('playdates.replay.empty')} language={language} />
      </section>
    </div>
  );
}
