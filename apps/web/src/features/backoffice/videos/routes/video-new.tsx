import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { FormAlert } from '@/components/form-alert';
import { TextField } from '@/components/text-field';
import { isApiError } from '@/lib/http';
import { paths } from '@/paths';
import { BackofficeFrame } from '../../components/backoffice-frame';
import { useCreateVideo } from '../api/change-video';
import { UploadProgress } from '../components/upload-progress';
import { useVideoUpload } from '../components/use-video-upload';
import { VideoFileField } from '../components/video-file-field';
import '../videos.css';

/** /backoffice/videos/new: a title and a file; the draft is made, the file uploaded (resumable), then its page opens. */
export default function VideoNewRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateVideo();
  const [title, setTitle] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<{ title?: string; file?: string }>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [videoId, setVideoId] = useState<number | null>(null);
  const upload = useVideoUpload(() => {
    if (videoId !== null) void navigate(paths.backofficeVideo(videoId));
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAlert(null);
    const next = { title: title.trim() ? undefined : t('common.required'), file: file ? undefined : t('boVideos.create.fileRequired') };
    setErrors(next);
    if (next.title || next.file || !file) return;
    try {
      const video = await create.mutateAsync({ title: title.trim() });
      setVideoId(video.id);
      await upload.start(file, video.id);
    } catch (error) {
      if (isApiError(error, 400) && error.fields?.title) setErrors({ title: error.fields.title });
      else setAlert(t('boVideos.create.failed'));
    }
  };

  const started = videoId !== null;
  return (
    <BackofficeFrame title={t('boVideos.create.title')} intro={t('boVideos.create.intro')} titleId="bo-video-new-title">
      <p>
        <Link to={paths.backofficeVideos()}>{t('boVideos.back')}</Link>
      </p>
      <form className="backoffice__form" noValidate onSubmit={submit} data-testid="video-new">
        {alert ? <FormAlert tone="error">{alert}</FormAlert> : null}
        <TextField label={t('boVideos.create.name')} value={title} onChange={(event) => setTitle(event.target.value)} error={errors.title} maxLength={200} disabled={started} required />
        <VideoFileField onFile={setFile} error={errors.file} disabled={started} />
        {started ? null : (
          <div>
            <button type="submit" className="button button--primary" disabled={create.isPending} aria-busy={create.isPending || undefined}>
              {create.isPending ? t('boVideos.create.submitting') : t('boVideos.create.submit')}
            </button>
          </div>
        )}
      </form>
      <UploadProgress state={upload.state} onPause={upload.pause} onResume={upload.resume} />
      {started && (upload.state.phase === 'refused' || upload.state.phase === 'failed') ? (
        <p>
          <Link to={paths.backofficeVideo(videoId)}>{t('boVideos.title')}: {title}</Link>
        </p>
      ) : null}
    </BackofficeFrame>
  );
}
