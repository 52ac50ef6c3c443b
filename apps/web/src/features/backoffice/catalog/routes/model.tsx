import type { BoModelBody, BoModelDetail } from '@velora/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { FormAlert } from '@/components/form-alert';
import { ErrorState, StatusMessage } from '@/components/status-message';
import { useCapabilities } from '@/lib/capabilities';
import { isApiError } from '@/lib/http';
import { paths } from '@/paths';
import { BackofficeFrame } from '../../components/backoffice-frame';
import { useSetModelPublished, useUpdateModel } from '../api/change-model';
import { useBoModel } from '../api/get-model';
import { fieldErrorsOf, idParam } from '../components/catalog-helpers';
import { ModelFields } from '../components/model-fields';
import { AccountPanel, CameraPanel, PicturePanel } from '../components/model-panels';
import '../components/catalog.css';

function ProfileForm({ model, editor }: { model: BoModelDetail; editor: boolean }) {
  const { t } = useTranslation();
  const update = useUpdateModel();
  const [value, setValue] = useState<BoModelBody>({ name_en: model.name_en, description: model.description, country: model.country });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    if (value.name_en.trim() === '') return setErrors({ name_en: t('common.required') });
    setErrors({});
    try {
      await update.mutateAsync({ id: model.id, body: value });
      setNotice({ tone: 'success', text: t('boCatalog.saved') });
    } catch (error) {
      setErrors(fieldErrorsOf(error));
      setNotice({ tone: 'error', text: t('boCatalog.saveFailed') });
    }
  };
  return (
    <form className="form bo-catalog__panel" noValidate onSubmit={submit} aria-labelledby="bo-model-profile" data-testid="bo-model-profile">
      <h2 id="bo-model-profile" className="backoffice__card-title">
        {t('boCatalog.model.profile')}
      </h2>
      {notice ? <FormAlert tone={notice.tone}>{notice.text}</FormAlert> : null}
      <fieldset disabled={!editor} className="bo-catalog__fieldset">
        <ModelFields value={value} onChange={setValue} errors={errors} />
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

function StatePanel({ model }: { model: BoModelDetail }) {
  const { t } = useTranslation();
  const { can } = useCapabilities();
  const change = useSetModelPublished();
  const mayChange = model.published ? can('moderation.content') : can('admin.settings');
  return (
    <section className="bo-catalog__panel" aria-labelledby="bo-model-state">
      <h2 id="bo-model-state" className="backoffice__card-title">
        {t('boCatalog.model.stateTitle')}
      </h2>
      <p data-testid="bo-model-state">
        <span className={`bo-catalog__badge bo-catalog__badge--${model.published ? 'published' : 'draft'}`}>{model.published ? t('boCatalog.published') : t('boCatalog.hidden')}</span>{' '}
        {model.published ? t('boCatalog.model.statePublished') : t('boCatalog.model.stateHidden')}
      </p>
      {change.isError ? <FormAlert tone="error">{t('boCatalog.saveFailed')}</FormAlert> : null}
      {mayChange ? (
        <button
          type="button"
          className={model.published ? 'button' : 'button button--primary'}
          disabled={change.isPending}
          aria-busy={change.isPending || undefined}
          onClick={() => change.mutate({ id: model.id, published: !model.published })}
        >
          {model.published ? t('boCatalog.unpublish') : t('boCatalog.publish')}
        </button>
      ) : null}
      <p>
        <Link to={paths.backofficeShoots({ model_id: model.id })}>{t('boCatalog.model.shootsLink')}</Link>
      </p>
    </section>
  );
}

/** /backoffice/models/{id}: her profile, state on the site, picture, studio account and camera (decision record 075). */
export default function ModelRoute() {
  const { t } = useTranslation();
  const { can } = useCapabilities();
  const id = idParam(useParams().id);
  const model = useBoModel(id);
  const editor = can('admin.settings');

  let body;
  if (id === null || (model.isError && isApiError(model.error, 404))) {
    body = <StatusMessage title={t('boCatalog.model.notFound')} />;
  } else if (model.isPending) {
    body = (
      <p role="status" className="backoffice__muted">
        {t('boCatalog.loading')}
      </p>
    );
  } else if (model.isError) {
    body = <ErrorState title={t('boCatalog.loadFailed')} onRetry={() => void model.refetch()} />;
  } else {
    body = (
      <div className="bo-catalog__grid" key={model.data.id}>
        <ProfileForm model={model.data} editor={editor} />
        <StatePanel model={model.data} />
        <PicturePanel model={model.data} editor={editor} version={model.dataUpdatedAt} />
        <AccountPanel model={model.data} editor={editor} />
        <CameraPanel model={model.data} editor={editor} />
      </div>
    );
  }
  return (
    <BackofficeFrame title={model.data?.name_en ?? t('boCatalog.models.title')} titleId="bo-model-title">
      <p>
        <Link to={paths.backofficeModels()}>← {t('boCatalog.model.back')}</Link>
      </p>
      {!editor ? <p className="backoffice__muted">{t('boCatalog.readOnly')}</p> : null}
      {body}
    </BackofficeFrame>
  );
}
