import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** The video file input: the server judges what the file holds (ffprobe); `accept` only narrows the picker. */
export function VideoFileField({ onFile, error, disabled }: { onFile: (file: File | null) => void; error?: string | undefined; disabled?: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className={['field', error ? 'field--invalid' : ''].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={id}>
        {t('boVideos.create.file')}
      </label>
      <input
        id={id}
        type="file"
        className="field__input"
        accept="video/*,.mp4,.mov,.m4v,.mkv,.webm,.avi,.ts"
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        aria-invalid={error ? true : undefined}
        disabled={disabled}
        onChange={(event) => onFile(event.target.files?.[0] ?? null)}
        data-testid="video-file"
      />
      <p id={`${id}-hint`} className="field__hint">
        {t('boVideos.create.fileHint')}
      </p>
      {error ? (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
