import type { ConversationSummary } from '@velora/shared';
import { PROVIDER_INBOX_SEGMENT, clampPage } from '@velora/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/paths';
import { Pagination } from '@/components/pagination';
import { Skeleton } from '@/components/skeleton';
import { ErrorState, StatusMessage } from '@/components/status-message';
import { useContentLanguage } from '@/lib/content-language';
import { useInbox } from '../api/get-inbox';
import { InboxRow } from '../components/inbox-row';
import { NewMessageDialog } from '../components/new-message-dialog';
import { useNow } from '../components/use-now';
import '../messages.css';

/** Where a conversation of the inbox opens: a playdate's messages, the site inbox, or a person. */
export function conversationHref(summary: ConversationSummary): string {
  if (summary.playdate_id !== null) return paths.playdateMessages(summary.playdate_id);
  if (summary.with.kind === 'site') return paths.conversation(PROVIDER_INBOX_SEGMENT);
  return paths.conversation(summary.with.name);
}

/** /messages?page: the viewer's conversations, newest first. */
export default function InboxRoute() {
  const { t } = useTranslation();
  const language = useContentLanguage();
  const now = useNow();
  const [searchParams] = useSearchParams();
  const page = clampPage(searchParams.get('page') ?? 1);
  const inbox = useInbox(page);
  const navigate = useNavigate();
  const busy = inbox.isPlaceholderData && inbox.isFetching;
  const [picking, setPicking] = useState(false);
  const newMessage = (
    <button type="button" className="button button--primary" onClick={() => setPicking(true)}>
      {t('messages.newMessage.open')}
    </button>
  );

  // A page emptied by deletions: show the last page that still has conversations.
  const lastPage = inbox.data && !inbox.isPlaceholderData ? Math.max(1, inbox.data.pages) : null;
  useEffect(() => {
    if (lastPage !== null && page > lastPage) void navigate(paths.messages(lastPage), { replace: true });
  }, [lastPage, page, navigate]);

  return (
    <div className="page messages-page">
      <header className="page-header messages-page__header">
        <div>
          <h1 className="page-header__title">{t('messages.inbox.title')}</h1>
          <p className="page-header__subtitle">{t('messages.inbox.subtitle')}</p>
        </div>
        {/* The empty inbox offers it as its own action instead. */}
        {inbox.data && inbox.data.conversations.length > 0 ? newMessage : null}
      </header>
      <NewMessageDialog open={picking} onOpenChange={setPicking} />
      {inbox.isPending ? (
        <InboxSkeleton />
      ) : inbox.isError && !inbox.data ? (
        <ErrorState title={t('messages.inbox.errorTitle')} text={t('messages.inbox.errorText')} onRetry={() => void inbox.refetch()} />
      ) : inbox.data.conversations.length === 0 ? (
        <StatusMessage
          title={t('messages.inbox.emptyTitle')}
          text={t('messages.inbox.emptyText')}
          action={
            <span className="messages-page__empty-actions">
              {newMessage}
              <Link className="button button--secondary" to={paths.models()}>
                {t('messages.inbox.browseModels')}
              </Link>
            </span>
          }
        />
      ) : (
        <>
          <p className="messages-page__count">{t('messages.inbox.count', { count: inbox.data.total })}</p>
          <ul className={['inbox', busy ? 'inbox--busy' : ''].filter(Boolean).join(' ')} aria-label={t('messages.inbox.list')} aria-busy={busy || undefined}>
            {inbox.data.conversations.map((summary) => (
              <InboxRow
                key={`${summary.with.name}-${summary.playdate_id ?? ''}`}
                summary={summary}
                href={conversationHref(summary)}
                now={now}
                language={language}
              />
            ))}
          </ul>
          <Pagination page={inbox.data.page} pages={inbox.data.pages} hrefFor={(target) => paths.messages(target)} />
        </>
      )}
    </div>
  );
}

function InboxSkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={t('messages.inbox.loading')} data-testid="inbox-loading">
      <ul className="inbox" aria-hidden="true">
        {Array.from({ length: 5 }, (_, i) => (
          <li key={i} className="inbox-row">
            <span className="inbox-row__link">
              <Skeleton className="message-avatar message-avatar--medium" />
              <span className="inbox-row__main">
                <Skeleton height="1em" width="40%" />
                <Skeleton height="0.9em" width="75%" />
              </span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
