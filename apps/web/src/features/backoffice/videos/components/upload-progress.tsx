import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import type { UploadState } from './use-video-upload';

/** Bytes in the reader's language: MB below a gigabyte, GB above. */
export function formatBytes(bytes: number, language: string): string {
  const gb = bytes >= 1024 ** 3;
  const value = bytes / (gb ? 1024 ** 3 : 1024 ** 2);
  return new Intl.NumberFormat(language, { style: 'unit', unit: gb ? 'gigabyte' : 'megabyte', maximumFractionDigits: 1 }).format(value);
}

/** The upload's bar, its numbers, and pause / resume; what a refusal or a stop means. */
export function UploadProgress({ state, onPause, onResume }: { state: UploadState; onPause: () => void; onResume: () => void }) {
  const { t, i18n } = useTranslation();
  if (state.phase === 'idle') return null;
  const percent = state.total > 0 ? Math.floor((state.sent / state.total) * 100) : 0;
  const sent = t('boVideos.upload.sent', { sent: formatBytes(state.sent, i18n.language), total: formatBytes(state.total, i18n.language) });
  return (
    <div className="bo-videos__upload" data-testid="upload-progress" data-phase={state.phase}>
      <label className="field__label" htmlFor="video-upload-progress">
        {t('boVideos.upload.progress')}
      </label>
      <progress id="video-upload-progress" className="bo-videos__bar" max={100} value={percent} aria-valuetext={`${percent} %, ${sent}`} />
      <p className="backoffice__muted" aria-live="polite">
        {percent} % · {sent}
      </p>
      {state.phase === 'retrying' ? <FormAlert tone="info">{t('boVideos.upload.retrying')}</FormAlert> : null}
      {state.phase === 'paused' ? <FormAlert tone="info">{t('boVideos.upload.paused')}</FormAlert> : null}
      {state.phase === 'failed' ? <FormAlert tone="error">{t('boVideos.upload.failed')}</FormAlert> : null}
      {state.phase === 'done' ? <FormAlert tone="success">{t('boVideos.upload.done')}</FormAlert> : null}
      {state.phase === 'refused' ? (
        <FormAlert tone="error">{state.status === 413 ? t('boVideos.upload.tooLarge') : t('boVideos.upload.refused', { reason: state.reason ?? String(state.status) })}</FormAlert>
      ) : null}
      <div className="backoffice__row-actions">
        {state.phase === 'uploading' || state.phase === 'retrying' ? (
          <button type="button" className="button" onClick={onPause}>
            {t('boVideos.upload.pause')}
          </button>
        ) : null}
        {state.phase === 'paused' || state.phase === 'failed' ? (
          <button type="button" className="button button--primary" onClick={onResume}>
            {t('boVideos.upload.resume')}
          </button>
        ) : null}
      </div>
    </div>
  );
}
