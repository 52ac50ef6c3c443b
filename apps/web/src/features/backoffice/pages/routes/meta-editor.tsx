import {
  LANGUAGES,
  META_DESCRIPTION_MAX,
  META_DESCRIPTION_SHOWN,
  META_KEYWORDS_MAX,
  META_TITLE_MAX,
  META_TITLE_SHOWN,
  ROBOTS_VALUES,
  SavePathMetaBody,
  SitePath,
  type Language,
  type MetaTexts,
  type PathMeta,
  type PathMetaDetail,
  type RobotsValue,
} from '@velora/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormAlert } from '@/components/form-alert';
import { SelectField } from '@/components/select-field';
import { ErrorState, StatusMessage } from '@/components/status-message';
import { TextField } from '@/components/text-field';
import { isApiError } from '@/lib/http';
import { paths } from '@/paths';
import { BackofficeFrame } from '../../components/backoffice-frame';
import { useDeleteMeta, useMetaList, usePathMeta, useSaveMeta } from '../api';
import { SavedAt } from '../components/page-bits';
import '../pages.css';

type Texts = Record<Language, MetaTexts>;
type FieldKey = keyof MetaTexts;
const FIELD_KEYS: readonly FieldKey[] = ['title', 'description', 'keywords'];
const MAX: Record<FieldKey, number> = { title: META_TITLE_MAX, description: META_DESCRIPTION_MAX, keywords: META_KEYWORDS_MAX };
const EMPTY_TEXTS: Texts = {
  en: { title: '', description: '', keywords: '' },
  de: { title: '', description: '', keywords: '' },
  fr: { title: '', description: '', keywords: '' },
};

/** Cut where a search engine cuts, with an ellipsis: the preview shows what a searcher sees. */
export function cutForResult(text: string, shown: number): string {
  const value = text.trim();
  if (value.length <= shown) return value;
  const cut = value.slice(0, shown);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > shown * 0.6 ? cut.slice(0, lastSpace) : cut).trimEnd()} …`;
}

/** How a search result of the path would look: the title, the address, the description. */
export function SearchResultPreview({ title, url, description, label }: { title: string; url: string; description: string; label: string }) {
  return (
    <figure className="bo-meta__figure">
      <figcaption className="field__label">{label}</figcaption>
      <div className="bo-meta__preview" data-testid="bo-meta-preview">
        <p className="bo-meta__preview-url">{url}</p>
        <p className="bo-meta__preview-title">{cutForResult(title, META_TITLE_SHOWN)}</p>
        <p className="bo-meta__preview-description">{cutForResult(description, META_DESCRIPTION_SHOWN)}</p>
      </div>
    </figure>
  );
}

function MetaForm({ detail }: { detail: PathMetaDetail }) {
  const { t } = useTranslation();
  const save = useSaveMeta();
  const remove = useDeleteMeta();
  const own = detail.override;
  const [texts, setTexts] = useState<Texts>(own?.texts ?? EMPTY_TEXTS);
  const [robots, setRobots] = useState<RobotsValue | ''>(own?.robots ?? '');
  const [version, setVersion] = useState<number | null>(own?.version ?? null);
  const [metaId, setMetaId] = useState<number | null>(own?.id ?? null);
  const [language, setLanguage] = useState<Language>('en');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<{ tone: 'success' | 'error'; text: string; changed?: boolean } | null>(null);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const defaults = detail.defaults[language];
  const current = texts[language];
  const setField = (field: FieldKey, value: string) => setTexts((all) => ({ ...all, [language]: { ...all[language], [field]: value } }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAlert(null);
    const body = { path: detail.path, robots: robots === '' ? null : robots, texts, version };
    const parsed = SavePathMetaBody.safeParse(body);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const [, lang, field] = issue.path as [string, Language, FieldKey];
        const key = `${lang}.${field}`;
        if (found[key]) continue;
        found[key] = texts[lang][field].length > MAX[field] ? t('boPages.meta.tooLong', { max: MAX[field] }) : t('boPages.meta.notPlain');
      }
      setErrors(found);
      // The first language with a mistake is the one shown, so the marked field is in view.
      const first = LANGUAGES.find((lang) => FIELD_KEYS.some((field) => found[`${lang}.${field}`]));
      if (first) setLanguage(first);
      setAlert({ tone: 'error', text: t('boPages.meta.invalid') });
      return;
    }
    setErrors({});
    try {
      const saved = await save.mutateAsync(parsed.data);
      setVersion(saved.version);
      setMetaId(saved.id);
      setAlert({ tone: 'success', text: t('boPages.meta.saved', { path: detail.path }) });
    } catch (error) {
      if (isApiError(error, 409)) setAlert({ tone: 'error', text: t('boPages.meta.changed'), changed: true });
      else setAlert({ tone: 'error', text: t('boPages.meta.failed') });
    }
  };

  const doRemove = async () => {
    if (metaId === null) return;
    setRemoveError(null);
    try {
      await remove.mutateAsync(metaId);
      setConfirmRemove(false);
      setTexts(EMPTY_TEXTS);
      setRobots('');
      setVersion(null);
      setMetaId(null);
      setAlert({ tone: 'success', text: t('boPages.meta.removed', { path: detail.path }) });
    } catch {
      setRemoveError(t('boPages.meta.removeFailed'));
    }
  };

  const languageName = t(`boPages.meta.languages.${language}`);
  return (
    <section className="backoffice__form bo-pages__editor" aria-labelledby="bo-meta-editing" data-testid="bo-meta-form">
      <h2 id="bo-meta-editing" className="backoffice__card-title">
        {t('boPages.meta.editing', { path: detail.path })}
      </h2>
      <form className="form" noValidate onSubmit={submit}>
        {alert ? (
          <FormAlert tone={alert.tone}>
            {alert.text}
            {alert.changed ? (
              <>
                {' '}
                <button type="button" className="button button--small" onClick={() => window.location.reload()}>
                  {t('boPages.meta.reload')}
                </button>
              </>
            ) : null}
          </FormAlert>
        ) : null}
        <SelectField
          label={t('boPages.meta.robots')}
          value={robots}
          onChange={(event) => setRobots(event.target.value as RobotsValue | '')}
          placeholder={t('boPages.meta.robotsDefault', { value: detail.defaults.en.robots })}
          options={ROBOTS_VALUES.map((value) => ({ value, label: `${value}: ${t(`boPages.meta.robotsValues.${value}`)}` }))}
        />
        {detail.robots_locked ? <p className="field__hint">{t('boPages.meta.robotsLocked')}</p> : null}
        <fieldset className="bo-meta__languages">
          <legend>{t('boPages.meta.language')}</legend>
          {LANGUAGES.map((lang) => (
            <label key={lang} className="bo-meta__language">
              <input type="radio" name="meta-language" value={lang} checked={language === lang} onChange={() => setLanguage(lang)} />
              {t(`boPages.meta.languages.${lang}`)}
              {FIELD_KEYS.some((field) => errors[`${lang}.${field}`]) ? <span aria-hidden="true"> ⚠</span> : null}
            </label>
          ))}
        </fieldset>
        {FIELD_KEYS.map((field) => {
          const value = current[field];
          const long =
            field === 'title' && value.trim().length > META_TITLE_SHOWN
              ? t('boPages.meta.titleLong', { count: META_TITLE_SHOWN })
              : field === 'description' && value.trim().length > META_DESCRIPTION_SHOWN
                ? t('boPages.meta.descriptionLong', { count: META_DESCRIPTION_SHOWN })
                : null;
          const label = { title: t('boPages.meta.fieldTitle'), description: t('boPages.meta.fieldDescription'), keywords: t('boPages.meta.fieldKeywords') }[field];
          return (
            <TextField
              key={`${language}-${field}`}
              label={`${label} (${languageName})`}
              lang={language}
              value={value}
              placeholder={defaults[field]}
              onChange={(event) => setField(field, event.target.value)}
              error={errors[`${language}.${field}`]}
              hint={
                <>
                  {field === 'keywords' ? `${t('boPages.meta.keywordsHint')} ` : null}
                  {t('boPages.meta.count', { count: value.length, max: MAX[field] })}
                  {'. '}
                  {t('boPages.meta.defaultIs', { value: defaults[field] })}
                </>
              }
              status={long ? <span className="bo-meta__warning">{long}</span> : null}
            />
          );
        })}
        <SearchResultPreview
          label={t('boPages.meta.preview', { language: languageName })}
          title={current.title.trim() || defaults.title}
          url={defaults.canonical}
          description={current.description.trim() || defaults.description}
        />
        <div className="backoffice__row-actions">
          <button type="submit" className="button button--primary" disabled={save.isPending} aria-busy={save.isPending || undefined}>
            {save.isPending ? t('boPages.meta.saving') : t('boPages.meta.save')}
          </button>
          {metaId !== null ? (
            <button type="button" className="button bo-pages__danger" onClick={() => setConfirmRemove(true)} aria-label={t('boPages.meta.removeLabel', { path: detail.path })}>
              {t('boPages.meta.remove')}
            </button>
          ) : null}
          <Link className="button" to={paths.backofficeMeta()}>
            {t('boPages.meta.close')}
          </Link>
        </div>
      </form>
      <ConfirmDialog
        open={confirmRemove}
        title={t('boPages.meta.removeTitle', { path: detail.path })}
        description={t('boPages.meta.removeText')}
        confirmLabel={t('boPages.meta.removeConfirm')}
        pendingLabel={t('boPages.meta.removing')}
        cancelLabel={t('boPages.meta.cancel')}
        pending={remove.isPending}
        error={removeError}
        onConfirm={() => void doRemove()}
        onCancel={() => {
          setConfirmRemove(false);
          setRemoveError(null);
        }}
        testId="bo-meta-remove"
      />
    </section>
  );
}

function PathEditor({ path }: { path: string }) {
  const { t } = useTranslation();
  const detail = usePathMeta(path);
  if (detail.isPending) {
    return (
      <p role="status" className="backoffice__muted">
        {t('boPages.meta.loading')}
      </p>
    );
  }
  if (detail.isError) return <ErrorState title={t('boPages.meta.loadFailed')} onRetry={() => void detail.refetch()} />;
  return <MetaForm key={detail.data.path} detail={detail.data} />;
}

function PathPicker({ initial }: { initial: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const path = value.trim();
    if (!SitePath.safeParse(path).success) {
      setError(t('boPages.errors.path'));
      return;
    }
    setError(undefined);
    void navigate(paths.backofficeMeta(path));
  };
  return (
    <form className="backoffice__form" noValidate onSubmit={submit} aria-labelledby="bo-meta-pick" data-testid="bo-meta-pick">
      <h2 id="bo-meta-pick" className="backoffice__card-title">
        {t('boPages.meta.pick')}
      </h2>
      <div className="bo-meta__pick">
        <TextField label={t('boPages.meta.pickPath')} value={value} onChange={(event) => setValue(event.target.value)} error={error} autoComplete="off" autoCapitalize="none" spellCheck={false} />
        <button type="submit" className="button button--primary">
          {t('boPages.meta.pickSubmit')}
        </button>
      </div>
      <p className="field__hint">{t('boPages.meta.pickHint')}</p>
    </form>
  );
}

function MetaList() {
  const { t } = useTranslation();
  const list = useMetaList();
  if (list.isPending) {
    return (
      <p role="status" className="backoffice__muted">
        {t('boPages.meta.loading')}
      </p>
    );
  }
  if (list.isError) return <ErrorState title={t('boPages.meta.loadFailed')} onRetry={() => void list.refetch()} />;
  if (list.data.items.length === 0) return <StatusMessage title={t('boPages.meta.empty')} />;
  const titlesOf = (item: PathMeta) =>
    LANGUAGES.filter((lang) => item.texts[lang].title)
      .map((lang) => `${lang.toUpperCase()}: ${item.texts[lang].title}`)
      .join(' · ') || t('audit.none');
  return (
    <div className="backoffice__scroll">
      <table className="backoffice__table" data-testid="bo-meta-table">
        <caption className="visually-hidden">{t('boPages.meta.listTitle')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('boPages.meta.columns.path')}</th>
            <th scope="col">{t('boPages.meta.columns.robots')}</th>
            <th scope="col">{t('boPages.meta.columns.titles')}</th>
            <th scope="col">{t('boPages.meta.columns.updated')}</th>
            <th scope="col">{t('boPages.meta.columns.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {list.data.items.map((item) => (
            <tr key={item.id} data-testid="bo-meta-row" data-path={item.path}>
              <th scope="row" data-label={t('boPages.meta.columns.path')} className="bo-pages__path">
                {item.path}
              </th>
              <td data-label={t('boPages.meta.columns.robots')}>{item.robots ?? t('audit.none')}</td>
              <td data-label={t('boPages.meta.columns.titles')}>{titlesOf(item)}</td>
              <td data-label={t('boPages.meta.columns.updated')}>
                <SavedAt seconds={item.updated_at} />
              </td>
              <td data-label={t('boPages.meta.columns.actions')}>
                <Link className="button" to={paths.backofficeMeta(item.path)} aria-label={t('boPages.meta.editLabel', { path: item.path })}>
                  {t('boPages.meta.edit')}
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** /backoffice/meta (?path= opens a path's editor): page meta per path and language (capability admin.settings). */
export default function MetaEditorRoute() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const asked = search.get('path');
  const path = asked !== null && SitePath.safeParse(asked).success ? asked : null;
  return (
    <BackofficeFrame title={t('boPages.meta.title')} intro={t('boPages.meta.intro')} titleId="bo-meta-title">
      <PathPicker key={asked ?? ''} initial={asked ?? '/'} />
      {path ? <PathEditor path={path} /> : null}
      <h2 className="backoffice__card-title">{t('boPages.meta.listTitle')}</h2>
      <MetaList />
    </BackofficeFrame>
  );
}
