import type { Conversation, Message } from '@velora/shared';
import type { ReactNode } from 'react';
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { paths } from '@/paths';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormAlert } from '@/components/form-alert';
import { Skeleton } from '@/components/skeleton';
import { ErrorState, StatusMessage } from '@/components/status-message';
import { Avatar } from '@/entities/conversation/avatar';
import { MessageThread } from '@/entities/conversation/message-thread';
import { isPendingMessage } from '@/entities/conversation/pending-message';
import { useContentLanguage } from '@/lib/content-language';
import { isApiError } from '@/lib/http';
import { useDeleteConversation } from '../api/delete-conversation';
import { useDeleteMessage } from '../api/delete-message';
import type { ConversationPages } from '../api/get-conversation';
import { useConversation } from '../api/get-conversation';
import { useMarkRead } from '../api/mark-read';
import type { ConversationTarget } from '../conversation-target';
import { isSiteInbox } from '../conversation-target';
import { Composer } from './composer';
import { SiteInboxSettings } from './site-inbox-settings';
import { useNow } from './use-now';

/** How close to the bottom (px) still counts as "reading the newest": new messages then scroll into view. */
const NEAR_BOTTOM_PX = 120;

interface ConversationViewProps {
  target: ConversationTarget;
  /** What a 404 (or a malformed address) says. */
  notFound: { title: string; text: string };
  /** More above the list: the playdate's details. */
  details?: (conversation: Conversation) => ReactNode;
}

/** A conversation: loading, not found, failed, or the messages with the composer (or the site inbox's settings). */
export function ConversationView({ target, notFound, details }: ConversationViewProps) {
  const { t } = useTranslation();
  const conversation = useConversation(target);

  if (conversation.isPending) return <ConversationSkeleton />;
  if (conversation.isError && !conversation.data) {
    if (isApiError(conversation.error, 404) || isApiError(conversation.error, 400)) return <ConversationNotFound {...notFound} />;
    return (
      <div className="page messages-page">
        <ErrorState title={t('messages.conversation.errorTitle')} text={t('messages.conversation.errorText')} onRetry={() => void conversation.refetch()} />
      </div>
    );
  }
  return (
    <LoadedConversation
      target={target}
      pages={conversation.data}
      details={details}
      hasOlder={conversation.hasNextPage}
      loadingOlder={conversation.isFetchingNextPage}
      olderFailed={conversation.isFetchNextPageError}
      loadOlder={() => void conversation.fetchNextPage()}
    />
  );
}

/** Nobody by that name, no such playdate (or an address that cannot be one): say so, and lead back to the inbox. */
export function ConversationNotFound({ title, text }: { title: string; text: string }) {
  const { t } = useTranslation();
  return (
    <div className="page messages-page">
      <StatusMessage
        title={title}
        text={text}
        action={
          <Link className="button button--secondary" to={paths.messages()}>
            {t('messages.conversation.back')}
          </Link>
        }
      />
    </div>
  );
}

interface LoadedConversationProps {
  target: ConversationTarget;
  pages: ConversationPages;
  details: ConversationViewProps['details'];
  hasOlder: boolean;
  loadingOlder: boolean;
  olderFailed: boolean;
  loadOlder: () => void;
}

/** Whether the page is shown (not a background tab): messages count as read only then. */
function usePageVisible(): boolean {
  const [visible, setVisible] = useState(() => document.visibilityState !== 'hidden');
  useEffect(() => {
    const update = () => setVisible(document.visibilityState !== 'hidden');
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, []);
  return visible;
}

function LoadedConversation({ target, pages, details, hasOlder, loadingOlder, olderFailed, loadOlder }: LoadedConversationProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const language = useContentLanguage();
  const now = useNow();
  const titleId = useId();
  const newest = pages.pages[0]!;
  const who = newest.with;
  const siteInbox = who.kind === 'site' || isSiteInbox(target);
  const messages = useMemo(() => [...pages.pages].reverse().flatMap((page) => page.messages), [pages]);

  const scrollerRef = useRef<HTMLDivElement>(null);
  const composerRef = useRef<HTMLTextAreaElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [announcement, setAnnouncement] = useState('');
  const atBottom = useRef(true);
  const onScroll = () => {
    const scroller = scrollerRef.current;
    if (scroller) atBottom.current = scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight <= NEAR_BOTTOM_PX;
  };

  // Open: the newest messages in view, focus in the composer (or on the title where there is none).
  useLayoutEffect(() => {
    const scroller = scrollerRef.current;
    if (scroller) scroller.scrollTop = scroller.scrollHeight;
    if (composerRef.current) composerRef.current.focus();
    else headingRef.current?.focus();
  }, []);

  // "Load older" adds above: keep what was on screen where it was.
  const beforeOlder = useRef<{ height: number; top: number } | null>(null);
  const onLoadOlder = () => {
    const scroller = scrollerRef.current;
    if (scroller) beforeOlder.current = { height: scroller.scrollHeight, top: scroller.scrollTop };
    loadOlder();
  };
  useLayoutEffect(() => {
    const scroller = scrollerRef.current;
    const saved = beforeOlder.current;
    if (!scroller || !saved) return;
    beforeOlder.current = null;
    scroller.scrollTop = scroller.scrollHeight - saved.height + saved.top;
  }, [pages.pages.length]);

  // A newer last message: announce it when it is someone else's, and follow it when the reader is at the bottom.
  // (Another last message is not always a newer one: deleting the newest leaves an older one last.)
  const last = messages.at(-1);
  const lastSeen = useRef(last ? { id: last.id, at: last.created_at } : null);
  useLayoutEffect(() => {
    if (!last || last.id === lastSeen.current?.id) return;
    const newer = lastSeen.current === null || last.created_at >= lastSeen.current.at;
    lastSeen.current = { id: last.id, at: last.created_at };
    if (!newer) return;
    if (!last.from_me) setAnnouncement(t('messages.conversation.newMessage', { name: who.display_name, text: last.text }));
    const scroller = scrollerRef.current;
    if (scroller && (last.from_me || atBottom.current)) scroller.scrollTop = scroller.scrollHeight;
  }, [last, t, who.display_name]);

  // Read on open, and again whenever a message arrives unread while the page is shown.
  const visible = usePageVisible();
  const markRead = useMarkRead(target);
  const newestUnread = useMemo(() => {
    let id: number | null = null;
    for (const message of messages) if (!message.from_me && !message.read && !isPendingMessage(message)) id = Math.max(id ?? 0, message.id);
    return id;
  }, [messages]);
  const markedUpTo = useRef<number | null>(null);
  const mutateRead = markRead.mutate;
  useEffect(() => {
    if (!visible || messages.length === 0) return;
    const opened = markedUpTo.current !== null;
    if (opened && (newestUnread === null || newestUnread <= markedUpTo.current!)) return;
    markedUpTo.current = newestUnread ?? 0;
    mutateRead();
  }, [visible, messages.length, newestUnread, mutateRead]);

  // Deleting one message, or the whole conversation, after asking.
  const [confirming, setConfirming] = useState<{ kind: 'message'; message: Message } | { kind: 'conversation' } | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  // Playdate messages are deleted all together (the API has no single delete for them).
  const deleteMessage = useDeleteMessage(target.kind === 'name' ? target.name : '');
  const canDeleteOne = target.kind === 'name';
  const deleteConversation = useDeleteConversation(target);
  const deleting = deleteMessage.isPending || deleteConversation.isPending;
  const closeConfirm = () => {
    setConfirming(null);
    setDeleteError(null);
  };
  const failedDelete = () => setDeleteError(t('messages.conversation.deleteFailed'));
  const confirmDelete = () => {
    if (!confirming) return;
    setDeleteError(null);
    if (confirming.kind === 'message') {
      deleteMessage.mutate(confirming.message.id, {
        onSuccess: () => {
          closeConfirm();
          setAnnouncement(t('messages.conversation.messageDeleted'));
          // The button that opened the question is gone with its message: focus lands on the composer instead,
          // after the dialog has finished handing focus back.
          setTimeout(() => (composerRef.current ?? headingRef.current)?.focus(), 0);
        },
        onError: failedDelete,
      });
    } else {
      deleteConversation.mutate(undefined, { onSuccess: () => void navigate(paths.messages()), onError: failedDelete });
    }
  };

  const canReply = newest.can_reply && !siteInbox;
  const listId = `${titleId}-list`;

  return (
    <div className="page messages-page conversation">
      <header className="conversation__header">
        <Link className="conversation__back text-button" to={paths.messages()}>
          <span aria-hidden="true">‹</span> {t('messages.conversation.back')}
        </Link>
        <div className="conversation__who">
          <Avatar correspondent={who} />
          <h1 id={titleId} ref={headingRef} className="conversation__title" tabIndex={-1}>
            {who.model_id !== null && who.kind === 'model' ? (
              <Link className="conversation__name-link" to={paths.modelProfile(who.model_id)}>
                {who.display_name}
              </Link>
            ) : (
              who.display_name
            )}
          </h1>
          {who.kind === 'model' ? <span className="badge message-label">{t('messages.modelLabel')}</span> : null}
          {messages.length > 0 ? (
            <button type="button" className="button button--ghost button--small conversation__delete" onClick={() => setConfirming({ kind: 'conversation' })}>
              {t('messages.conversation.deleteConversation')}
            </button>
          ) : null}
        </div>
        {details ? details(newest) : null}
      </header>

      {/* Scrolls on its own, so it can be scrolled from the keyboard too. */}
      <div className="conversation__scroller" ref={scrollerRef} onScroll={onScroll} role="region" aria-labelledby={titleId} tabIndex={0}>
        {hasOlder ? (
          <div className="conversation__older">
            <button type="button" className="button button--ghost button--small" onClick={onLoadOlder} disabled={loadingOlder} aria-controls={listId}>
              {loadingOlder ? t('messages.conversation.loadingOlder') : t('messages.conversation.loadOlder')}
            </button>
            {olderFailed && !loadingOlder ? (
              <p className="conversation__note conversation__note--error" role="alert">
                {t('messages.conversation.olderFailed')}
              </p>
            ) : null}
          </div>
        ) : null}
        {messages.length === 0 ? (
          <p className="conversation__note">{t('messages.conversation.empty')}</p>
        ) : (
          <MessageThread
            id={listId}
            label={t('messages.conversation.list', { name: who.display_name })}
            messages={messages}
            language={language}
            now={now}
            onDelete={canDeleteOne ? (message) => setConfirming({ kind: 'message', message }) : null}
          />
        )}
      </div>
      <p className="visually-hidden" aria-live="polite" data-testid="message-announcer">
        {announcement}
      </p>

      {canReply ? (
        <Composer target={target} name={who.display_name} textareaRef={composerRef} onSent={() => setAnnouncement('')} />
      ) : siteInbox ? (
        <SiteInboxSettings unsubscribed={newest.unsubscribed_groups} />
      ) : (
        <FormAlert tone="info">{t('messages.conversation.cannotReply')}</FormAlert>
      )}

      <ConfirmDialog
        open={confirming !== null}
        title={confirming?.kind === 'conversation' ? t('messages.conversation.deleteConversationTitle') : t('messages.conversation.deleteMessageTitle')}
        description={
          confirming?.kind === 'conversation'
            ? t('messages.conversation.deleteConversationText', { name: who.display_name })
            : t('messages.conversation.deleteMessageText')
        }
        confirmLabel={t('messages.conversation.confirmDelete')}
        pendingLabel={t('messages.conversation.deleting')}
        cancelLabel={t('messages.conversation.cancel')}
        pending={deleting}
        error={deleteError}
        onConfirm={confirmDelete}
        onCancel={closeConfirm}
        testId="message-confirm"
      />
    </div>
  );
}

function ConversationSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="page messages-page conversation" role="status" aria-label={t('messages.conversation.loading')} data-testid="conversation-loading">
      <div aria-hidden="true">
        <div className="conversation__who">
          <Skeleton className="message-avatar message-avatar--medium" />
          <Skeleton height="1.6rem" width="30%" />
        </div>
        <div className="message-list">
          {Array.from({ length: 4 }, (_, i) => (
            <div key={i} className={['message', i % 2 ? 'message--own' : ''].filter(Boolean).join(' ')}>
              <Skeleton className="message__bubble" height="3rem" width="55%" />
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
