import { useTranslation } from 'react-i18next';
import type { ConnectionHealth, HealthVerdict } from '../media/connection-health';

/** The numbers of her connection and one word for them, so she knows whether to lower the quality. */
export function ConnectionHealthCard({ health, verdict }: { health: ConnectionHealth | null; verdict: HealthVerdict | null }) {
  const { t } = useTranslation();
  const unknown = t('studio.health.unknown');
  const rows: [string, string][] = [
    [t('studio.health.bitrate'), health?.bitrate == null ? unknown : t('studio.health.mbps', { value: health.bitrate / 1_000_000 })],
    [t('studio.health.fps'), health?.framesPerSecond == null ? unknown : t('studio.health.number', { value: Math.round(health.framesPerSecond) })],
    [t('studio.health.resolution'), health?.width == null || health.height == null ? unknown : `${health.width} × ${health.height}`],
    [t('studio.health.loss'), health?.packetLoss == null ? unknown : t('studio.health.percent', { value: health.packetLoss })],
    [t('studio.health.rtt'), health?.roundTripTime == null ? unknown : t('studio.health.ms', { value: Math.round(health.roundTripTime * 1000) })],
  ];
  return (
    <section className="studio-health" aria-labelledby="studio-health-title" data-testid="studio-health">
      <h3 id="studio-health-title" className="studio-health__title">
        {t('studio.health.title')}
        {verdict ? (
          <span className={`studio-verdict studio-verdict--${verdict}`} data-testid="studio-health-verdict">
            {t(`studio.health.verdict.${verdict}`)}
          </span>
        ) : null}
      </h3>
      {verdict && verdict !== 'good' ? <p className="studio-note">{t(`studio.health.advice.${verdict}`)}</p> : null}
      <dl className="studio-health__list">
        {rows.map(([label, value]) => (
          <div key={label} className="studio-health__row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
