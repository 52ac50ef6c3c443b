import { CreatePageBody, PAGE_TYPES, type BackofficePage, type PageType } from '@velora/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormAlert } from '@/components/form-alert';
import { SelectField } from '@/components/select-field';
import { ErrorState, StatusMessage } from '@/components/status-message';
import { TextField } from '@/components/text-field';
import { isApiError } from '@/lib/http';
import { paths } from '@/paths';
import { BackofficeFrame } from '../../components/backoffice-frame';
import { useCreatePage, useDeletePage, useLandingChoices, usePage, useUpdatePage } from '../api';
import { PageStatus, TextAreaField } from '../components/page-bits';
import '../pages.css';

type Field = 'path' | 'title' | 'source' | 'landing_en' | 'landing_de' | 'password';
type Errors = Partial<Record<Field, string>>;

interface Draft {
  path: string;
  type: PageType;
  title: string;
  /** Kept apart per type, so switching the type back and forth loses nothing typed. */
  html: string;
  target: string;
  landingEn: string;
  landingDe: string;
  published: boolean;
  password: string;
  removePassword: boolean;
}

const EMPTY: Draft = { path: '/', type: 'document', title: '', html: '', target: '', landingEn: '', landingDe: '', published: false, password: '', removePassword: false };

const draftOf = (page: BackofficePage): Draft => ({
  path: page.path,
  type: page.type,
  title: page.title,
  html: page.type === 'document' ? (page.source ?? '') : '',
  target: page.type === 'transforming_links' ? (page.source ?? '') : '',
  landingEn: page.landing_en === null ? '' : String(page.landing_en),
  landingDe: page.landing_de === null ? '' : String(page.landing_de),
  published: page.published,
  password: '',
  removePassword: false,
});

function bodyOf(draft: Draft): CreatePageBody {
  return {
    path: draft.path.trim(),
    type: draft.type,
    title: draft.title,
    source: draft.type === 'document' ? draft.html : draft.type === 'transforming_links' ? draft.target.trim() : null,
    landing_en: draft.type === 'landing' && draft.landingEn ? Number(draft.landingEn) : null,
    landing_de: draft.type === 'landing' && draft.landingDe ? Number(draft.landingDe) : null,
    published: draft.published,
    ...(draft.password ? { password: draft.password } : {}),
    ...(draft.removePassword && !draft.password ? { remove_password: true } : {}),
  };
}

/** The message of a field in the reader's language: the contract's own messages are English, for API clients. */
function useFieldMessage() {
  const { t } = useTranslation();
  return (field: Field, type: PageType, reserved = false): string => {
    switch (field) {
      case 'path':
        return reserved ? t('boPages.errors.pathReserved') : t('boPages.errors.path');
      case 'title':
        return t('boPages.errors.title');
      case 'source':
        return type === 'transforming_links' ? t('boPages.errors.linkTarget') : t('boPages.errors.documentEmpty');
      case 'landing_en':
        return t('boPages.errors.landingMissing');
      case 'landing_de':
        return t('boPages.errors.landingUnknown');
      case 'password':
        return t('boPages.errors.password');
    }
  };
}

const FIELDS: readonly Field[] = ['path', 'title', 'source', 'landing_en', 'landing_de', 'password'];
const asField = (key: unknown): Field | null => (FIELDS.includes(key as Field) ? (key as Field) : null);

function LandingSelects({ draft, errors, onChange }: { draft: Draft; errors: Errors; onChange: (patch: Partial<Draft>) => void }) {
  const { t } = useTranslation();
  const landings = useLandingChoices();
  if (landings.isPending) return <p role="status" className="backoffice__muted">{t('boPages.editor.landingsLoading')}</p>;
  if (landings.isError) return <ErrorState title={t('boPages.editor.landingsFailed')} onRetry={() => void landings.refetch()} />;
  const options = landings.data.landings.map((l) => ({
    value: String(l.id),
    label: t('boPages.editor.landingOption', { id: l.id, title: l.title, languages: l.languages.map((x) => x.toUpperCase()).join(', ') }),
  }));
  return (
    <>
      <SelectField
        label={t('boPages.editor.landingEn')}
        options={options}
        placeholder={t('boPages.editor.landingNone')}
        value={draft.landingEn}
        onChange={(event) => onChange({ landingEn: event.target.value })}
        error={errors.landing_en}
      />
      <SelectField
        label={t('boPages.editor.landingDe')}
        options={options}
        placeholder={t('boPages.editor.landingNone')}
        value={draft.landingDe}
        onChange={(event) => onChange({ landingDe: event.target.value })}
        error={errors.landing_de}
      />
    </>
  );
}

function PageForm({ page }: { page: BackofficePage | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const messageOf = useFieldMessage();
  const create = useCreatePage();
  const update = useUpdatePage();
  const remove = useDeletePage();
  const [draft, setDraft] = useState<Draft>(() => (page ? draftOf(page) : EMPTY));
  // The version this editor last read or saved: a save names it, so another admin's save in between is a 409.
  const [version, setVersion] = useState(page?.version ?? 0);
  const [hasPassword, setHasPassword] = useState(page?.has_password ?? false);
  const [errors, setErrors] = useState<Errors>({});
  const [alert, setAlert] = useState<{ tone: 'success' | 'error'; text: string; changed?: boolean } | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const pending = create.isPending || update.isPending;
  const change = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAlert(null);
    const body = bodyOf(draft);
    // The contract the server checks with, checked here first so each field says what is wrong before a round trip.
    const parsed = CreatePageBody.safeParse(body);
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = asField(issue.path[0]);
        if (field && !found[field]) found[field] = messageOf(field, draft.type);
      }
      setErrors(found);
      setAlert({ tone: 'error', text: t('boPages.editor.invalid') });
      return;
    }
    setErrors({});
    try {
      if (page) {
        const saved = await update.mutateAsync({ id: page.id, body: { ...parsed.data, version } });
        setDraft(draftOf(saved));
        setVersion(saved.version);
        setHasPassword(saved.has_password);
        setAlert({ tone: 'success', text: t('boPages.editor.saved') });
      } else {
        const created = await create.mutateAsync(parsed.data);
        void navigate(paths.backofficePage(created.id), { replace: true, state: { created: true } });
      }
    } catch (error) {
      if (isApiError(error, 409) && error.code === 'PATH_TAKEN') {
        setErrors({ path: t('boPages.errors.pathTaken') });
        setAlert({ tone: 'error', text: t('boPages.editor.invalid') });
      } else if (isApiError(error, 409)) {
        setAlert({ tone: 'error', text: t('boPages.editor.changed'), changed: true });
      } else if (isApiError(error, 400) && error.fields) {
        const found: Errors = {};
        for (const key of Object.keys(error.fields)) {
          const field = asField(key);
          if (field) found[field] = messageOf(field, draft.type, field === 'path');
        }
        setErrors(found);
        setAlert({ tone: 'error', text: t('boPages.editor.invalid') });
      } else {
        setAlert({ tone: 'error', text: t('boPages.editor.failed') });
      }
    }
  };

  const doDelete = async () => {
    if (!page) return;
    setDeleteError(null);
    try {
      await remove.mutateAsync(page.id);
      void navigate(paths.backofficePages());
    } catch {
      setDeleteError(t('boPages.list.deleteFailed'));
    }
  };

  return (
    <>
      {page ? (
        <ul className="bo-pages__links">
          <li>
            <PageStatus published={page.published} hasPassword={page.has_password} />
          </li>
          <li>
            <Link to={paths.backofficeMeta(page.path)}>{t('boPages.editor.editMeta', { path: page.path })}</Link>
          </li>
          {page.published ? (
            <li>
              <a href={page.path} target="_blank" rel="noopener noreferrer">
                {t('boPages.editor.view', { path: page.path })}
              </a>
            </li>
          ) : null}
        </ul>
      ) : null}
      <form className="backoffice__form bo-pages__editor" noValidate onSubmit={submit} aria-labelledby="bo-page-title" data-testid="bo-page-form">
        {alert ? (
          <FormAlert tone={alert.tone}>
            {alert.text}
            {alert.changed ? (
              <>
                {' '}
                <button type="button" className="button button--small" onClick={() => window.location.reload()}>
                  {t('boPages.editor.reload')}
                </button>
              </>
            ) : null}
          </FormAlert>
        ) : null}
        <fieldset className="bo-pages__types">
          <legend>{t('boPages.editor.type')}</legend>
          {PAGE_TYPES.map((type) => (
            <div key={type} className="bo-pages__type">
              <input
                id={`page-type-${type}`}
                type="radio"
                name="page-type"
                value={type}
                checked={draft.type === type}
                onChange={() => change({ type })}
                aria-describedby={`page-type-${type}-hint`}
              />
              <label htmlFor={`page-type-${type}`}>{t(`boPages.types.${type}`)}</label>
              <span id={`page-type-${type}-hint`} className="bo-pages__type-hint">
                {t(`boPages.typeHints.${type}`)}
              </span>
            </div>
          ))}
        </fieldset>
        <TextField
          label={t('boPages.editor.path')}
          hint={t('boPages.editor.pathHint')}
          value={draft.path}
          onChange={(event) => change({ path: event.target.value })}
          error={errors.path}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={512}
        />
        <TextField label={t('boPages.editor.title')} hint={t('boPages.editor.titleHint')} value={draft.title} onChange={(event) => change({ title: event.target.value })} error={errors.title} maxLength={200} />
        {draft.type === 'document' ? (
          <TextAreaField label={t('boPages.editor.source')} hint={t('boPages.editor.sourceHint')} value={draft.html} onChange={(event) => change({ html: event.target.value })} error={errors.source} spellCheck={false} rows={12} />
        ) : null}
        {draft.type === 'transforming_links' ? (
          <TextField
            label={t('boPages.editor.target')}
            hint={t('boPages.editor.targetHint')}
            value={draft.target}
            onChange={(event) => change({ target: event.target.value })}
            error={errors.source}
            inputMode="url"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
          />
        ) : null}
        {draft.type === 'landing' ? <LandingSelects draft={draft} errors={errors} onChange={change} /> : null}
        {hasPassword ? (
          <div>
            <p className="backoffice__muted">{t('boPages.editor.hasPassword')}</p>
            <label className="bo-pages__check">
              <input type="checkbox" checked={draft.removePassword} onChange={(event) => change({ removePassword: event.target.checked, password: '' })} />
              {t('boPages.editor.removePassword')}
            </label>
          </div>
        ) : null}
        {!draft.removePassword ? (
          <TextField
            label={hasPassword ? t('boPages.editor.passwordNew') : t('boPages.editor.password')}
            hint={hasPassword ? `${t('boPages.editor.passwordHint')} ${t('boPages.editor.passwordKeepHint')}` : t('boPages.editor.passwordHint')}
            type="password"
            autoComplete="new-password"
            value={draft.password}
            onChange={(event) => change({ password: event.target.value })}
            error={errors.password}
            maxLength={128}
          />
        ) : null}
        <label className="bo-pages__check">
          <input type="checkbox" checked={draft.published} onChange={(event) => change({ published: event.target.checked })} aria-describedby="bo-page-published-hint" />
          {t('boPages.editor.published')}
        </label>
        <p id="bo-page-published-hint" className="field__hint">
          {t('boPages.editor.publishedHint')}
        </p>
        <div className="backoffice__row-actions">
          <button type="submit" className="button button--primary" disabled={pending} aria-busy={pending || undefined}>
            {pending ? t('boPages.editor.saving') : page ? t('boPages.editor.save') : t('boPages.editor.create')}
          </button>
          {page ? (
            <button type="button" className="button bo-pages__danger" onClick={() => setConfirmDelete(true)}>
              {t('boPages.editor.delete')}
            </button>
          ) : null}
        </div>
      </form>
      {page ? (
        <ConfirmDialog
          open={confirmDelete}
          title={t('boPages.list.deleteTitle', { path: page.path })}
          description={t('boPages.list.deleteText')}
          confirmLabel={t('boPages.list.deleteConfirm')}
          pendingLabel={t('boPages.list.deleting')}
          cancelLabel={t('boPages.list.cancel')}
          pending={remove.isPending}
          error={deleteError}
          onConfirm={() => void doDelete()}
          onCancel={() => {
            setConfirmDelete(false);
            setDeleteError(null);
          }}
          testId="bo-page-delete"
        />
      ) : null}
    </>
  );
}

/** /backoffice/pages/:id ("new" for a new page): one custom page's editor (capability admin.settings). */
export default function PageEditorRoute() {
  const { t } = useTranslation();
  const { id: raw } = useParams();
  const isNew = raw === 'new';
  const id = !isNew && raw && /^\d{1,10}$/.test(raw) ? Number(raw) : null;
  const page = usePage(id);
  const created = (useLocation().state as { created?: boolean } | null)?.created === true;

  const back = (
    <p>
      <Link to={paths.backofficePages()}>{t('boPages.editor.back')}</Link>
    </p>
  );
  let title = t('boPages.editor.newTitle');
  let body;
  if (isNew) {
    body = <PageForm page={null} />;
  } else if (id === null || (page.isError && isApiError(page.error, 404))) {
    body = <StatusMessage title={t('boPages.editor.notFound')} />;
  } else if (page.isPending) {
    body = (
      <p role="status" className="backoffice__muted">
        {t('boPages.editor.loading')}
      </p>
    );
  } else if (page.isError) {
    body = <ErrorState title={t('boPages.editor.loadFailed')} onRetry={() => void page.refetch()} />;
  } else {
    title = t('boPages.editor.editTitle', { path: page.data.path });
    body = (
      <>
        {created ? <FormAlert tone="success">{t('boPages.editor.created')}</FormAlert> : null}
        <PageForm key={page.data.id} page={page.data} />
      </>
    );
  }
  return (
    <BackofficeFrame title={title} intro={t('boPages.editor.intro')} titleId="bo-page-title">
      {back}
      {body}
    </BackofficeFrame>
  );
}
