import type { BoBlogArticle } from '@velora/shared';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { FormAlert } from '@/components/form-alert';
import { ErrorState, StatusMessage } from '@/components/status-message';
import { isApiError } from '@/lib/http';
import { paths } from '@/paths';
import { BackofficeFrame } from '../../components/backoffice-frame';
import { useCreateBlogArticle, usePublishBlogArticle, useSaveBlogArticle, useUnpublishBlogArticle } from '../api/change-blog-article';
import { useBlogArticle } from '../api/get-blog-article';
import { ArticleForm, EMPTY_DRAFT, fieldsOf, type ArticleDraft, type ArticleFieldErrors } from '../components/article-form';
import { useDateFormat } from '../components/article-status';
import { PublishControls } from '../components/publish-controls';
import '../blog-writing.css';

const draftOf = (article: BoBlogArticle): ArticleDraft => ({
  title: article.title,
  alias: article.alias,
  language: article.language,
  category_id: article.category.id,
  excerpt: article.excerpt,
  body_markdown: article.body_markdown,
  cover_image: article.cover_image ?? '',
});

const sameDraft = (a: ArticleDraft, b: ArticleDraft) => (Object.keys(a) as (keyof ArticleDraft)[]).every((key) => a[key] === b[key]);

type Notice = { tone: 'success' | 'error'; text: string; stale?: boolean } | null;

/** What a refused write means for the form: fields the server named, or one message (the stale copy among them). */
function useRefusal() {
  const { t } = useTranslation();
  return (error: unknown): { fields: ArticleFieldErrors; notice: Notice } => {
    if (isApiError(error, 409) && error.code === 'STALE_VERSION') return { fields: {}, notice: { tone: 'error', text: t('boBlog.editor.stale'), stale: true } };
    if (isApiError(error, 409) && error.code === 'ALIAS_TAKEN') return { fields: { alias: t('boBlog.editor.aliasTaken') }, notice: { tone: 'error', text: t('boBlog.editor.invalid') } };
    if (isApiError(error, 409) && error.code === 'EMPTY_ARTICLE') return { fields: { body_markdown: t('boBlog.editor.empty') }, notice: { tone: 'error', text: t('boBlog.editor.empty') } };
    if (isApiError(error, 400) && error.fields) {
      const { publish_at: publishAt, ...fields } = error.fields;
      return { fields: fields as ArticleFieldErrors, notice: { tone: 'error', text: publishAt ? t('boBlog.editor.pickTime') : t('boBlog.editor.invalid') } };
    }
    return { fields: {}, notice: { tone: 'error', text: t('boBlog.editor.failed') } };
  };
}

function EditorFrame({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <BackofficeFrame title={title} titleId="bo-blog-editor-title">
      <p className="bo-blog__lead">
        <Link className="text-link" to={paths.backofficeBlog()}>
          <span aria-hidden="true">‹ </span>
          {t('boBlog.editor.back')}
        </Link>
      </p>
      {children}
    </BackofficeFrame>
  );
}

function NoticeLine({ notice, onReload }: { notice: Notice; onReload: () => void }) {
  const { t } = useTranslation();
  if (!notice) return null;
  return (
    <div data-testid={notice.stale ? 'bo-blog-stale' : 'bo-blog-notice'}>
      <FormAlert tone={notice.tone}>
        {notice.text}
        {notice.stale ? (
          <>
            {' '}
            <button type="button" className="text-link" onClick={onReload}>
              {t('boBlog.editor.reload')}
            </button>
          </>
        ) : null}
      </FormAlert>
    </div>
  );
}

/** /backoffice/blog/new: a new article, saved as a draft first (then the editor of that article). */
export function NewArticleRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateBlogArticle();
  const refusal = useRefusal();
  const [draft, setDraft] = useState<ArticleDraft>(EMPTY_DRAFT);
  const [aliasTouched, setAliasTouched] = useState(false);
  const [errors, setErrors] = useState<ArticleFieldErrors>({});
  const [notice, setNotice] = useState<Notice>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setNotice(null);
    try {
      const article = await create.mutateAsync(fieldsOf(draft));
      void navigate(paths.backofficeBlogArticle(article.id), { replace: true, state: { created: true } });
    } catch (error) {
      const refused = refusal(error);
      setErrors(refused.fields);
      setNotice(refused.notice);
    }
  };

  return (
    <EditorFrame title={t('boBlog.editor.newTitle')}>
      <form noValidate onSubmit={submit} data-testid="bo-blog-editor">
        <ArticleForm
          value={draft}
          onChange={(next) => {
            if (next.alias !== draft.alias && next.title === draft.title) setAliasTouched(true);
            setDraft(next);
          }}
          errors={errors}
          aliasFollowsTitle={!aliasTouched}
          coverUrl={null}
        />
        {/* Beside the buttons, where the writer's eyes are after a click (on a phone the form's top is far away). */}
        <NoticeLine notice={notice} onReload={() => undefined} />
        <div className="bo-blog__actions">
          <button type="submit" className="button button--primary" disabled={create.isPending} aria-busy={create.isPending || undefined}>
            {create.isPending ? t('boBlog.editor.saving') : t('boBlog.editor.saveDraft')}
          </button>
        </div>
      </form>
    </EditorFrame>
  );
}

function ArticleEditor({ article, onReload, created }: { article: BoBlogArticle; onReload: () => Promise<void>; created: boolean }) {
  const { t } = useTranslation();
  const save = useSaveBlogArticle();
  const publish = usePublishBlogArticle();
  const unpublish = useUnpublishBlogArticle();
  const refusal = useRefusal();
  const format = useDateFormat();
  // The editor's copy and the version it was read at: a write names that version, and a stale one is refused.
  const [base, setBase] = useState(article);
  const [draft, setDraft] = useState<ArticleDraft>(() => draftOf(article));
  const [errors, setErrors] = useState<ArticleFieldErrors>({});
  const [notice, setNotice] = useState<Notice>(created ? { tone: 'success', text: t('boBlog.editor.created') } : null);
  const dirty = !sameDraft(draft, draftOf(base));
  const busy = save.isPending || publish.isPending || unpublish.isPending;

  const run = async (write: (current: BoBlogArticle) => Promise<BoBlogArticle>, done: (article: BoBlogArticle) => string) => {
    setErrors({});
    setNotice(null);
    try {
      // Unsaved text is saved first, so "publish" publishes what the writer sees.
      const current = dirty ? await save.mutateAsync({ id: base.id, body: { ...fieldsOf(draft), version: base.version } }) : base;
      setBase(current);
      const after = await write(current);
      setBase(after);
      setDraft(draftOf(after));
      setNotice({ tone: 'success', text: done(after) });
    } catch (error) {
      const refused = refusal(error);
      setErrors(refused.fields);
      setNotice(refused.notice);
    }
  };

  const reload = async () => {
    await onReload();
    setNotice(null);
    setErrors({});
  };

  return (
    <form
      noValidate
      data-testid="bo-blog-editor"
      onSubmit={(event) => {
        event.preventDefault();
        void run(async (current) => current, () => t('boBlog.editor.saved'));
      }}
    >
      <ArticleForm value={draft} onChange={setDraft} errors={errors} aliasFollowsTitle={false} coverUrl={base.cover} />
      {/* Beside the buttons, where the writer's eyes are after a click (on a phone the form's top is far away). */}
      <NoticeLine notice={notice} onReload={() => void reload()} />
      <PublishControls
        article={base}
        busy={busy}
        saving={save.isPending}
        publishing={publish.isPending}
        unpublishing={unpublish.isPending}
        onPublish={(publishAt) =>
          void run(
            (current) => publish.mutateAsync({ id: current.id, version: current.version, ...(publishAt === undefined ? {} : { publishAt }) }),
            (after) => (after.status === 'scheduled' ? t('boBlog.editor.scheduled', { date: format(after.publish_at ?? 0) }) : t('boBlog.editor.published')),
          )
        }
        onUnpublish={() => void run((current) => unpublish.mutateAsync({ id: current.id, version: current.version }), () => t('boBlog.editor.unpublished'))}
      />
    </form>
  );
}

/** /backoffice/blog/:id: one article in the editor (blog.write). */
export function EditArticleRoute() {
  const { t } = useTranslation();
  const params = useParams();
  const id = Number(params.id);
  const valid = Number.isInteger(id) && id > 0 && id <= 2_147_483_647;
  const article = useBlogArticle(valid ? id : 0);
  const location = useLocation();
  const created = (location.state as { created?: boolean } | null)?.created === true;
  // A reload replaces the editor's copy: the key remounts the editor with the article as it now is.
  const [generation, setGeneration] = useState(0);

  let body;
  if (!valid || (article.isError && isApiError(article.error, 404))) {
    body = <StatusMessage title={t('boBlog.editor.notFound')} />;
  } else if (article.isPending) {
    body = (
      <p role="status" className="backoffice__muted">
        {t('boBlog.editor.loading')}
      </p>
    );
  } else if (article.isError) {
    body = <ErrorState title={t('boBlog.editor.loadFailed')} onRetry={() => void article.refetch()} />;
  } else {
    body = (
      <ArticleEditor
        key={`${article.data.id}-${generation}`}
        article={article.data}
        created={created && generation === 0}
        onReload={async () => {
          await article.refetch();
          setGeneration((n) => n + 1);
        }}
      />
    );
  }
  return <EditorFrame title={t('boBlog.editor.editTitle')}>{body}</EditorFrame>;
}
