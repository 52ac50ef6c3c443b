import type { BoShootSummary } from '@velora/shared';
import { useTranslation } from 'react-i18next';
import { formatTime } from './catalog-helpers';

/** A shoot's state as a badge and, once it has one, its time. */
export function ShootState({ shoot }: { shoot: Pick<BoShootSummary, 'state' | 'published_at'> }) {
  const { t, i18n } = useTranslation();
  const time = shoot.published_at === null ? null : formatTime(shoot.published_at, i18n.language);
  return (
    <span className="bo-catalog__state">
      <span className={`bo-catalog__badge bo-catalog__badge--${shoot.state}`}>{t(`boCatalog.states.${shoot.state}`)}</span>
      {time ? <span className="backoffice__muted"> {shoot.state === 'scheduled' ? t('boCatalog.shoots.at', { time }) : t('boCatalog.shoots.since', { time })}</span> : null}
    </span>
  );
}
