import type { Capability, Comment, Language } from '@velora/shared';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '@/lib/capabilities';
import { isApiError } from '@/lib/http';
import { useDeleteComment } from '../api/delete-comment';

interface CommentItemProps {
  comment: Comment;
  language: Language;
  onDeleted: () => void;
}

/**
 * Who may delete anyone's comment: the server lets any team member (comments.service reads isTeamMember, which is the
 * table's `backoffice`). Becomes `moderation.comments` when team kinds are stored, with the server (decision 024 (b)).
 */
const DELETES_ANY_COMMENT: Capability = 'backoffice';

/** One comment, as plain text; its author, or a team member, may delete it after confirming. */
export function CommentItem({ comment, language, onDeleted }: CommentItemProps) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const deleteRef = useRef<HTMLButtonElement>(null);
  const removal = useDeleteComment(comment.video_id);
  const deletesAny = useCan(DELETES_ANY_COMMENT);
  const deletable = comment.is_own || deletesAny;
  const created = new Date(comment.created_at * 1000);

  // Focus follows the question: onto Cancel when asked, back to Delete when it goes away unanswered.
  const returnFocus = useRef(false);
  useEffect(() => {
    if (confirming) cancelRef.current?.focus();
    else if (returnFocus.current) {
      returnFocus.current = false;
      deleteRef.current?.focus();
    }
  }, [confirming]);

  const cancel = () => {
    returnFocus.current = true;
    setConfirming(false);
  };

  const confirm = () => {
    setFailed(null);
    removal.mutate(comment.id, {
      onSuccess: onDeleted,
      onError: (error) => {
        returnFocus.current = true;
        setConfirming(false);
        setFailed(isApiError(error, 403) ? t('comments.deleteForbidden') : t('comments.deleteFailed'));
      },
    });
  };

  return (
    <li className={['comment', comment.is_own ? 'comment--own' : ''].filter(Boolean).join(' ')} data-testid="comment">
      {/* The author's name follows in text: the picture adds nothing for a screen reader. */}
      <img className="comment__avatar comment__avatar--image" src={comment.author_avatar} alt="" width={40} height={40} loading="lazy" decoding="async" />
      <div className="comment__content">
        <p className="comment__meta">
          <span className="comment__author">{comment.author.username}</span>
          {comment.is_own ? <span className="comment__you">{t('comments.you')}</span> : null}
          <span aria-hidden="true"> · </span>
          <time dateTime={created.toISOString()}>{new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(created)}</time>
        </p>
        {/* React renders text, never markup; CSS keeps the author's line breaks. */}
        <p className="comment__body">{comment.body}</p>
        {deletable ? (
          <div className="comment__actions">
            {confirming ? (
              <div className="comment__confirm" role="group" aria-label={t('comments.confirmDelete')}>
                <span>{t('comments.confirmDelete')}</span>
                <button type="button" className="button button--secondary button--small" onClick={confirm} disabled={removal.isPending}>
                  {removal.isPending ? t('comments.deleting') : t('comments.confirmYes')}
                </button>
                <button ref={cancelRef} type="button" className="text-button" onClick={cancel} disabled={removal.isPending}>
                  {t('comments.cancel')}
                </button>
              </div>
            ) : (
              <button ref={deleteRef} type="button" className="text-button comment__delete" onClick={() => setConfirming(true)}>
                {t('comments.delete')}
              </button>
            )}
            {failed ? (
              <p className="comment__error" role="alert">
                {failed}
              </p>
            ) : null}
          </div>
        ) : null}
      </div>
    </li>
  );
}
