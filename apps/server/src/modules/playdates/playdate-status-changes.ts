import { PLAYDATE_EVENTS, roomName, type PlaydateStatus, type PlaydateStatusEvent } from '@velora/shared';
import type { Queryable } from '../../db/database';
import type { PlaydatesDeps } from './playdate-helpers';
import { playdateAnswerMail, playdateRoomPath } from './playdate-mails';
import type { PlaydateNextJobs } from './playdate-next-jobs';
import { playdateSettingsRepository as settingsRepo } from './playdate-settings.repository';
import { playdateStepsRepository as stepsRepo, type PlaydateStep, type PlaydateStepParams } from './playdate-steps.repository';
import type { PlaydateViews } from './playdate-views';
import type { PlaydateStatusChange } from './playdates-port';
import { playdatesRepository as repo, type PlaydateRow, type PlaydateViewRow } from './playdates.repository';

// How a playdate's status changes (decision record 040): one step in one transaction, then announced to both people,
// the room and the listeners (the rooms module), the member mailed his request's answer, and the next jobs queued.

/** What a step books in its transaction (the money), given the changed row. */
export type StepBooking = (tx: Queryable, row: PlaydateRow, at: Date) => Promise<void>;

export function createPlaydateStatusChanges(
  deps: Pick<PlaydatesDeps, 'db' | 'now' | 'realtime' | 'log' | 'mailer' | 'config'>,
  views: PlaydateViews,
  nextJobs: PlaydateNextJobs,
) {
  const { db, now, realtime, log } = deps;
  const listeners = new Set<(change: PlaydateStatusChange) => void | Promise<void>>();

  /** After a commit: the pushes to both people and the room, the listeners (failures logged), the next jobs. */
  async function announce(row: PlaydateRow, previous: PlaydateStatus): Promise<void> {
    try {
      const view = await views.viewRow(row.id);
      if (!view) return;
      const limits = await settingsRepo.limits(db);
      const event: PlaydateStatusEvent = { playdate: await views.toView(view, null, limits), status: views.statusView(view, limits) };
      const users = new Set([...view.model_user_ids, ...(view.member_id === null ? [] : [view.member_id])]);
      for (const userId of users) realtime.toUser(userId, PLAYDATE_EVENTS.status, event);
      realtime.toRoom(roomName('playdate', view.id), PLAYDATE_EVENTS.status, event);
      const change: PlaydateStatusChange = { record: views.toRecord(view), previous };
      for (const listener of listeners) {
        try {
          await listener(change);
        } catch (err) {
          log.error({ err, playdateId: row.id }, 'playdate status listener failed');
        }
      }
      await mailAnswer(view, previous);
    } catch (err) {
      log.error({ err, playdateId: row.id }, 'playdate status push failed');
    }
    await nextJobs.queueAfter(row);
  }

  /** The member hears by mail how his request was answered (accepted, declined, expired), if he wants playdate mails. */
  async function mailAnswer(view: PlaydateViewRow, previous: PlaydateStatus): Promise<void> {
    if (view.kind !== 'private' || view.member_id === null || previous !== 'requested') return;
    const answer = ({ scheduled: 'accepted', declined: 'declined', expired: 'expired' } as const)[view.status as 'scheduled' | 'declined' | 'expired'];
    if (!answer) return;
    const person = await repo.mailContact(db, view.member_id);
    if (!person?.email || !person.mail) return;
    const url = `${deps.config.publicUrl}${answer === 'accepted' ? playdateRoomPath('private', view.id) : '/playdates'}`;
    try {
      await deps.mailer.send(
        playdateAnswerMail(
          { email: person.email, username: person.username, language: person.language },
          { kind: 'private', title: view.title, modelName: view.model_name, startsAt: view.starts_at ? new Date(view.starts_at) : null, url, coins: view.coins },
          answer,
        ),
      );
    } catch (err) {
      log.error({ err, playdateId: view.id }, 'playdate answer mail failed');
    }
  }

  return {
    announce,

    /**
     * One status change in one transaction: the row's lock, the step's conditional UPDATE, the money; then announced.
     * Null when the playdate was not in a status it may leave this way (another instance, job or person was first).
     */
    async change<K extends PlaydateStep>(id: number, step: K, params: PlaydateStepParams[K], book?: StepBooking): Promise<PlaydateRow | null> {
      const at = now();
      const from = stepsRepo.from(step);
      const done = await db.transaction(async (tx) => {
        const locked = await repo.lockStatus(tx, id);
        if (!locked || !from.includes(locked)) return null;
        const row = await stepsRepo.step(tx, id, step, at, params);
        if (!row) return null;
        if (book) await book(tx, row, at);
        return { row, previous: locked };
      });
      if (!done) return null;
      await announce(done.row, done.previous);
      return done.row;
    },

    onStatusChanged(listener: (change: PlaydateStatusChange) => void | Promise<void>): () => void {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

export type PlaydateStatusChanges = ReturnType<typeof createPlaydateStatusChanges>;
