import type { BackofficePageSummary } from '@velora/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormAlert } from '@/components/form-alert';
import { ErrorState, StatusMessage } from '@/components/status-message';
import { TextField } from '@/components/text-field';
import { paths } from '@/paths';
import { BackofficeFrame } from '../../components/backoffice-frame';
import { useDeletePage, usePagesList, useSetPublished } from '../api';
import { PageStatus, SavedAt } from '../components/page-bits';
import '../pages.css';

/** /backoffice/pages: every custom page, published or not (capability admin.settings, decision record 076). */
export default function PagesListRoute() {
  const { t } = useTranslation();
  const pages = usePagesList();
  const publish = useSetPublished();
  const remove = useDeletePage();
  const [query, setQuery] = useState('');
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [deleting, setDeleting] = useState<BackofficePageSummary | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const togglePublished = async (page: BackofficePageSummary) => {
    setNotice(null);
    try {
      await publish.mutateAsync({ id: page.id, published: !page.published });
      setNotice({ tone: 'success', text: t(page.published ? 'boPages.list.unpublished' : 'boPages.list.published', { path: page.path }) });
    } catch {
      setNotice({ tone: 'error', text: t('boPages.list.publishFailed') });
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    setDeleteError(null);
    try {
      await remove.mutateAsync(deleting.id);
      setNotice({ tone: 'success', text: t('boPages.list.deleted', { path: deleting.path }) });
      setDeleting(null);
    } catch {
      setDeleteError(t('boPages.list.deleteFailed'));
    }
  };

  let body;
  if (pages.isPending) {
    body = (
      <p role="status" className="backoffice__muted">
        {t('boPages.list.loading')}
      </p>
    );
  } else if (pages.isError) {
    body = <ErrorState title={t('boPages.list.loadFailed')} onRetry={() => void pages.refetch()} />;
  } else if (pages.data.pages.length === 0) {
    body = <StatusMessage title={t('boPages.list.empty')} />;
  } else {
    const needle = query.trim().toLowerCase();
    const shown = needle ? pages.data.pages.filter((p) => p.path.toLowerCase().includes(needle) || p.title.toLowerCase().includes(needle)) : pages.data.pages;
    body = (
      <>
        <p className="backoffice__summary" role="status">
          {needle && shown.length === 0 ? t('boPages.list.noMatch', { query: query.trim() }) : t('boPages.list.total', { count: shown.length })}
        </p>
        {shown.length > 0 ? (
          <div className="backoffice__scroll">
            <table className="backoffice__table" data-testid="bo-pages-table">
              <caption className="visually-hidden">{t('boPages.list.title')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('boPages.list.columns.path')}</th>
                  <th scope="col">{t('boPages.list.columns.type')}</th>
                  <th scope="col">{t('boPages.list.columns.title')}</th>
                  <th scope="col">{t('boPages.list.columns.status')}</th>
                  <th scope="col">{t('boPages.list.columns.updated')}</th>
                  <th scope="col">{t('boPages.list.columns.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {shown.map((page) => (
                  <tr key={page.id} data-testid="bo-page-row" data-path={page.path}>
                    <th scope="row" data-label={t('boPages.list.columns.path')} className="bo-pages__path">
                      <Link to={paths.backofficePage(page.id)} aria-label={t('boPages.list.editLabel', { path: page.path })}>
                        {page.path}
                      </Link>
                    </th>
                    <td data-label={t('boPages.list.columns.type')}>{t(`boPages.types.${page.type}`)}</td>
                    <td data-label={t('boPages.list.columns.title')}>{page.title || <span className="backoffice__muted">{t('boPages.list.untitled')}</span>}</td>
                    <td data-label={t('boPages.list.columns.status')}>
                      <PageStatus published={page.published} hasPassword={page.has_password} />
                    </td>
                    <td data-label={t('boPages.list.columns.updated')}>
                      <SavedAt seconds={page.updated_at} />
                    </td>
                    <td data-label={t('boPages.list.columns.actions')}>
                      <div className="backoffice__row-actions">
                        <Link className="button" to={paths.backofficePage(page.id)} aria-label={t('boPages.list.editLabel', { path: page.path })}>
                          {t('boPages.list.edit')}
                        </Link>
                        <button type="button" className="button" onClick={() => void togglePublished(page)} disabled={publish.isPending}>
                          {page.published ? t('boPages.list.unpublish') : t('boPages.list.publish')}
                        </button>
                        {page.published ? (
                          <a className="button" href={page.path} target="_blank" rel="noopener noreferrer" aria-label={t('boPages.list.openLabel', { path: page.path })}>
                            {t('boPages.list.open')}
                          </a>
                        ) : null}
                        <button type="button" className="button bo-pages__danger" onClick={() => setDeleting(page)} aria-label={t('boPages.list.deleteLabel', { path: page.path })}>
                          {t('boPages.list.delete')}
                        </button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </>
    );
  }

  return (
    <BackofficeFrame title={t('boPages.list.title')} intro={t('boPages.list.intro')} titleId="bo-pages-title">
      {notice ? <FormAlert tone={notice.tone}>{notice.text}</FormAlert> : null}
      <div className="bo-pages__toolbar">
        <Link className="button button--primary" to={paths.backofficePage('new')}>
          {t('boPages.list.newPage')}
        </Link>
        {pages.data && pages.data.pages.length > 0 ? (
          <TextField className="bo-pages__filter" label={t('boPages.list.filter')} type="search" value={query} onChange={(event) => setQuery(event.target.value)} autoComplete="off" />
        ) : null}
      </div>
      {body}
      <ConfirmDialog
        open={deleting !== null}
        title={t('boPages.list.deleteTitle', { path: deleting?.path ?? '' })}
        description={t('boPages.list.deleteText')}
        confirmLabel={t('boPages.list.deleteConfirm')}
        pendingLabel={t('boPages.list.deleting')}
        cancelLabel={t('boPages.list.cancel')}
        pending={remove.isPending}
        error={deleteError}
        onConfirm={() => void confirmDelete()}
        onCancel={() => {
          setDeleting(null);
          setDeleteError(null);
        }}
        testId="bo-page-delete"
      />
    </BackofficeFrame>
  );
}
