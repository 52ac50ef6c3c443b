import type { CameraShow, Language } from '@velora/shared';
import { useTranslation } from 'react-i18next';

/** Upcoming shows in the page language and the browser's time zone. */
export function CameraSchedule({ shows, language }: { shows: readonly CameraShow[]; language: Language }) {
  const { t } = useTranslation();
  const day = new Intl.DateTimeFormat(language, { weekday: 'long', day: 'numeric', month: 'long' });
  const time = new Intl.DateTimeFormat(language, { timeStyle: 'short' });
  return (
    <section className="camera-side__block" aria-labelledby="camera-schedule-title">
      <h2 id="camera-schedule-title" className="camera-side__title">
        {t('cameras.schedule.title')}
      </h2>
      {shows.length === 0 ? (
        <p className="camera-side__muted">{t('cameras.schedule.none')}</p>
      ) : (
        <ul className="camera-schedule" data-testid="camera-schedule">
          {shows.map((show) => {
            const start = new Date(show.starts_at * 1000);
            const end = new Date(show.ends_at * 1000);
            return (
              <li key={show.id} className="camera-schedule__item">
                <time className="camera-schedule__day" dateTime={start.toISOString()}>
                  {day.format(start)}
                </time>
                <span className="camera-schedule__time">
                  {t('cameras.schedule.range', { from: time.format(start), to: time.format(end) })}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
