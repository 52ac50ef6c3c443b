import type { Language, PlaydateCamera } from '@velora/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/paths';
import { formatPlaydateTime } from '@/entities/playdate/playdate-time';
import { Picture } from '@/components/picture';

interface PlaydateCameraCardProps {
  camera: PlaydateCamera;
  language: Language;
  premium: boolean;
  onForbidden: () => void;
}

/** A model taking private requests: portrait, price per minute, durations, live badge, next free start, "Request". */
export function PlaydateCameraCard({ camera, language, premium, onForbidden }: PlaydateCameraCardProps) {
  const { t } = useTranslation();
  const titleId = `playdate-camera-${camera.camera_id}`;
  const label = t('playdates.cameras.requestLabel', { name: camera.model.name });
  return (
    <article className="playdate-model" aria-labelledby={titleId} data-testid="playdate-camera">
      <div className="playdate-model__media">
        <Picture className="playdate-model__image" src={camera.image} sizes="(max-width: 440px) 92vw, 220px" width={510} height={660} alt="" loading="lazy" />
        {camera.live ? <span className="playdate-badge playdate-badge--live">{t('playdates.cameras.live')}</span> : null}
      </div>
      <div className="playdate-model__body">
        <h3 id={titleId} className="playdate-card__title">
          <Link className="text-link" to={camera.camera_name ? paths.camera(camera.camera_name) : paths.modelProfile(camera.model.id)}>
            {camera.model.name}
          </Link>
        </h3>
        <p className="playdate-model__price">{t('playdates.cameras.pricePerMinute', { count: camera.price_per_minute })}</p>
        <p className="playdate-card__model">{t('playdates.cameras.durations', { list: camera.durations.join(', ') })}</p>
        <p className="playdate-card__time">
          {camera.next_slot !== null ? t('playdates.cameras.nextSlot', { time: formatPlaydateTime(camera.next_slot, language) }) : t('playdates.cameras.noSlot')}
        </p>
        {premium ? (
          <Link className="button button--primary" to={paths.requestPrivatePlaydate(camera.camera_id)} aria-label={label}>
            {t('playdates.cameras.request')}
          </Link>
        ) : (
          <button type="button" className="button button--primary" onClick={onForbidden} aria-label={label}>
            {t('playdates.cameras.request')}
          </button>
        )}
      </div>
    </article>
  );
}
