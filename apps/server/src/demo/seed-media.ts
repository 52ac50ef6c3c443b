import type { LavfiClip } from '../lib/ffmpeg';
import type { Queryable } from '../db/database';

// Demo video: a few neutral clips drawn by ffmpeg's built-in test sources (colour bars, patterns, a sine tone),
// shared round-robin by every seeded video. Seeding only writes the rows: the media job generates each clip and
// transcodes it in the background after the server listens, so a first start stays quick.

export interface DemoClip extends Omit<LavfiClip, 'output'> {
  /** Under DATA_DIR/media/sources; a missing demo source is generated from this recipe. */
  sourceName: string;
  kind: 'video' | 'about_us' | 'censored';
  title: string;
}

export const DEMO_CLIPS: readonly DemoClip[] = [
  {
    sourceName: 'demo/clip-720p.mp4',
    kind: 'video',
    title: 'Demo clip (720p source)',
    video: 'testsrc2=size=1280x720:rate=25',
    filters: 'hue=h=36*t',
    audio: 'sine=frequency=330:sample_rate=48000',
    seconds: 10,
  },
  {
    sourceName: 'demo/clip-1080p.mp4',
    kind: 'video',
    title: 'Demo clip (1080p source)',
    video: 'testsrc2=size=1920x1080:rate=25',
    audio: 'sine=frequency=440:sample_rate=48000',
    seconds: 10,
  },
  {
    sourceName: 'demo/about-us-1080p.mp4',
    kind: 'about_us',
    title: 'About us',
    video: 'testsrc=size=1920x1080:rate=25',
    audio: 'sine=frequency=523:sample_rate=48000',
    seconds: 10,
  },
  {
    sourceName: 'demo/censored-480p.mp4',
    kind: 'censored',
    title: 'Censored placeholder',
    // A blurred, shifting grey texture: nothing recognisable, clearly withheld.
    video: 'cellauto=s=96x54:rule=30:rate=25:random_fill_ratio=0.5',
    filters: 'scale=854:480:flags=neighbor,boxblur=12:2,format=yuv420p',
    seconds: 8,
  },
];

/** The recipe of a demo source, or undefined for a source that is not a demo clip (an imported file). */
export const demoClipFor = (sourceName: string) => DEMO_CLIPS.find((c) => c.sourceName === sourceName);

/**
 * Adds the demo clips as pending media assets and gives every video one of the regular clips, round-robin, with
 * that clip's length as its duration (a card must not promise 23 minutes of a 10 s clip; the media job confirms
 * the length from the transcoded file). Returns the new asset ids in DEMO_CLIPS order.
 */
export async function seedDemoMedia(db: Queryable, videoIds: readonly number[]): Promise<number[]> {
  const ids: number[] = [];
  for (const clip of DEMO_CLIPS) {
    const rows = await db.query<{ id: number }>(
      `INSERT INTO media_assets (kind, title, source_name, status) VALUES ($1, $2, $3, 'pending') RETURNING id`,
      [clip.kind, clip.title, clip.sourceName],
    );
    ids.push(rows[0]!.id);
  }
  const regularIndexes = DEMO_CLIPS.flatMap((clip, i) => (clip.kind === 'video' ? [i] : []));
  const regular = regularIndexes.map((i) => ids[i]!);
  const seconds = regularIndexes.map((i) => DEMO_CLIPS[i]!.seconds);
  if (videoIds.length > 0 && regular.length > 0) {
    await db.query(
      `UPDATE videos v SET media_asset_id = ($2::int[])[x.slot], duration = ($3::int[])[x.slot]
         FROM (SELECT id, ((ord::int - 1) % cardinality($2::int[])) + 1 AS slot FROM unnest($1::int[]) WITH ORDINALITY AS u(id, ord)) AS x
        WHERE v.id = x.id`,
      [videoIds, regular, seconds],
    );
  }
  return ids;
}
