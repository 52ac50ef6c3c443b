import { useTranslation } from 'react-i18next';
import { useMicrophoneLevel } from '../media/use-microphone-level';

/** A bar that moves as she speaks, so she sees the right microphone is on. */
export function MicrophoneMeter({ stream }: { stream: MediaStream | null }) {
  const { t } = useTranslation();
  const level = useMicrophoneLevel(stream);
  if (level === null) return <p className="studio-note">{t('studio.preview.micLevelUnavailable')}</p>;
  const percent = Math.round(level * 100);
  return (
    <div className="studio-meter">
      <span className="studio-meter__label" id="studio-mic-level">
        {t('studio.preview.micLevel')}
      </span>
      {/* A meter is not announced on every change; the number is there for who asks. */}
      <div className="studio-meter__track" role="meter" aria-labelledby="studio-mic-level" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
        <div className="studio-meter__bar" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
