import { TRAILER_TAG_NAME } from '@velora/shared';
import { storeFreeVideoToken, storeUnlockToken } from '../modules/videos/videos.service';
import type { Queryable } from '../db/database';

/** Fixed demo links (README "Demo accounts"): /free-video?token=demo-free-video, and the unlock token demo-unlock. */
export const DEMO_FREE_VIDEO_TOKEN = 'demo-free-video';
export const DEMO_UNLOCK_TOKEN = 'demo-unlock';

export interface SeededDemoTokens {
  freeVideoId: number | null;
  unlock: { videoIds: number[]; shootIds: number[] };
}

/**
 * The demo tokens, valid for a year from seeding. The unlock token opens the newest shoot and its videos that are not
 * trailers; the free video is the best rated video that is neither a trailer nor among those. Safe to run again.
 */
export async function seedDemoTokens(db: Queryable, opts: { now: Date }): Promise<SeededDemoTokens> {
  const oneYearLater = new Date(opts.now);
  oneYearLater.setUTCFullYear(oneYearLater.getUTCFullYear() + 1);
  const notTrailer = `NOT EXISTS (SELECT 1 FROM video_tags vt JOIN tags t ON t.id = vt.tag_id WHERE vt.video_id = v.id AND t.name_en = $1)`;

  const [shoot] = await db.query<{ id: number }>('SELECT id FROM shoots ORDER BY published_at DESC, id DESC LIMIT 1');
  const shootIds = shoot ? [shoot.id] : [];
  const unlockVideos = await db.query<{ id: number }>(
    `SELECT v.id FROM videos v JOIN shoot_videos sv ON sv.video_id = v.id
      WHERE sv.shoot_id = ANY($2::int[]) AND ${notTrailer}
      ORDER BY v.id`,
    [TRAILER_TAG_NAME, shootIds],
  );
  const unlock = { videoIds: unlockVideos.map((v) => v.id), shootIds };
  await storeUnlockToken(db, DEMO_UNLOCK_TOKEN, unlock, oneYearLater);

  const [free] = await db.query<{ id: number }>(
    `SELECT v.id FROM videos v WHERE ${notTrailer} AND NOT (v.id = ANY($2::int[])) ORDER BY v.rating DESC, v.id DESC LIMIT 1`,
    [TRAILER_TAG_NAME, unlock.videoIds],
  );
  if (free) await storeFreeVideoToken(db, DEMO_FREE_VIDEO_TOKEN, free.id, oneYearLater);
  return { freeVideoId: free?.id ?? null, unlock };
}
