import { nextNumber, type FactoryContext } from './context';
import { createModel } from './catalog';

// Cameras as the demo seed loads them (rows of a model's live room, its tags and planned shows); going on and off air
// goes through the cameras service, as the media server reports it.

export interface CameraOverrides {
  /** Default: a new catalog model. */
  modelId?: number;
  name?: string;
  title?: string;
  /** A price makes it a paid camera. */
  price?: number | null;
  tagIds?: number[];
  createdAt?: Date;
  /** Planned shows: [minutes from now to the start, length in minutes]. */
  shows?: Array<[number, number]>;
}

export interface CameraRow {
  id: number;
  name: string;
  model_id: number;
}

export async function createCamera(t: FactoryContext, o: CameraOverrides = {}): Promise<CameraRow> {
  const modelId = o.modelId ?? (await createModel(t)).id;
  const n = nextNumber();
  const [row] = await t.deps.db.query<CameraRow>(
    `INSERT INTO cameras (model_id, name, title, chat_mode, price_per_minute, created_at) VALUES ($1, $2, $3, $4, $5, $6)
     RETURNING id, name, model_id`,
    [modelId, o.name ?? `cam-${n}`, o.title ?? `Camera ${n}`, o.price == null ? 'free' : 'paid', o.price ?? null, o.createdAt ?? t.deps.now()],
  );
  for (const tagId of o.tagIds ?? []) await t.deps.db.query('INSERT INTO camera_tag_links (camera_id, tag_id) VALUES ($1, $2)', [row!.id, tagId]);
  const now = t.deps.now().getTime();
  for (const [inMinutes, length] of o.shows ?? []) {
    const startsAt = new Date(now + inMinutes * 60_000);
    await t.deps.db.query('INSERT INTO camera_shows (camera_id, starts_at, ends_at) VALUES ($1, $2, $3)', [row!.id, startsAt, new Date(startsAt.getTime() + length * 60_000)]);
  }
  return row!;
}

export async function createCameraTag(t: FactoryContext, name = `Tag ${nextNumber()}`): Promise<number> {
  const [row] = await t.deps.db.query<{ id: number }>('INSERT INTO camera_tags (name_en, name_de, name_fr) VALUES ($1, $2, $3) RETURNING id', [
    name,
    `${name} (de)`,
    `${name} (fr)`,
  ]);
  return row!.id;
}

/** On air as the media server reports a publisher, through the cameras service. */
export async function goLive(t: FactoryContext, cameraId: number, viewers?: number): Promise<void> {
  await t.services.cameras.handleMediaEvent({ type: 'publisher-up', room: cameraId, source: 'demo' });
  if (viewers !== undefined) await t.services.cameras.handleMediaEvent({ type: 'viewers', room: cameraId, viewers });
}
