import type { CameraFeedbackAsk, CameraFeedbackBody, CameraFeedbackList } from '@velora/shared';
import { capPage, offsetOf, pagesOf } from '../../lib/paging';
import { RATE_LIMITS } from '../../lib/rate-limits';
import type { AuthContext } from '../sessions/sessions.service';
import { cameraFeedbackRepository as feedbackRepo } from './camera-feedback.repository';
import type { CamerasContext } from './cameras-context';
import { unix } from './camera-views';

// Members rate a show (product §2 camera-feedback); the team reads the answers.

/** How long a rating or a "Not now" keeps the feedback question away for that camera. */
export const CAMERA_FEEDBACK_INTERVAL_MS = 24 * 60 * 60 * 1000;
/** Answers on one page of the team's list. */
export const CAMERA_FEEDBACK_PER_PAGE = 25;

export function cameraFeedback(ctx: CamerasContext) {
  const { deps, consume, requireCamera } = ctx;
  const { db, now } = deps;

  return {
    /** product §2 camera-feedback: asked at most once a day per camera; a rating or a "Not now" both count. */
    async feedbackAsk(name: string, viewer: AuthContext): Promise<CameraFeedbackAsk> {
      const row = await requireCamera(name, viewer);
      const since = new Date(now().getTime() - CAMERA_FEEDBACK_INTERVAL_MS);
      return { ask: !(await feedbackRepo.feedbackSince(db, viewer.userId, row.id, since)) };
    },

    async sendFeedback(name: string, body: CameraFeedbackBody, viewer: AuthContext): Promise<void> {
      await consume(`cameras:feedback:${viewer.userId}`, RATE_LIMITS.cameraFeedbackPerAccount, 'show ratings');
      const row = await requireCamera(name, viewer);
      const message = body.dismissed ? null : body.message || null;
      await feedbackRepo.addFeedback(db, { cameraId: row.id, userId: viewer.userId, rating: body.dismissed ? null : body.rating!, message, at: now() });
    },

    /** The team's view of the answers (capability backoffice, checked by the table): newest first, the mean rating. */
    async feedbackList(query: { page: number; rated: boolean }): Promise<CameraFeedbackList> {
      const page = capPage(query.page);
      const filter = { rated: query.rated };
      const [rows, totals] = await Promise.all([
        feedbackRepo.feedbackPage(db, filter, CAMERA_FEEDBACK_PER_PAGE, offsetOf(page, CAMERA_FEEDBACK_PER_PAGE)),
        feedbackRepo.feedbackTotals(db, filter),
      ]);
      return {
        items: rows.map((row) => ({
          id: row.id,
          camera_name: row.camera_name,
          display_name: row.display_name,
          user_id: row.user_id,
          username: row.username,
          rating: row.rating,
          message: row.message ?? '',
          dismissed: row.dismissed,
          created_at: unix(row.created_at),
        })),
        page,
        per_page: CAMERA_FEEDBACK_PER_PAGE,
        total: totals.total,
        pages: pagesOf(totals.total, CAMERA_FEEDBACK_PER_PAGE),
        average_rating: totals.average === null ? null : Math.round(totals.average * 100) / 100,
      };
    },
  };
}
