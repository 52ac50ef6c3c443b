import type { PlaydateRef } from '@velora/shared';
import { useTranslation } from 'react-i18next';
import { useContentLanguage } from '@/lib/content-language';
import { usePlaydateCameras } from '../api/get-playdate-cameras';

/** Above a playdate's offline messages: which playdate (title, kind, date, model) and whom the messages reach. */
export function PlaydateDetails({ playdateId, playdate }: { playdateId: number; playdate: PlaydateRef | null }) {
  const { t } = useTranslation();
  const language = useContentLanguage();
  const cameras = usePlaydateCameras(playdateId);
  const shown = playdate ?? cameras.data?.playdate ?? null;
  return (
    <div className="playdate-details" data-testid="playdate-details">
      {shown ? (
        <>
          <p className="eyebrow">
            {t('messages.playdate.eyebrow')} · {t(`messages.playdate.kinds.${shown.kind}`)}
          </p>
          <p className="playdate-details__title">{shown.title}</p>
          <p className="playdate-details__when">
            {t('messages.playdate.when', {
              date: new Intl.DateTimeFormat(language, { dateStyle: 'full', timeStyle: 'short' }).format(shown.starts_at),
              model: shown.model.name_en,
            })}
          </p>
        </>
      ) : null}
      {cameras.isError ? (
        <p className="conversation__note">{t('messages.playdate.recipientsFailed')}</p>
      ) : cameras.data && cameras.data.cameras.length > 0 ? (
        <div className="playdate-details__recipients">
          <span>{t('messages.playdate.recipients')}</span>
          <ul className="playdate-details__cameras">
            {cameras.data.cameras.map((camera) => (
              <li key={camera.name} className="playdate-details__camera">
                <span className={['presence', camera.is_online ? 'presence--online' : ''].filter(Boolean).join(' ')} aria-hidden="true" />
                {camera.display_name}
                <span className="visually-hidden"> ({camera.is_online ? t('messages.playdate.online') : t('messages.playdate.offline')})</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
