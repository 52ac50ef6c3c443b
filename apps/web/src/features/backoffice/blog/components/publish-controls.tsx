import type { BoBlogArticle } from '@velora/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/paths';
import { StatusChip, useDateFormat } from './article-status';

/** A datetime-local value (the writer's own time zone) as unix seconds; null when empty or unreadable. */
export function unixFromLocalInput(value: string): number | null {
  if (!value) return null;
  const ms = new Date(value).getTime();
  return Number.isNaN(ms) ? null : Math.floor(ms / 1000);
}

const pad = (n: number) => String(n).padStart(2, '0');
/** A moment as a datetime-local value in the writer's time zone. */
export const localInputOf = (date: Date) =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;

/**
 * Where the article stands and what can happen to it: save (the form's submit), publish now, schedule for a time,
 * unpublish. Publishing saves unsaved text first (the editor does).
 */
export function PublishControls({ article, busy, saving, publishing, unpublishing, onPublish, onUnpublish }: {
  article: BoBlogArticle;
  busy: boolean;
  saving: boolean;
  publishing: boolean;
  unpublishing: boolean;
  onPublish: (publishAt?: number) => void;
  onUnpublish: () => void;
}) {
  const { t } = useTranslation();
  const format = useDateFormat();
  const scheduleId = useId();
  const [when, setWhen] = useState(() => localInputOf(new Date(Date.now() + 3_600_000)));
  const [whenError, setWhenError] = useState<string | null>(null);
  const date = article.publish_at === null ? '' : format(article.publish_at);
  const statusText =
    article.status === 'draft'
      ? t('boBlog.editor.statusDraft')
      : t(article.status === 'scheduled' ? 'boBlog.editor.statusScheduled' : 'boBlog.editor.statusPublished', { date });

  const schedule = () => {
    const at = unixFromLocalInput(when);
    if (at === null || at * 1000 <= Date.now()) {
      setWhenError(t('boBlog.editor.pickTime'));
      return;
    }
    setWhenError(null);
    onPublish(at);
  };

  return (
    <div className="bo-blog__publish" data-testid="bo-blog-publish">
      <p className="bo-blog__state" role="status" data-testid="bo-blog-state" data-status={article.status}>
        <StatusChip status={article.status} /> {statusText}{' '}
        {article.status === 'published' ? (
          <Link className="text-link" to={paths.blog(article.language, article.alias)} data-testid="bo-blog-view">
            {t('boBlog.editor.viewOnBlog')}
          </Link>
        ) : null}
      </p>
      <div className="bo-blog__actions">
        <button type="submit" className="button" disabled={busy} aria-busy={saving || undefined} data-testid="bo-blog-save">
          {saving ? t('boBlog.editor.saving') : article.status === 'draft' ? t('boBlog.editor.saveDraft') : t('boBlog.editor.saveChanges')}
        </button>
        {article.status !== 'published' ? (
          <button type="button" className="button button--primary" disabled={busy} aria-busy={publishing || undefined} onClick={() => onPublish()} data-testid="bo-blog-publish-now">
            {publishing ? t('boBlog.editor.publishing') : t('boBlog.editor.publishNow')}
          </button>
        ) : null}
        {article.status !== 'draft' ? (
          <button type="button" className="button" disabled={busy} aria-busy={unpublishing || undefined} onClick={onUnpublish} data-testid="bo-blog-unpublish">
            {unpublishing ? t('boBlog.editor.unpublishing') : t('boBlog.editor.unpublish')}
          </button>
        ) : null}
      </div>
      {article.status !== 'published' ? (
        <div className="bo-blog__schedule">
          <div className={whenError ? 'field field--invalid' : 'field'}>
            <label className="field__label" htmlFor={scheduleId}>
              {t('boBlog.editor.scheduleAt')}
            </label>
            <input
              id={scheduleId}
              type="datetime-local"
              className="field__input"
              value={when}
              min={localInputOf(new Date())}
              aria-invalid={whenError ? true : undefined}
              aria-describedby={whenError ? `${scheduleId}-error` : undefined}
              onChange={(event) => setWhen(event.target.value)}
            />
            {whenError ? (
              <p id={`${scheduleId}-error`} className="field__error">
                {whenError}
              </p>
            ) : null}
          </div>
          <button type="button" className="button" disabled={busy} onClick={schedule} data-testid="bo-blog-schedule">
            {t('boBlog.editor.schedule')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
