import type { CameraMailsUnsubscribed } from '@velora/shared';
import { notFound } from '../../lib/http-error';
import { RATE_LIMITS } from '../../lib/rate-limits';
import {
  CAMERA_MAIL_INTERVAL_MS,
  cameraMailsUnsubscribeToken,
  emailHint,
  goLiveLinks,
  goLiveMail,
  verifyCameraMailsUnsubscribeToken,
} from './camera-mails';
import { cameraMailsRepository as mailsRepo } from './camera-mails.repository';
import { camerasRepository as repo } from './cameras.repository';
import type { CamerasContext } from './cameras-context';
import { cameraSessionsRepository as sessionsRepo } from './camera-sessions.repository';

// Sending the go-live mails of a show that began, and their one-click unsubscribe (decision record 032).

/** The job that mails the members who favourited a camera that went live (data: GoLiveMailJobData). */
export const CAMERA_GO_LIVE_MAIL_JOB = 'camera-go-live-mails';

export interface GoLiveMailJobData {
  cameraId: number;
  sessionId: number;
}

export function goLiveMailing(ctx: CamerasContext) {
  const { deps, key, consume } = ctx;
  const { db, now, config, log } = deps;

  return {
    /** The one-click unsubscribe: the token names the member; camera mails stop (settings turn them on again). */
    async unsubscribeMails(token: string, address: string): Promise<CameraMailsUnsubscribed> {
      await consume(`cameras:unsubscribe:${address}`, RATE_LIMITS.cameraMailUnsubscribesPerAddress, 'unsubscribe attempts');
      const userId = verifyCameraMailsUnsubscribeToken(key(), token);
      const user = userId === null ? null : await mailsRepo.mailUser(db, userId);
      if (!user) throw notFound('This unsubscribe link is not valid');
      await mailsRepo.stopCameraMails(db, user.id);
      return { unsubscribed: true, email_hint: emailHint(user.email) };
    },

    /** The token of a member's unsubscribe links. */
    unsubscribeToken: (userId: number) => cameraMailsUnsubscribeToken(key(), userId),

    /**
     * The go-live mails of a session that began: to each member who favourited the camera and wants them, at most one
     * per member and camera in CAMERA_MAIL_INTERVAL_MS. Answers how many went out. What the mail job runs.
     */
    async mailGoLive(data: GoLiveMailJobData): Promise<number> {
      const session = await sessionsRepo.sessionById(db, data.sessionId);
      // Gone off air before the job ran: a mail saying "live now" would be wrong.
      if (!session || session.camera_id !== data.cameraId || session.ended_at !== null) return 0;
      const at = now();
      const since = new Date(at.getTime() - CAMERA_MAIL_INTERVAL_MS);
      const [row] = await repo.byIds(db, [data.cameraId], at, null);
      if (!row) return 0;
      let sent = 0;
      for (const member of await mailsRepo.mailRecipients(db, data.cameraId, since)) {
        if (!(await mailsRepo.claimMail(db, member.id, data.cameraId, at, since))) continue;
        const links = goLiveLinks(config.publicUrl, row.name, cameraMailsUnsubscribeToken(key(), member.id));
        try {
          await deps.mailer.send(
            goLiveMail({ to: member.email, language: member.language, username: member.username, displayName: row.display_name, title: row.title, ...links }),
          );
          sent += 1;
        } catch (err) {
          // At most once: the claim stays, so a retry of the job never mails twice.
          log.error({ err, userId: member.id, cameraId: data.cameraId }, 'go-live mail delivery failed');
        }
      }
      return sent;
    },
  };
}
