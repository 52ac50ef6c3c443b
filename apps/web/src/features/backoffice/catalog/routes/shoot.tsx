import type { BoShootDetail } from '@velora/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { FormAlert } from '@/components/form-alert';
import { ErrorState, StatusMessage } from '@/components/status-message';
import { TextField } from '@/components/text-field';
import { useCapabilities } from '@/lib/capabilities';
import { isApiError } from '@/lib/http';
import { paths } from '@/paths';
import { BackofficeFrame } from '../../components/backoffice-frame';
import { useUpdateShoot } from '../api/change-shoot';
import { useBoShoot } from '../api/get-shoot';
import { fieldErrorsOf, idParam } from '../components/catalog-helpers';
import { Gallery } from '../components/gallery';
import { DescriptionField } from '../components/model-fields';
import { ModelPicker } from '../components/model-picker';
import { ShootPublishing } from '../components/shoot-publishing';
import { VideoPicker, type LinkedVideo } from '../components/video-picker';
import '../components/catalog.css';

function DetailsForm({ shoot, editor }: { shoot: BoShootDetail; editor: boolean }) {
  const { t } = useTranslation();
  const update = useUpdateShoot();
  const [title, setTitle] = useState(shoot.title);
  const [description, setDescription] = useState(shoot.description);
  const [model, setModel] = useState<number | null>(shoot.model.id);
  const [videos, setVideos] = useState<LinkedVideo[]>(shoot.videos);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    const missing: Record<string, string> = {};
    if (title.trim() === '') missing.title = t('common.required');
    if (model === null) missing.model_id = t('boCatalog.shoot.modelRequired');
    setErrors(missing);
    if (model === null || Object.keys(missing).length > 0) return;
    try {
      await update.mutateAsync({ id: shoot.id, body: { title, description, model_id: model, video_ids: videos.map((v) => v.id) } });
      setNotice({ tone: 'success', text: t('boCatalog.saved') });
    } catch (error) {
      setErrors(fieldErrorsOf(error));
      setNotice({ tone: 'error', text: t('boCatalog.saveFailed') });
    }
  };
  return (
    <form className="form bo-catalog__panel" noValidate onSubmit={submit} aria-labelledby="bo-shoot-details" data-testid="bo-shoot-details">
      <h2 id="bo-shoot-details" className="backoffice__card-title">
        {t('boCatalog.shoot.details')}
      </h2>
      {notice ? <FormAlert tone={notice.tone}>{notice.text}</FormAlert> : null}
      <fieldset disabled={!editor} className="bo-catalog__fieldset">
        <TextField label={t('boCatalog.shoot.titleLabel')} value={title} maxLength={120} error={errors.title} onChange={(e) => setTitle(e.target.value)} />
        <ModelPicker value={model} onChange={setModel} error={errors.model_id} current={shoot.model} />
        <DescriptionField value={description} error={errors.description} onChange={setDescription} />
        <VideoPicker value={videos} onChange={setVideos} error={errors.video_ids} />
        {editor ? (
          <div>
            <button type="submit" className="button button--primary" disabled={update.isPending} aria-busy={update.isPending || undefined}>
              {update.isPending ? t('boCatalog.saving') : t('boCatalog.save')}
            </button>
          </div>
        ) : null}
      </fieldset>
    </form>
  );
}

/** /backoffice/shoots/{id}: details, publishing and the gallery of one shoot (decision record 075). */
export default function ShootRoute() {
  const { t } = useTranslation();
  const { can } = useCapabilities();
  const id = idParam(useParams().id);
  const shoot = useBoShoot(id);
  const editor = can('admin.settings');

  let body;
  if (id === null || (shoot.isError && isApiError(shoot.error, 404))) {
    body = <StatusMessage title={t('boCatalog.shoot.notFound')} />;
  } else if (shoot.isPending) {
    body = (
      <p role="status" className="backoffice__muted">
        {t('boCatalog.loading')}
      </p>
    );
  } else if (shoot.isError) {
    body = <ErrorState title={t('boCatalog.loadFailed')} onRetry={() => void shoot.refetch()} />;
  } else {
    body = (
      <div className="bo-catalog__grid" key={shoot.data.id}>
        <DetailsForm shoot={shoot.data} editor={editor} />
        <ShootPublishing shoot={shoot.data} />
        <Gallery shoot={shoot.data} editor={editor} version={shoot.dataUpdatedAt} onStale={() => void shoot.refetch()} />
      </div>
    );
  }
  return (
    <BackofficeFrame title={shoot.data?.title ?? t('boCatalog.shoots.title')} titleId="bo-shoot-title">
      <p>
        <Link to={paths.backofficeShoots()}>← {t('boCatalog.shoot.back')}</Link>
      </p>
      {!editor ? <p className="backoffice__muted">{t('boCatalog.readOnly')}</p> : null}
      {body}
    </BackofficeFrame>
  );
}
