import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '@/components/select-field';
import { StatusMessage } from '@/components/status-message';
import type { LocalMedia } from '@/lib/webrtc/use-local-media';
import { QUALITIES, QUALITY_IDS, isQualityId } from '@/lib/webrtc/quality';
import { MicrophoneMeter } from './microphone-meter';

/** The video element showing her own camera; mirrored for her only (the stream itself is never flipped). */
function PreviewVideo({ stream, mirrored, label }: { stream: MediaStream | null; mirrored: boolean; label: string }) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.srcObject = stream;
  }, [stream]);
  return (
    <video
      ref={ref}
      className={mirrored ? 'studio-preview__video studio-preview__video--mirrored' : 'studio-preview__video'}
      aria-label={label}
      data-testid="studio-preview-video"
      autoPlay
      muted
      playsInline
    />
  );
}

/** Before the browser asks, and after it refused: what happens and what to do. */
function MediaPrompt({ media }: { media: LocalMedia }) {
  const { t } = useTranslation();
  if (media.status === 'error' && media.problem) {
    return (
      <StatusMessage
        tone="error"
        title={t(`studio.preview.problems.${media.problem}.title`)}
        text={t(`studio.preview.problems.${media.problem}.text`)}
        action={
          media.problem === 'unsupported' ? null : (
            <button type="button" className="button button--primary" onClick={() => void media.start()}>
              {t('common.retry')}
            </button>
          )
        }
      />
    );
  }
  const requesting = media.status === 'requesting';
  return (
    <div className="studio-prompt">
      <h3 className="studio-prompt__title">{t('studio.preview.promptTitle')}</h3>
      <p>{t('studio.preview.prompt')}</p>
      <button type="button" className="button button--primary" disabled={requesting} aria-busy={requesting || undefined} onClick={() => void media.start()}>
        {requesting ? t('studio.preview.starting') : t('studio.preview.start')}
      </button>
    </div>
  );
}

/** Her preview, the device and quality choices and the microphone level. */
export function CameraPreview({ media }: { media: LocalMedia }) {
  const { t } = useTranslation();
  const mirrorId = useId();
  const [mirrored, setMirrored] = useState(true);
  const ready = media.status === 'ready';
  return (
    <div className="studio-preview">
      <div className="studio-preview__frame">
        {ready ? <PreviewVideo stream={media.stream} mirrored={mirrored} label={t('studio.preview.videoLabel')} /> : <MediaPrompt media={media} />}
      </div>
      {ready ? (
        <div className="studio-preview__controls">
          {media.problem ? (
            <p className="form-alert form-alert--error" role="alert">
              {t(`studio.preview.problems.${media.problem}.text`)}
            </p>
          ) : null}
          <div className="studio-grid">
            <SelectField
              label={t('studio.preview.camera')}
              value={media.cameraId ?? ''}
              options={media.cameras.map((c) => ({ value: c.deviceId, label: c.label }))}
              onChange={(event) => void media.chooseCamera(event.target.value)}
            />
            <SelectField
              label={t('studio.preview.microphone')}
              value={media.microphoneId ?? ''}
              options={media.microphones.map((m) => ({ value: m.deviceId, label: m.label }))}
              onChange={(event) => void media.chooseMicrophone(event.target.value)}
            />
          </div>
          <SelectField
            label={t('studio.preview.quality')}
            value={media.quality}
            options={QUALITY_IDS.map((id) => ({
              value: id,
              label: t('studio.preview.qualityOption', { name: id, mbps: QUALITIES[id].maxBitrate / 1_000_000 }),
            }))}
            onChange={(event) => {
              if (isQualityId(event.target.value)) void media.chooseQuality(event.target.value);
            }}
          />
          <p className="studio-note">{t('studio.preview.qualityHint')}</p>
          <MicrophoneMeter stream={media.stream} />
          <div className="studio-check">
            <input id={mirrorId} type="checkbox" checked={mirrored} onChange={(event) => setMirrored(event.target.checked)} />
            <label htmlFor={mirrorId}>{t('studio.preview.mirror')}</label>
          </div>
        </div>
      ) : null}
    </div>
  );
}
