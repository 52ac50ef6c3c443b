import { SHOOT_STATES, type ShootState as State } from '@velora/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { FormAlert } from '@/components/form-alert';
import { Pagination } from '@/components/pagination';
import { SelectField } from '@/components/select-field';
import { ErrorState, StatusMessage } from '@/components/status-message';
import { TextField } from '@/components/text-field';
import { useCapabilities } from '@/lib/capabilities';
import { paths } from '@/paths';
import { BackofficeFrame } from '../../components/backoffice-frame';
import { useCreateShoot } from '../api/change-shoot';
import { useBoShoots } from '../api/get-shoots';
import { fieldErrorsOf, idParam } from '../components/catalog-helpers';
import { DescriptionField } from '../components/model-fields';
import { ModelPicker } from '../components/model-picker';
import { ShootState } from '../components/shoot-state';
import { Thumb } from '../components/thumb';
import '../components/catalog.css';

const isState = (value: string | null): value is State => (SHOOT_STATES as readonly string[]).includes(value ?? '');

function CreateShootForm({ modelId }: { modelId: number | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateShoot();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [model, setModel] = useState<number | null>(modelId);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAlert(null);
    const missing: Record<string, string> = {};
    if (title.trim() === '') missing.title = t('common.required');
    if (model === null) missing.model_id = t('boCatalog.shoot.modelRequired');
    setErrors(missing);
    if (model === null || Object.keys(missing).length > 0) return;
    try {
      const shoot = await create.mutateAsync({ title, description, model_id: model, video_ids: [] });
      void navigate(paths.backofficeShoot(shoot.id));
    } catch (error) {
      setErrors(fieldErrorsOf(error));
      setAlert(t('boCatalog.saveFailed'));
    }
  };
  return (
    <form className="backoffice__form bo-catalog__panel" noValidate onSubmit={submit} aria-labelledby="bo-shoot-create" data-testid="bo-shoot-create">
      <h2 id="bo-shoot-create" className="backoffice__card-title">
        {t('boCatalog.shoots.create.title')}
      </h2>
      {alert ? <FormAlert tone="error">{alert}</FormAlert> : null}
      <TextField label={t('boCatalog.shoot.titleLabel')} value={title} maxLength={120} error={errors.title} onChange={(e) => setTitle(e.target.value)} />
      <ModelPicker value={model} onChange={setModel} error={errors.model_id} />
      <DescriptionField value={description} error={errors.description} onChange={setDescription} />
      <div>
        <button type="submit" className="button button--primary" disabled={create.isPending} aria-busy={create.isPending || undefined}>
          {create.isPending ? t('boCatalog.shoots.create.submitting') : t('boCatalog.shoots.create.submit')}
        </button>
      </div>
    </form>
  );
}

/** /backoffice/shoots: every shoot, filtered by title, state and model, and a form for a new one (decision record 075). */
export default function ShootsRoute() {
  const { t } = useTranslation();
  const { can } = useCapabilities();
  const [searchParams, setSearchParams] = useSearchParams();
  const q = searchParams.get('q') ?? '';
  const stateParam = searchParams.get('state');
  const state = isState(stateParam) ? stateParam : undefined;
  const modelId = idParam(searchParams.get('model_id') ?? undefined);
  const page = Math.max(1, Number(searchParams.get('page')) || 1);
  const [search, setSearch] = useState(q);
  const [chosenState, setChosenState] = useState<string>(state ?? '');
  const shoots = useBoShoots({ q, state, page, ...(modelId === null ? {} : { model_id: modelId }) });
  const editor = can('admin.settings');
  const filtered = q !== '' || state !== undefined || modelId !== null;

  let body;
  if (shoots.isPending) {
    body = (
      <p role="status" className="backoffice__muted">
        {t('boCatalog.loading')}
      </p>
    );
  } else if (shoots.isError) {
    body = <ErrorState title={t('boCatalog.loadFailed')} onRetry={() => void shoots.refetch()} />;
  } else if (shoots.data.shoots.length === 0) {
    body = <StatusMessage title={filtered ? t('boCatalog.shoots.noMatch') : t('boCatalog.shoots.empty')} />;
  } else {
    body = (
      <>
        <p className="backoffice__summary" role="status">
          {t('boCatalog.shoots.count', { count: shoots.data.total })}
        </p>
        <ul className="bo-catalog__list" data-testid="bo-shoots">
          {shoots.data.shoots.map((shoot) => (
            <li key={shoot.id} className="bo-catalog__item" data-testid="bo-shoot-row">
              <Thumb src={shoot.cover} alt="" className="bo-catalog__thumb bo-catalog__thumb--wide" size={96} />
              <div className="bo-catalog__item-text">
                <Link to={paths.backofficeShoot(shoot.id)} className="bo-catalog__item-title">
                  {shoot.title}
                </Link>
                <span className="backoffice__muted">
                  {shoot.model.name_en} · {t('boCatalog.shoot.galleryCount', { count: shoot.image_count })}
                </span>
                <ShootState shoot={shoot} />
              </div>
            </li>
          ))}
        </ul>
        <Pagination page={shoots.data.page} pages={shoots.data.pages} hrefFor={(p) => paths.backofficeShoots({ q, state, page: p, ...(modelId === null ? {} : { model_id: modelId }) })} />
      </>
    );
  }

  return (
    <BackofficeFrame title={t('boCatalog.shoots.title')} intro={t('boCatalog.shoots.intro')} titleId="bo-shoots-title">
      {!editor ? <p className="backoffice__muted">{t('boCatalog.readOnly')}</p> : null}
      <form
        className="bo-catalog__search"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          const next: Record<string, string> = {};
          if (search.trim()) next.q = search.trim();
          if (chosenState) next.state = chosenState;
          if (modelId !== null) next.model_id = String(modelId);
          setSearchParams(next);
        }}
      >
        <TextField label={t('boCatalog.shoots.searchLabel')} type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
        <SelectField
          label={t('boCatalog.shoots.stateLabel')}
          value={chosenState}
          options={[{ value: '', label: t('boCatalog.states.all') }, ...SHOOT_STATES.map((s) => ({ value: s, label: t(`boCatalog.states.${s}`) }))]}
          onChange={(e) => setChosenState(e.target.value)}
        />
        <button type="submit" className="button">
          {t('boCatalog.search')}
        </button>
      </form>
      {modelId !== null ? (
        <p className="backoffice__muted">
          {t('boCatalog.shoots.onlyModel')} <Link to={paths.backofficeShoots({ q, ...(state ? { state } : {}) })}>{t('boCatalog.shoots.allModels')}</Link>
        </p>
      ) : null}
      <div className="bo-catalog__columns">
        <section aria-label={t('boCatalog.shoots.title')}>{body}</section>
        {editor ? <CreateShootForm modelId={modelId} /> : null}
      </div>
    </BackofficeFrame>
  );
}
