import { z } from 'zod';
import { CAMERA_PRICE_MAX, CAMERA_PRICE_MIN, CAMERA_TITLE_MAX } from './camera-summary';
import { plainLine, plainLines, unixSeconds } from './common';

// The back office's catalog (decision record 075): models (profile, picture, account, camera) and shoots with their
// galleries (upload, order, cover, publish now or at a time, unpublish). Member pages see only what is published.

const MAX_DB_ID = 2_147_483_647;
const dbId = (what: string) =>
  z.coerce
    .number()
    .int(`Must be a ${what} id`)
    .positive(`Must be a ${what} id`)
    .max(MAX_DB_ID, `Must be a ${what} id`);

/** Per page of the back office's lists. */
export const BO_CATALOG_PER_PAGE = 25;
/** Images in one upload request, and the size of each (checked by content, not by the name or the browser's type). */
export const BO_UPLOAD_MAX_FILES = 30;
export const BO_UPLOAD_MAX_BYTES = 20 * 1024 * 1024;
/** What the back office takes: decoded by content; anything else is a 400 naming the file. */
export const BO_UPLOAD_FORMATS = ['jpeg', 'png', 'webp'] as const;
export const BO_NAME_MAX = 80;
export const BO_TITLE_MAX = 120;
export const BO_DESCRIPTION_MAX = 4000;

export const BoIdParams = z.object({ id: dbId('catalog') });
export const BoShootImageParams = z.object({ id: dbId('shoot'), image_id: dbId('image') });

const search = z.string().trim().max(80, 'Must be at most 80 characters').check(...plainLine());
const page = z.coerce.number().int('Must be a page number').min(1, 'Must be a page number').max(10_000, 'Must be a page number').default(1);

export const BoModelListQuery = z.object({ q: search.optional(), page });
export type BoModelListQuery = z.infer<typeof BoModelListQuery>;

const countryCode = z
  .string()
  .trim()
  .regex(/^[A-Z]{2}$/, 'Must be a country code of two capital letters (DE, FR)')
  .nullable();

/** A model's profile: one name (a name is not translated), one description, her country. */
export const BoModelBody = z.object({
  name_en: z.string().trim().min(1, 'Required').max(BO_NAME_MAX, `Must be at most ${BO_NAME_MAX} characters`).check(...plainLine()),
  description: z.string().max(BO_DESCRIPTION_MAX, `Must be at most ${BO_DESCRIPTION_MAX} characters`).check(...plainLines()),
  country: countryCode,
});
export type BoModelBody = z.infer<typeof BoModelBody>;

/** Links an account (by username or email) to the model so she can use the studio; null unlinks it. */
export const BoModelAccountBody = z.object({
  login: z.string().trim().min(1, 'Required').max(254, 'Must be at most 254 characters').check(...plainLine()).nullable(),
});
export type BoModelAccountBody = z.infer<typeof BoModelAccountBody>;

/** The model's live cam, where the cameras module keeps it (its tags are left as they are). */
export const BoModelCameraBody = z.object({
  title: z.string().trim().min(1, 'Required').max(CAMERA_TITLE_MAX, `Must be at most ${CAMERA_TITLE_MAX} characters`).check(...plainLine()),
  chat_mode: z.enum(['free', 'paid'], { message: 'Must be free or paid' }),
  price_per_minute: z
    .number()
    .int(`Must be ${CAMERA_PRICE_MIN} to ${CAMERA_PRICE_MAX} coins`)
    .min(CAMERA_PRICE_MIN, `Must be ${CAMERA_PRICE_MIN} to ${CAMERA_PRICE_MAX} coins`)
    .max(CAMERA_PRICE_MAX, `Must be ${CAMERA_PRICE_MIN} to ${CAMERA_PRICE_MAX} coins`)
    .nullable(),
});
export type BoModelCameraBody = z.infer<typeof BoModelCameraBody>;

export const BoModelSummary = z
  .object({
    id: z.number().int(),
    name_en: z.string(),
    country: z.string().nullable(),
    published: z.boolean(),
    /** A signed preview of her picture for the team (it works before she is published). */
    picture: z.string(),
    shoot_count: z.number().int(),
    account: z.object({ user_id: z.number().int(), username: z.string() }).nullable(),
    /** Unix seconds. */
    created_at: z.number().int(),
  })
  .meta({ id: 'BoModelSummary' });
export type BoModelSummary = z.infer<typeof BoModelSummary>;

export const BoModelList = z
  .object({ models: z.array(BoModelSummary), total: z.number().int(), page: z.number().int(), pages: z.number().int(), per_page: z.number().int() })
  .meta({ id: 'BoModelList' });
export type BoModelList = z.infer<typeof BoModelList>;

export const BoModelDetail = BoModelSummary.extend({
  description: z.string(),
  camera: z
    .object({ name: z.string(), title: z.string(), chat_mode: z.enum(['free', 'paid']), price_per_minute: z.number().int().nullable() })
    .nullable(),
}).meta({ id: 'BoModelDetail' });
export type BoModelDetail = z.infer<typeof BoModelDetail>;

export const SHOOT_STATES = ['draft', 'scheduled', 'published'] as const;
export type ShootState = (typeof SHOOT_STATES)[number];

export const BoShootListQuery = z.object({
  q: search.optional(),
  model_id: dbId('model').optional(),
  state: z.enum(SHOOT_STATES, { message: `Must be among ${SHOOT_STATES.join(', ')}` }).optional(),
  page,
});
export type BoShootListQuery = z.infer<typeof BoShootListQuery>;

const videoIds = z
  .array(dbId('video'), { message: 'Must be a list of video ids' })
  .max(50, 'Must be at most 50 videos')
  .refine((list) => new Set(list).size === list.length, 'Must not repeat a video')
  .meta({ uniqueItems: true });

export const BoShootBody = z.object({
  title: z.string().trim().min(1, 'Required').max(BO_TITLE_MAX, `Must be at most ${BO_TITLE_MAX} characters`).check(...plainLine()),
  description: z.string().max(BO_DESCRIPTION_MAX, `Must be at most ${BO_DESCRIPTION_MAX} characters`).check(...plainLines()),
  model_id: dbId('model'),
  video_ids: videoIds,
});
export type BoShootBody = z.infer<typeof BoShootBody>;

/** Publishes now (publish_at null or past) or schedules: members see the shoot from that time on. */
export const BoShootPublishBody = z.object({ publish_at: unixSeconds().nullable() });
export type BoShootPublishBody = z.infer<typeof BoShootPublishBody>;

/** The gallery's new order: every image of the shoot, once. */
export const BoShootOrderBody = z.object({
  image_ids: z
    .array(dbId('image'), { message: 'Must be a list of image ids' })
    .max(2000, 'Must be at most 2000 images')
    .refine((list) => new Set(list).size === list.length, 'Must not repeat an image')
    .meta({ uniqueItems: true }),
});
export type BoShootOrderBody = z.infer<typeof BoShootOrderBody>;

export const BoShootCoverBody = z.object({ image_id: dbId('image') });
export type BoShootCoverBody = z.infer<typeof BoShootCoverBody>;

export const BoShootSummary = z
  .object({
    id: z.number().int(),
    title: z.string(),
    model: z.object({ id: z.number().int(), name_en: z.string() }),
    state: z.enum(SHOOT_STATES),
    /** Unix seconds: when members see it from (scheduled or published), else null. */
    published_at: z.number().int().nullable(),
    image_count: z.number().int(),
    /** A signed preview of the cover for the team (it works before the shoot is published). */
    cover: z.string(),
  })
  .meta({ id: 'BoShootSummary' });
export type BoShootSummary = z.infer<typeof BoShootSummary>;

export const BoShootList = z
  .object({ shoots: z.array(BoShootSummary), total: z.number().int(), page: z.number().int(), pages: z.number().int(), per_page: z.number().int() })
  .meta({ id: 'BoShootList' });
export type BoShootList = z.infer<typeof BoShootList>;

export const BoShootImage = z.object({
  id: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  /** A 400x400 preview (signed until published). */
  thumbnail: z.string(),
});
export type BoShootImage = z.infer<typeof BoShootImage>;

export const BoShootDetail = BoShootSummary.extend({
  description: z.string(),
  cover_image_id: z.number().int().nullable(),
  images: z.array(BoShootImage),
  videos: z.array(z.object({ id: z.number().int(), title: z.string() })),
}).meta({ id: 'BoShootDetail' });
export type BoShootDetail = z.infer<typeof BoShootDetail>;

export const BoVideoOptionsQuery = z.object({ q: search.optional() });
export const BoVideoOptions = z.object({ videos: z.array(z.object({ id: z.number().int(), title: z.string() })) }).meta({ id: 'BoVideoOptions' });
export type BoVideoOptions = z.infer<typeof BoVideoOptions>;
