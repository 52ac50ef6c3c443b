import type { Playdate, PlaydateKind, PlaydateLimits, PlaydateStatusView } from '@velora/shared';
import type { CameraInfo } from '../cameras/cameras.service';
import type { AuthContext } from '../sessions/sessions.service';
import { endOf, isModelOf, noPlaydate, unix, unixOrNull, wrongStatus, type PlaydatesDeps, type Viewer } from './playdate-helpers';
import { playdateSettingsRepository as settingsRepo } from './playdate-settings.repository';
import type { PlaydateRecord } from './playdates-port';
import { playdatesRepository as repo, type PlaydateRow, type PlaydateViewRow } from './playdates.repository';

// A playdate as people see it (decision record 040): the answer of every call, the waiting screen's status, the
// rooms' record, and who may see which playdate. A finished public show links to its chat's replay, whose path the
// rooms module makes (setReplayPaths, from the composition root).

export function createPlaydateViews(deps: Pick<PlaydatesDeps, 'db' | 'now' | 'media' | 'mediaUrls'>) {
  const { db, now } = deps;
  let replayPathOf: ((playdateId: number) => string | null) | null = null;

  const viewRow = (id: number): Promise<PlaydateViewRow | null> => repo.view(db, id);

  function extendableUntil(row: PlaydateRow, limits: PlaydateLimits): number | null {
    if (row.kind !== 'private' || row.status !== 'finished' || row.ended_at === null) return null;
    const until = new Date(row.ended_at).getTime() + limits.extension_window_seconds * 1000;
    return until > now().getTime() ? Math.floor(until / 1000) : null;
  }

  async function toView(row: PlaydateViewRow, viewer: Viewer, limits?: PlaydateLimits): Promise<Playdate> {
    const lim = limits ?? (await settingsRepo.limits(db));
    const imageId = row.image_variant + 1;
    return {
      id: row.id,
      kind: row.kind,
      status: row.status,
      title: row.title,
      model: {
        id: row.model_id,
        name: row.model_name,
        avatar: deps.media.imageUrl('model', row.model_id, '400x400', viewer),
        camera_id: row.camera_id,
        camera_name: row.camera_name,
        user_id: row.model_user_ids[0] ?? null,
      },
      member:
        row.member_id === null ? null : { id: row.member_id, name: row.member_name ?? '', avatar: deps.mediaUrls.avatar(row.member_id, row.member_avatar) },
      starts_at: unixOrNull(row.starts_at),
      ends_at: unixOrNull(endOf(row)),
      duration_minutes: row.duration_minutes,
      price_per_minute: row.price_per_minute,
      coins: row.coins,
      expires_at: row.status === 'requested' ? unixOrNull(row.expires_at) : null,
      message: row.message,
      extensions: row.extensions,
      image: deps.media.imageUrl('playdate', imageId, '900x500', viewer),
      image_small: deps.media.imageUrl('playdate', imageId, '370x206', viewer),
      reminder: viewer ? await repo.hasReminder(db, row.id, viewer.userId) : false,
      replay_path: row.kind === 'public' && row.status === 'finished' && replayPathOf ? replayPathOf(row.id) : null,
      extendable_until: extendableUntil(row, lim),
      created_at: unix(row.created_at),
    };
  }

  return {
    viewRow,
    extendableUntil,
    toView,

    async toViews(rows: PlaydateViewRow[], viewer: Viewer): Promise<Playdate[]> {
      const limits = await settingsRepo.limits(db);
      return Promise.all(rows.map((r) => toView(r, viewer, limits)));
    },

    async toPlaydate(id: number, viewer: AuthContext): Promise<Playdate> {
      const row = await viewRow(id);
      if (!row) throw noPlaydate();
      return toView(row, viewer);
    },

    /** The playdate a change answered with; its status says why when the change did not happen (null). */
    async answer(row: PlaydateRow | null, id: number, viewer: AuthContext): Promise<Playdate> {
      const view = await viewRow(row?.id ?? id);
      if (!view) throw noPlaydate();
      if (!row) throw wrongStatus(view.status);
      return toView(view, viewer);
    },

    statusView(row: PlaydateRow, limits: PlaydateLimits): PlaydateStatusView {
      return {
        id: row.id,
        kind: row.kind,
        status: row.status,
        starts_at: unixOrNull(row.starts_at),
        ends_at: unixOrNull(endOf(row)),
        expires_at: row.status === 'requested' ? unixOrNull(row.expires_at) : null,
        extendable_until: extendableUntil(row, limits),
        model_present: row.status === 'live' && row.model_joined_at !== null,
        now: unix(now()),
      };
    },

    /** A private playdate is its member's and its model's; a public one anyone's. 404 otherwise (no probing of ids). */
    async visible(id: number, viewer: AuthContext, kind?: PlaydateKind): Promise<PlaydateViewRow> {
      const row = await viewRow(id);
      if (!row || (kind && row.kind !== kind)) throw noPlaydate();
      if (row.kind === 'private' && row.member_id !== viewer.userId && !isModelOf(viewer, row)) throw noPlaydate();
      return row;
    },

    toRecord(row: PlaydateViewRow): PlaydateRecord {
      return {
        id: row.id,
        kind: row.kind,
        status: row.status,
        title: row.title,
        model_id: row.model_id,
        camera_id: row.camera_id,
        model_user_ids: row.model_user_ids,
        member_id: row.member_id,
        starts_at: row.starts_at === null ? null : new Date(row.starts_at),
        ends_at: endOf(row),
        model_joined_at: row.model_joined_at === null ? null : new Date(row.model_joined_at),
      };
    },

    /** The model of a camera's offer, as a playdate shows her. */
    async modelView(camera: Pick<CameraInfo, 'id' | 'name' | 'displayName' | 'modelId'>, viewer: Viewer) {
      const userId = await repo.modelUserId(db, camera.modelId);
      return {
        id: camera.modelId,
        name: camera.displayName,
        avatar: deps.media.imageUrl('model', camera.modelId, '400x400', viewer),
        camera_id: camera.id,
        camera_name: camera.name,
        user_id: userId,
      };
    },

    /** The replay links of finished public playdates (the rooms module makes their tokens). */
    setReplayPaths(fn: (playdateId: number) => string | null): void {
      replayPathOf = fn;
    },
  };
}

export type PlaydateViews = ReturnType<typeof createPlaydateViews>;
