import type { BoModelBody } from '@velora/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { FormAlert } from '@/components/form-alert';
import { Pagination } from '@/components/pagination';
import { ErrorState, StatusMessage } from '@/components/status-message';
import { TextField } from '@/components/text-field';
import { useCapabilities } from '@/lib/capabilities';
import { paths } from '@/paths';
import { BackofficeFrame } from '../../components/backoffice-frame';
import { useCreateModel } from '../api/change-model';
import { useBoModels } from '../api/get-models';
import { fieldErrorsOf } from '../components/catalog-helpers';
import { ModelFields } from '../components/model-fields';
import { Thumb } from '../components/thumb';
import '../components/catalog.css';

const EMPTY: BoModelBody = { name_en: '', description: '', country: null };

function CreateModelForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateModel();
  const [value, setValue] = useState<BoModelBody>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAlert(null);
    if (value.name_en.trim() === '') return setErrors({ name_en: t('common.required') });
    setErrors({});
    try {
      const model = await create.mutateAsync(value);
      void navigate(paths.backofficeModel(model.id));
    } catch (error) {
      setErrors(fieldErrorsOf(error));
      setAlert(t('boCatalog.saveFailed'));
    }
  };
  return (
    <form className="backoffice__form bo-catalog__panel" noValidate onSubmit={submit} aria-labelledby="bo-model-create" data-testid="bo-model-create">
      <h2 id="bo-model-create" className="backoffice__card-title">
        {t('boCatalog.models.create.title')}
      </h2>
      {alert ? <FormAlert tone="error">{alert}</FormAlert> : null}
      <ModelFields value={value} onChange={setValue} errors={errors} />
      <div>
        <button type="submit" className="button button--primary" disabled={create.isPending} aria-busy={create.isPending || undefined}>
          {create.isPending ? t('boCatalog.models.create.submitting') : t('boCatalog.models.create.submit')}
        </button>
      </div>
    </form>
  );
}

/** /backoffice/models: every model, a search, and a form for a new one (decision record 075). */
export default function ModelsRoute() {
  const { t } = useTranslation();
  const { can } = useCapabilities();
  const [searchParams, setSearchParams] = useSearchParams();
  const q = searchParams.get('q') ?? '';
  const page = Math.max(1, Number(searchParams.get('page')) || 1);
  const [search, setSearch] = useState(q);
  const models = useBoModels({ q, page }, can('moderation.content'));
  const editor = can('admin.settings');

  let body;
  if (models.isPending) {
    body = (
      <p role="status" className="backoffice__muted">
        {t('boCatalog.loading')}
      </p>
    );
  } else if (models.isError) {
    body = <ErrorState title={t('boCatalog.loadFailed')} onRetry={() => void models.refetch()} />;
  } else if (models.data.models.length === 0) {
    body = <StatusMessage title={q ? t('boCatalog.models.noMatch') : t('boCatalog.models.empty')} />;
  } else {
    body = (
      <>
        <p className="backoffice__summary" role="status">
          {t('boCatalog.models.count', { count: models.data.total })}
        </p>
        <ul className="bo-catalog__list" data-testid="bo-models">
          {models.data.models.map((model) => (
            <li key={model.id} className="bo-catalog__item" data-testid="bo-model-row">
              <Thumb src={model.picture} alt="" />
              <div className="bo-catalog__item-text">
                <Link to={paths.backofficeModel(model.id)} className="bo-catalog__item-title">
                  {model.name_en}
                </Link>
                <span className="backoffice__muted">
                  {[model.country, t('boCatalog.models.columns.shoots') + ': ' + String(model.shoot_count), model.account ? model.account.username : null].filter(Boolean).join(' · ')}
                </span>
              </div>
              <span className={`bo-catalog__badge bo-catalog__badge--${model.published ? 'published' : 'draft'}`}>
                {model.published ? t('boCatalog.published') : t('boCatalog.hidden')}
              </span>
            </li>
          ))}
        </ul>
        <Pagination page={models.data.page} pages={models.data.pages} hrefFor={(p) => paths.backofficeModels({ q, page: p })} />
      </>
    );
  }

  return (
    <BackofficeFrame title={t('boCatalog.models.title')} intro={t('boCatalog.models.intro')} titleId="bo-models-title">
      {!editor ? <p className="backoffice__muted">{t('boCatalog.readOnly')}</p> : null}
      <form
        className="bo-catalog__search"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          setSearchParams(search.trim() ? { q: search.trim() } : {});
        }}
      >
        <TextField label={t('boCatalog.models.searchLabel')} type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
        <button type="submit" className="button">
          {t('boCatalog.search')}
        </button>
      </form>
      <div className="bo-catalog__columns">
        <section aria-label={t('boCatalog.models.title')}>{body}</section>
        {editor ? <CreateModelForm /> : null}
      </div>
    </BackofficeFrame>
  );
}
