import { PROVIDER_INBOX_SEGMENT, type Correspondent } from '@velora/shared';
import type { Queryable } from '../../db/database';
import { badRequest, notFound } from '../../lib/http-error';
import { isDbId } from '../../lib/paging';
import type { AuthContext } from '../sessions/sessions.service';
import { SITE, type MessagesContext } from './messages-context';
import { messagesRepository as repo, type ConversationRow, type PlaydateRow } from './messages.repository';

// Which conversation an address names, from the viewer's side, whether or not it has started: a member or model by
// name, the site's inbox, or a playdate of the viewer's.

export const NO_SUCH_MEMBER = 'No such member';
export const NO_SUCH_PLAYDATE = 'No such playdate';
export const NOT_TO_YOURSELF = 'You cannot write to yourself';
export const PUBLIC_PLAYDATE_HAS_NO_MESSAGES = 'Public playdates have no offline messages';

/** What a conversation is addressed by: `/messages/{name}` or `/messages/playdate/{id}`. */
export type ConversationAddress = { kind: 'name'; name: string } | { kind: 'playdate'; id: number };

/** An addressed conversation from the viewer's side, whether or not it has started. */
export interface Resolved {
  conversation: ConversationRow | null;
  with: Correspondent;
  playdate: PlaydateRow | null;
  canReply: boolean;
  /** Everyone who takes part once it has started, the viewer included. */
  participantIds: number[];
  /** Starts it (or finds it) inside a transaction. */
  ensure(tx: Queryable): Promise<number>;
}

export function conversationResolution(ctx: MessagesContext) {
  const { deps, userCorrespondent, playdateCounterpart } = ctx;
  const { db } = deps;

  async function loadPlaydate(viewer: AuthContext, id: number): Promise<PlaydateRow> {
    const [playdate] = isDbId(id) ? await repo.playdatesByIds(db, [id]) : [];
    if (!playdate) throw notFound(NO_SUCH_PLAYDATE);
    if (playdate.kind === 'public') throw notFound(PUBLIC_PLAYDATE_HAS_NO_MESSAGES);
    // Only the member who booked it and the model's own accounts; to anyone else it does not exist.
    const isMember = playdate.member_id === viewer.userId;
    const isModel = viewer.modelId !== null && viewer.modelId === playdate.model_id;
    if (!isMember && !isModel) throw notFound(NO_SUCH_PLAYDATE);
    return playdate;
  }

  async function resolve(viewer: AuthContext, address: ConversationAddress): Promise<Resolved> {
    const me = viewer.userId;
    if (address.kind === 'playdate') {
      const playdate = await loadPlaydate(viewer, address.id);
      const accounts = await repo.modelAccounts(db, playdate.model_id);
      const users = new Map(accounts.map((u) => [u.id, u]));
      if (playdate.member_id !== null && !users.has(playdate.member_id)) {
        for (const u of await repo.usersByIds(db, [playdate.member_id])) users.set(u.id, u);
      }
      const participantIds = [...new Set([...(playdate.member_id === null ? [] : [playdate.member_id]), ...accounts.map((a) => a.id), me])];
      const counterpart = playdateCounterpart(playdate, me, users, viewer);
      return {
        conversation: await repo.findPlaydate(db, playdate.id),
        with: counterpart,
        playdate,
        canReply: counterpart.name !== '',
        participantIds,
        ensure: (tx) => repo.ensurePlaydate(tx, playdate.id),
      };
    }
    if (address.name.toLowerCase() === PROVIDER_INBOX_SEGMENT) {
      return {
        conversation: await repo.findSite(db, me),
        with: SITE,
        playdate: null,
        canReply: false,
        participantIds: [me],
        ensure: (tx) => repo.ensureSite(tx, me),
      };
    }
    const other = await repo.userByName(db, address.name);
    if (!other) throw notFound(NO_SUCH_MEMBER);
    if (other.id === me) throw badRequest(NOT_TO_YOURSELF, { name: NOT_TO_YOURSELF });
    return {
      conversation: await repo.findDirect(db, me, other.id),
      with: userCorrespondent(other, viewer),
      playdate: null,
      canReply: true,
      participantIds: [me, other.id],
      ensure: (tx) => repo.ensureDirect(tx, me, other.id),
    };
  }

  return { loadPlaydate, resolve };
}

/** The conversation row a transaction just found or created. */
export function conversationRowOf(target: Resolved, conversationId: number, viewerId: number): ConversationRow {
  if (target.playdate) return { id: conversationId, kind: 'playdate', user_low: null, user_high: null, playdate_id: target.playdate.id };
  const other = target.participantIds.find((id) => id !== viewerId);
  if (other === undefined) return { id: conversationId, kind: 'site', user_low: viewerId, user_high: null, playdate_id: null };
  return { id: conversationId, kind: 'direct', user_low: Math.min(viewerId, other), user_high: Math.max(viewerId, other), playdate_id: null };
}
