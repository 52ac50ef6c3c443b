import type { Queryable } from '../db/database';
import { cameraNameFrom } from '../modules/cameras/cameras.service';

// Demo live cams (decision 032): neutral camera tags, a camera for a dozen demo models (free and paid, some with a show
// about to start so /cameras shows all three states), including the demo `model` account's, named `model`. Two of
// them go on air from test patterns when the server starts (demoLiveCameraIds).

export const CAMERA_TAGS: ReadonlyArray<readonly [string, string, string]> = [
  ['Chatty', 'Gesprächig', 'Bavard'],
  ['Music', 'Musik', 'Musique'],
  ['Art', 'Kunst', 'Art'],
  ['Fitness', 'Fitness', 'Fitness'],
  ['Cooking', 'Kochen', 'Cuisine'],
  ['Gaming', 'Gaming', 'Jeux vidéo'],
  ['Languages', 'Sprachen', 'Langues'],
  ['Travel', 'Reisen', 'Voyages'],
  ['Books', 'Bücher', 'Livres'],
  ['Dance', 'Tanz', 'Danse'],
  ['Movies', 'Filme', 'Cinéma'],
  ['Fashion', 'Mode', 'Mode'],
];

/** The URL names of the two cameras the demo puts on air: one free, one paid. */
export const DEMO_ON_AIR_CAMERAS = { free: 'on-air-demo', paid: 'on-air-demo-paid' } as const;
/** The demo `model` account's camera: /camera/model. */
export const DEMO_MODEL_CAMERA_NAME = 'model';

interface DemoCamera {
  title: string;
  description: string;
  tags: string[];
  price: number | null;
  /** Minutes from now to a planned show (60-minute shows), if any. */
  showsIn: number[];
  name?: string;
}

// The first is the demo `model` account's; the next two go on air.
const DEMO_CAMERAS: DemoCamera[] = [
  { name: DEMO_MODEL_CAMERA_NAME, title: 'Coffee and questions', description: 'Ask me anything over a morning coffee.', tags: ['Chatty', 'Books'], price: null, showsIn: [24 * 60] },
  { name: DEMO_ON_AIR_CAMERAS.free, title: 'Test pattern radio', description: 'Colours, tones and small talk.', tags: ['Chatty', 'Music'], price: null, showsIn: [] },
  { name: DEMO_ON_AIR_CAMERAS.paid, title: 'Private studio hour', description: 'A quieter room for longer talks.', tags: ['Chatty', 'Art'], price: 12, showsIn: [] },
  { title: 'Guitar and songs', description: 'Requests welcome, out-of-tune guitar included.', tags: ['Music'], price: null, showsIn: [30, 3 * 24 * 60] },
  { title: 'Sketching portraits', description: 'I draw whoever is in the room.', tags: ['Art', 'Chatty'], price: 8, showsIn: [90] },
  { title: 'Stretch with me', description: 'Twenty minutes of gentle stretching.', tags: ['Fitness'], price: null, showsIn: [26 * 60] },
  { title: 'Pasta from scratch', description: 'Flour, eggs and patience.', tags: ['Cooking', 'Chatty'], price: 5, showsIn: [] },
  { title: 'Retro games night', description: 'Pixel classics and bad high scores.', tags: ['Gaming'], price: null, showsIn: [45] },
  { title: 'German for beginners', description: 'Learn a phrase a day.', tags: ['Languages', 'Chatty'], price: 15, showsIn: [2 * 24 * 60] },
  { title: 'Stories from Lisbon', description: 'Photos and tales from the road.', tags: ['Travel', 'Chatty'], price: null, showsIn: [] },
  { title: 'Dance class basics', description: 'Simple steps, no experience needed.', tags: ['Dance', 'Fitness', 'Music'], price: 20, showsIn: [5 * 24 * 60] },
  { title: 'Film club', description: 'This week: old black-and-white comedies.', tags: ['Movies', 'Chatty'], price: null, showsIn: [] },
];

/** Inserts the camera tags (idempotent) and answers their ids by English name. */
export async function seedCameraTags(db: Queryable): Promise<Map<string, number>> {
  await db.query(
    `INSERT INTO camera_tags (name_en, name_de, name_fr)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[])
     ON CONFLICT (name_en) DO NOTHING`,
    [CAMERA_TAGS.map((t) => t[0]), CAMERA_TAGS.map((t) => t[1]), CAMERA_TAGS.map((t) => t[2])],
  );
  const rows = await db.query<{ id: number; name_en: string }>('SELECT id, name_en FROM camera_tags');
  return new Map(rows.map((r) => [r.name_en, r.id]));
}

/** Cameras for the first models of `modelIds` (the first is the demo `model` account's); answers their ids. */
export async function seedDemoCameras(db: Queryable, opts: { modelIds: number[]; now: Date }): Promise<number[]> {
  const tagIds = await seedCameraTags(db);
  const models = opts.modelIds.slice(0, DEMO_CAMERAS.length);
  if (models.length === 0) return [];
  const names = new Map(
    (await db.query<{ id: number; name_en: string }>('SELECT id, name_en FROM models WHERE id = ANY($1::int[])', [models])).map((r) => [r.id, r.name_en]),
  );
  const taken = new Set<string>([...Object.values(DEMO_ON_AIR_CAMERAS), DEMO_MODEL_CAMERA_NAME]);
  const ids: number[] = [];
  for (const [i, modelId] of models.entries()) {
    const demo = DEMO_CAMERAS[i]!;
    let name = demo.name ?? cameraNameFrom(names.get(modelId) ?? '') ?? `cam-${modelId}`;
    if (!demo.name) {
      for (let n = 2; taken.has(name); n++) name = `${name.replace(/-\d+$/, '')}-${n}`;
      taken.add(name);
    }
    const [row] = await db.query<{ id: number }>(
      `INSERT INTO cameras (model_id, name, title, description, chat_mode, price_per_minute, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [modelId, name, demo.title, demo.description, demo.price === null ? 'free' : 'paid', demo.price, new Date(opts.now.getTime() - (i + 1) * 86_400_000)],
    );
    const cameraId = row!.id;
    ids.push(cameraId);
    const links = demo.tags.map((t) => tagIds.get(t)).filter((id): id is number => id !== undefined);
    if (links.length > 0) await db.query('INSERT INTO camera_tag_links (camera_id, tag_id) SELECT $1, unnest($2::int[])', [cameraId, links]);
    for (const minutes of demo.showsIn) {
      const startsAt = new Date(opts.now.getTime() + minutes * 60_000);
      await db.query('INSERT INTO camera_shows (camera_id, starts_at, ends_at) VALUES ($1, $2, $3)', [cameraId, startsAt, new Date(startsAt.getTime() + 3_600_000)]);
    }
  }
  return ids;
}

/** The ids of the two cameras the demo puts on air from test patterns (null when the demo cameras are not seeded). */
export async function demoLiveCameraIds(db: Queryable): Promise<{ free: number; paid: number } | null> {
  const rows = await db.query<{ id: number; name: string }>('SELECT id, name FROM cameras WHERE name = ANY($1::text[])', [Object.values(DEMO_ON_AIR_CAMERAS)]);
  const byName = new Map(rows.map((r) => [r.name, r.id]));
  const free = byName.get(DEMO_ON_AIR_CAMERAS.free);
  const paid = byName.get(DEMO_ON_AIR_CAMERAS.paid);
  return free === undefined || paid === undefined ? null : { free, paid };
}
