import { withoutStrayControls, type Comment, type CommentList } from '@velora/shared';
import type { Platform } from '../../platform';
import { badRequest, forbidden, notFound, tooManyRequests } from '../../lib/http-error';
import { RATE_LIMITS } from '../../lib/rate-limits';
import { capPage, isDbId, offsetOf, pagesOf } from '../../lib/paging';
import type { AuthContext } from '../sessions/sessions.service';
import { commentsRepository, type CommentRow } from './comments.repository';

export const COMMENTS_PER_PAGE = 20;
/** Per member: enough for a conversation, too few for a flood. */

class VideoGone extends Error {}

export function createCommentsService(deps: Pick<Platform, 'db' | 'rateLimits' | 'mediaUrls'>) {
  const { db, rateLimits, mediaUrls } = deps;

  const toComment = (row: CommentRow, viewer: AuthContext): Comment => ({
    id: row.id,
    video_id: row.video_id,
    body: row.body,
    created_at: Math.floor(new Date(row.created_at).getTime() / 1000),
    author: { id: row.user_id, username: row.username, avatar: row.avatar },
    author_avatar: mediaUrls.avatar(row.user_id, row.avatar),
    is_own: row.user_id === viewer.userId,
  });

  async function requireVideo(videoId: number): Promise<void> {
    if (!isDbId(videoId) || !(await commentsRepository.videoExists(db, videoId))) throw notFound(`No video with id ${videoId}`);
  }

  return {
    async list(videoId: number, requestedPage: number, viewer: AuthContext): Promise<CommentList> {
      await requireVideo(videoId);
      const page = capPage(requestedPage);
      const [total, rows] = await Promise.all([
        commentsRepository.count(db, videoId),
        commentsRepository.page(db, videoId, COMMENTS_PER_PAGE, offsetOf(page, COMMENTS_PER_PAGE)),
      ]);
      return { comments: rows.map((r) => toComment(r, viewer)), total, page, pages: pagesOf(total, COMMENTS_PER_PAGE) };
    },

    /** Posts a plain-text comment (already trimmed and length-checked by the contract). */
    async post(videoId: number, text: string, viewer: AuthContext): Promise<Comment> {
      const body = withoutStrayControls(text).trim();
      if (body === '') throw badRequest('Invalid body: body (Write something first)', { body: 'Write something first' });
      await requireVideo(videoId);
      const hits = await rateLimits.consume(`comments:user:${viewer.userId}`, RATE_LIMITS.commentsPerAccount);
      if (!hits.allowed) {
        throw tooManyRequests('You are commenting too fast. Please wait a moment.', Math.max(1, Math.ceil(hits.retryAfterMs / 1000)));
      }
      try {
        const row = await db.transaction(async (tx) => {
          if (!(await commentsRepository.adjustTotal(tx, videoId, 1))) throw new VideoGone();
          return commentsRepository.insert(tx, videoId, viewer.userId, body);
        });
        return toComment(row, viewer);
      } catch (error) {
        if (error instanceof VideoGone) throw notFound(`No video with id ${videoId}`);
        throw error;
      }
    },

    /** The author or a team member may delete a comment; anyone else gets 403. */
    async remove(videoId: number, commentId: number, viewer: AuthContext): Promise<void> {
      const comment = isDbId(videoId) && isDbId(commentId) ? await commentsRepository.find(db, commentId) : null;
      if (!comment || comment.video_id !== videoId) throw notFound(`No comment with id ${commentId} on video ${videoId}`);
      if (comment.user_id !== viewer.userId && !viewer.isTeamMember) throw forbidden('Only the author or a team member may delete this comment');
      await db.transaction(async (tx) => {
        // A comment deleted by a concurrent request must not be subtracted twice.
        if (await commentsRepository.delete(tx, commentId)) await commentsRepository.adjustTotal(tx, videoId, -1);
      });
    },
  };
}
export type CommentsService = ReturnType<typeof createCommentsService>;
