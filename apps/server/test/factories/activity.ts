import type { FavouriteKind } from '@velora/shared';
import { videosRepository } from '../../src/modules/videos/videos.repository';
import type { FactoryContext } from './context';

// What members do on the site, written through the app's own services and repositories.

/**
 * A favourite, added through the favourites service. `at` backdates it: the service stamps favourites with the
 * database's clock, which a test cannot move, and the home page orders by that time.
 */
export async function addFavourite(t: FactoryContext, userId: number, kind: FavouriteKind, targetId: number, o: { at?: Date } = {}): Promise<void> {
  await t.services.favourites.add(userId, kind, targetId);
  if (o.at) await t.deps.db.query('UPDATE favourites SET created_at = $4 WHERE user_id = $1 AND kind = $2 AND target_id = $3', [userId, kind, targetId, o.at]);
}

/** A first viewing of a video that reached `position` seconds at `at` (default: the test clock). */
export async function recordPlayback(
  t: FactoryContext,
  p: { userId: number; videoId: number; position: number; duration?: number | null; at?: Date },
): Promise<void> {
  await videosRepository.insertPlayback(t.deps.db, { userId: p.userId, videoId: p.videoId, position: p.position, duration: p.duration ?? null, at: p.at ?? t.deps.now() });
}

/** Unlocks videos and shoots for a member, as redeeming an unlock token does. */
export async function unlockFor(t: FactoryContext, userId: number, content: { videoIds?: number[]; shootIds?: number[] }): Promise<void> {
  await videosRepository.addUnlocks(t.deps.db, userId, { video_ids: content.videoIds ?? [], shoot_ids: content.shootIds ?? [] }, t.deps.now());
}
