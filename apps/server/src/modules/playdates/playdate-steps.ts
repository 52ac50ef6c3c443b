import { PLAYDATE_EVENTS, PLAYDATE_REMINDER_MINUTES } from '@velora/shared';
import type { PlaydateBookings } from './playdate-bookings';
import { MINUTE, endOf, unix, type PlaydatesDeps } from './playdate-helpers';
import { playdateReminderMail, playdateRoomPath } from './playdate-mails';
import { playdateSettingsRepository as settingsRepo } from './playdate-settings.repository';
import type { PlaydateStatusChanges } from './playdate-status-changes';
import { playdateStepsRepository as stepsRepo } from './playdate-steps.repository';
import type { PlaydateViews } from './playdate-views';
import { playdatesRepository as repo } from './playdates.repository';

// The time-driven steps of playdates (decision record 040), run by their jobs and the per-minute sweep
// (playdates-jobs.ts): each a no-op unless it is due (a job early or late, twice, or the sweep's). And what the rooms
// report in between: the model came, so the playdate is not missed.

export function createPlaydateSteps(
  deps: Pick<PlaydatesDeps, 'db' | 'now' | 'realtime' | 'log' | 'mailer' | 'config' | 'cameraChat'>,
  parts: { views: PlaydateViews; changes: PlaydateStatusChanges; bookings: PlaydateBookings },
) {
  const { db, now, realtime, log } = deps;
  const { views, changes, bookings } = parts;

  async function expireIfDue(id: number) {
    return changes.change(id, 'expire', [], bookings.release);
  }

  async function startIfDue(id: number) {
    const limits = await settingsRepo.limits(db);
    return changes.change(id, 'start', [], bookings.captureWith(limits));
  }

  async function missedIfDue(id: number) {
    const limits = await settingsRepo.limits(db);
    return changes.change(id, 'missed', [limits.start_grace_minutes], bookings.refund);
  }

  async function endIfDue(id: number) {
    const missed = await missedIfDue(id);
    if (missed) return missed;
    return changes.change(id, 'finish', []);
  }

  /** The reminders of a playdate starting soon: a line in her camera's chat, a push and a mail to each who asked. */
  async function remindIfDue(id: number): Promise<number> {
    const at = now();
    const row = await views.viewRow(id);
    if (!row || row.starts_at === null || !['scheduled', 'live'].includes(row.status)) return 0;
    const starts = new Date(row.starts_at).getTime();
    if (starts - PLAYDATE_REMINDER_MINUTES * MINUTE > at.getTime() || endOf(row)!.getTime() <= at.getTime()) return 0;
    const limits = await settingsRepo.limits(db);
    const playdate = await views.toView(row, null, limits);
    const once = `playdate:${row.id}:reminder`;
    try {
      if (row.camera_id !== null && row.kind === 'public') {
        await deps.cameraChat.postSystemMessage({
          cameraId: row.camera_id,
          kind: 'pub_reminders',
          key: 'playdate_reminder',
          params: { model: row.model_name, playdate_id: row.id, title: row.title, starts_at: unix(row.starts_at) },
          text: `${row.model_name}'s public playdate "${row.title}" starts at ${new Date(starts).toISOString().slice(11, 16)} UTC.`,
          onceKey: once,
        });
      } else if (row.camera_id !== null && row.member_id !== null) {
        await deps.cameraChat.postSystemMessage({
          cameraId: row.camera_id,
          kind: 'pr_reminders',
          key: 'private_playdate_reminder',
          params: { model: row.model_name, playdate_id: row.id, starts_at: unix(row.starts_at) },
          text: `Your private playdate with ${row.model_name} starts at ${new Date(starts).toISOString().slice(11, 16)} UTC.`,
          toUserId: row.member_id,
          onceKey: once,
        });
      }
    } catch (err) {
      log.error({ err, playdateId: id }, 'playdate reminder chat message failed');
    }
    const claimed = await repo.claimReminders(db, row.id, at);
    for (const person of claimed) {
      realtime.toUser(person.user_id, PLAYDATE_EVENTS.reminder, playdate);
      if (!person.mail || !person.email) continue;
      try {
        await deps.mailer.send(
          playdateReminderMail(
            { email: person.email, username: person.username, language: person.language },
            { kind: row.kind, title: row.title, modelName: row.model_name, startsAt: new Date(starts), url: `${deps.config.publicUrl}${playdateRoomPath(row.kind, row.id)}` },
          ),
        );
      } catch (err) {
        log.error({ err, playdateId: id }, 'playdate reminder mail failed');
      }
    }
    return claimed.length;
  }

  return {
    expireIfDue,
    startIfDue,
    missedIfDue,
    endIfDue,
    remindIfDue,

    /** Every overdue step of every playdate: the backstop of lost jobs and restarts. Answers the steps done. */
    async sweep(): Promise<number> {
      const limits = await settingsRepo.limits(db);
      const due = await stepsRepo.dueIds(db, now(), limits.start_grace_minutes, PLAYDATE_REMINDER_MINUTES);
      let done = 0;
      const run = async (ids: number[], step: (id: number) => Promise<unknown>) => {
        for (const id of ids) {
          try {
            if (await step(id)) done += 1;
          } catch (err) {
            log.error({ err, playdateId: id }, 'playdate sweep step failed');
          }
        }
      };
      await run(due.expire, expireIfDue);
      await run(due.start, startIfDue);
      await run(due.missed, missedIfDue);
      await run(due.end, endIfDue);
      await run(due.remind, remindIfDue);
      return done;
    },

    /** The model's side published for the first time in a live playdate: it is not missed. Idempotent. */
    async modelPublished(id: number): Promise<void> {
      await repo.markModelJoined(db, id, now());
    },
  };
}

export type PlaydateSteps = ReturnType<typeof createPlaydateSteps>;
