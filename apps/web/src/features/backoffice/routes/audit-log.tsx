import type { AuditEntry } from '@velora/shared';
import { clampPage } from '@velora/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Pagination } from '@/components/pagination';
import { ErrorState, StatusMessage } from '@/components/status-message';
import { TextField } from '@/components/text-field';
import { useContentLanguage } from '@/lib/content-language';
import { paths } from '@/paths';
import { useAuditLog, type AuditFilters } from '../api/get-audit-log';
import { BackofficeFrame } from '../components/backoffice-frame';

const FILTER_KEYS = ['actor', 'action', 'subject_type', 'subject_id', 'from', 'to'] as const;
type FilterKey = (typeof FILTER_KEYS)[number];

const pretty = (value: unknown) => JSON.stringify(value, null, 2);

function EntryRow({ entry, language }: { entry: AuditEntry; language: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const at = new Date(entry.at * 1000);
  const detailsId = `audit-entry-${entry.id}`;
  return (
    <tr data-testid="audit-entry">
      <td data-label={t('audit.columns.at')}>
        <time dateTime={at.toISOString()}>{new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'medium' }).format(at)}</time>
      </td>
      <td data-label={t('audit.columns.actor')}>
        {entry.actor.name}
        {entry.actor.id !== null ? <span className="backoffice__muted"> #{entry.actor.id}</span> : null}
      </td>
      <td data-label={t('audit.columns.action')}>
        <code>{entry.action}</code>
      </td>
      <td data-label={t('audit.columns.subject')}>{entry.subject ? `${entry.subject.type} ${entry.subject.id}` : t('audit.none')}</td>
      <td data-label={t('audit.columns.details')}>
        <button type="button" className="text-link" aria-expanded={open} aria-controls={detailsId} onClick={() => setOpen(!open)}>
          {open ? t('audit.hideDetails') : t('audit.details')}
        </button>
        <div id={detailsId} hidden={!open}>
          {open ? (
            <>
              {entry.ip ? <p className="backoffice__muted">{t('audit.ip', { ip: entry.ip })}</p> : null}
              <h3 className="backoffice__card-title">{t('audit.before')}</h3>
              <pre className="backoffice__json">{pretty(entry.before)}</pre>
              <h3 className="backoffice__card-title">{t('audit.after')}</h3>
              <pre className="backoffice__json">{pretty(entry.after)}</pre>
              <h3 className="backoffice__card-title">{t('audit.request')}</h3>
              <pre className="backoffice__json">{pretty(entry.request)}</pre>
            </>
          ) : null}
        </div>
      </td>
    </tr>
  );
}

/** /backoffice/audit: every back-office and studio write, filtered, newest first (capability admin.audit). */
export default function AuditLogRoute() {
  const { t } = useTranslation();
  const language = useContentLanguage();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters: AuditFilters = {
    page: clampPage(searchParams.get('page') ?? undefined),
    ...(Object.fromEntries(FILTER_KEYS.map((key) => [key, searchParams.get(key) ?? ''])) as Record<FilterKey, string>),
  };
  const [draft, setDraft] = useState<Record<FilterKey, string>>(() => Object.fromEntries(FILTER_KEYS.map((key) => [key, filters[key]])) as Record<FilterKey, string>);
  const log = useAuditLog(filters);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    // New filters start on their first page.
    setSearchParams(new URL(paths.backofficeAudit(draft), window.location.origin).searchParams);
  };
  const clear = () => {
    setDraft(Object.fromEntries(FILTER_KEYS.map((key) => [key, ''])) as Record<FilterKey, string>);
    setSearchParams(new URLSearchParams());
  };
  const field = (key: FilterKey, label: string, type = 'text') => (
    <TextField label={label} type={type} value={draft[key]} onChange={(event) => setDraft({ ...draft, [key]: event.target.value })} autoComplete="off" />
  );

  let body;
  if (log.isPending) {
    body = (
      <p role="status" className="backoffice__muted">
        {t('audit.loading')}
      </p>
    );
  } else if (log.isError) {
    body = <ErrorState title={t('audit.loadFailed')} text={log.error.message} onRetry={() => void log.refetch()} />;
  } else if (log.data.entries.length === 0) {
    body = (
      <div data-testid="audit-empty">
        <StatusMessage title={t('audit.empty')} />
      </div>
    );
  } else {
    body = (
      <>
        <div className="backoffice__scroll" aria-busy={log.isPlaceholderData || undefined}>
          <table className="backoffice__table">
            <caption className="visually-hidden">{t('audit.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('audit.columns.at')}</th>
                <th scope="col">{t('audit.columns.actor')}</th>
                <th scope="col">{t('audit.columns.action')}</th>
                <th scope="col">{t('audit.columns.subject')}</th>
                <th scope="col">{t('audit.columns.details')}</th>
              </tr>
            </thead>
            <tbody>
              {log.data.entries.map((entry) => (
                <EntryRow key={entry.id} entry={entry} language={language} />
              ))}
            </tbody>
          </table>
        </div>
        <Pagination page={log.data.page} pages={log.data.pages} hrefFor={(page) => paths.backofficeAudit({ ...filters, page })} />
      </>
    );
  }

  return (
    <BackofficeFrame title={t('audit.title')} intro={t('audit.intro')} titleId="audit-title">
      <form className="backoffice__filters" onSubmit={apply} aria-label={t('audit.filters')} role="search">
        {field('actor', t('audit.actor'))}
        {field('action', t('audit.action'))}
        {field('subject_type', t('audit.subjectType'))}
        {field('subject_id', t('audit.subjectId'))}
        {field('from', t('audit.from'), 'date')}
        {field('to', t('audit.to'), 'date')}
        <div className="backoffice__filters-actions">
          <button type="submit" className="button button--primary">
            {t('audit.apply')}
          </button>
          <button type="button" className="button" onClick={clear}>
            {t('audit.reset')}
          </button>
        </div>
      </form>
      {log.data ? (
        <p className="backoffice__summary" aria-live="polite" data-testid="audit-total">
          {t('audit.total', { count: log.data.total })}
        </p>
      ) : null}
      {body}
    </BackofficeFrame>
  );
}
