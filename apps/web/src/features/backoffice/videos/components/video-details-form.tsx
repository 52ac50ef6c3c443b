import type { BackofficeVideoDetail } from '@velora/shared';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { TextField } from '@/components/text-field';
import { isApiError } from '@/lib/http';
import { useUpdateVideo } from '../api/change-video';
import { useVideoModelChoices } from '../api/get-videos';

/** Title, description, models and the trailer flag (the Trailer tag of product §1). */
export function VideoDetailsForm({ video, canEdit }: { video: BackofficeVideoDetail; canEdit: boolean }) {
  const { t } = useTranslation();
  const update = useUpdateVideo();
  const choices = useVideoModelChoices();
  const [title, setTitle] = useState(video.title);
  const [description, setDescription] = useState(video.description);
  const [modelIds, setModelIds] = useState<number[]>(video.models.map((m) => m.id));
  const [trailer, setTrailer] = useState(video.trailer);
  const [filter, setFilter] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  const models = useMemo(() => {
    const all = choices.data?.models ?? video.models;
    const needle = filter.trim().toLowerCase();
    // The video's own models come first (as saved), and stay in view whatever the filter.
    const saved = new Set(video.models.map((m) => m.id));
    return all
      .filter((m) => !needle || m.name.toLowerCase().includes(needle) || modelIds.includes(m.id))
      .sort((a, b) => Number(saved.has(b.id)) - Number(saved.has(a.id)));
  }, [choices.data, video.models, filter, modelIds]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    if (!title.trim()) {
      setErrors({ title: t('common.required') });
      return;
    }
    setErrors({});
    try {
      await update.mutateAsync({ id: video.id, body: { title: title.trim(), description, model_ids: modelIds, trailer } });
      setNotice({ tone: 'success', text: t('boVideos.form.saved') });
    } catch (error) {
      if (isApiError(error) && error.fields) setErrors(error.fields);
      setNotice({ tone: 'error', text: t('boVideos.form.failed') });
    }
  };
  const toggle = (id: number) => setModelIds((ids) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]));

  return (
    <form className="backoffice__card backoffice__form" noValidate onSubmit={submit} aria-labelledby="video-details-title" data-testid="video-details">
      <h2 id="video-details-title" className="backoffice__card-title">
        {t('boVideos.form.title')}
      </h2>
      {notice ? <FormAlert tone={notice.tone}>{notice.text}</FormAlert> : null}
      <fieldset className="bo-videos__fieldset" disabled={!canEdit}>
        <TextField label={t('boVideos.form.name')} value={title} onChange={(event) => setTitle(event.target.value)} error={errors.title} maxLength={200} required />
        <div className="field">
          <label className="field__label" htmlFor="video-description">
            {t('boVideos.form.description')}
          </label>
          <textarea id="video-description" className="field__input bo-videos__textarea" value={description} maxLength={5000} rows={4} onChange={(event) => setDescription(event.target.value)} />
        </div>
        <fieldset className="bo-videos__models">
          <legend className="field__label">{t('boVideos.form.models')}</legend>
          <TextField label={t('boVideos.form.modelsFilter')} value={filter} onChange={(event) => setFilter(event.target.value)} type="search" />
          {models.length === 0 ? <p className="backoffice__muted">{t('boVideos.form.noModels')}</p> : null}
          <ul className="bo-videos__model-list">
            {models.map((model) => (
              <li key={model.id}>
                <label className="checkbox">
                  <input type="checkbox" checked={modelIds.includes(model.id)} onChange={() => toggle(model.id)} /> {model.name}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
        <div className="field">
          <label className="checkbox">
            <input type="checkbox" checked={trailer} onChange={(event) => setTrailer(event.target.checked)} aria-describedby="video-trailer-hint" data-testid="video-trailer" />{' '}
            {t('boVideos.form.trailer')}
          </label>
          <p id="video-trailer-hint" className="field__hint">
            {t('boVideos.form.trailerHint')}
          </p>
        </div>
        <div>
          <button type="submit" className="button button--primary" disabled={update.isPending} aria-busy={update.isPending || undefined}>
            {update.isPending ? t('boVideos.form.saving') : t('boVideos.form.save')}
          </button>
        </div>
      </fieldset>
    </form>
  );
}
