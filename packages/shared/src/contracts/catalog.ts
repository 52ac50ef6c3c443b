import { z } from 'zod';
import { clampPage } from '../rules/page-query';
import { CameraSummary } from './camera-summary';
import { ModelRef, Video } from './videos';

const pageParam = z
  .string()
  .regex(/^-?\d+$/, 'Must be a whole number')
  .optional()
  .transform((v) => clampPage(v));

export const MODEL_ORDERS = ['newest', 'name', 'popular', 'most_videos'] as const;
export const SHOOT_ORDERS = ['newest', 'oldest', 'popular'] as const;
export const FAVOURITE_KINDS = ['model', 'shoot', 'video', 'image', 'camera'] as const;
export type FavouriteKind = (typeof FAVOURITE_KINDS)[number];
export const MODELS_PER_PAGE = 24;
export const SHOOTS_PER_PAGE = 24;
export const FAVOURITES_PER_PAGE = 24;

export const ModelSummary = z
  .object({
    id: z.number().int(),
    name_en: z.string(),
    image: z.string().describe('510x660 portrait'),
    image_square: z.string().describe('400x400'),
    country: z.string().nullable(),
    video_count: z.number().int(),
    shoot_count: z.number().int(),
    is_favourite: z.boolean(),
  })
  .meta({ id: 'ModelSummary' });
export type ModelSummary = z.infer<typeof ModelSummary>;

export const ModelDetail = ModelSummary.extend({
  description: z.string(),
  /** The model's live camera (at most one), with its state in a word. */
  cameras: z.array(z.object({ name: z.string(), is_online: z.boolean() })),
  /** The username of the model's account, to write to at /messages/{message_name}; null when she has none. */
  message_name: z.string().nullable(),
}).meta({ id: 'ModelDetail' });
export type ModelDetail = z.infer<typeof ModelDetail>;

export const ModelListQuery = z.object({ page: pageParam, order: z.enum(MODEL_ORDERS).optional().default('newest') });
export const ModelList = z.object({
  models: z.array(ModelSummary),
  params: z.object({ page: z.number().int(), order: z.enum(MODEL_ORDERS) }),
  total: z.number().int(),
  per_page: z.number().int(),
  pages: z.number().int(),
});
export type ModelList = z.infer<typeof ModelList>;

export const ShootSummary = z
  .object({
    id: z.number().int(),
    title: z.string(),
    model: ModelRef,
    published_at: z.number().int(),
    cover: z.string().describe('900x500'),
    cover_small: z.string().describe('370x206'),
    video_count: z.number().int(),
    image_count: z.number().int(),
    is_favourite: z.boolean(),
  })
  .meta({ id: 'ShootSummary' });
export type ShootSummary = z.infer<typeof ShootSummary>;

export const ShootChapter = z.object({
  id: z.number().int(),
  title: z.string(),
  image_count: z.number().int(),
  cover: z.string().describe('400x400 of the first image'),
});

export const ShootDetail = ShootSummary.extend({
  description: z.string(),
  videos: z.array(Video),
  chapters: z.array(ShootChapter),
  unlocked: z.boolean().describe('Whether the member may open the full-size images (premium or unlocked)'),
}).meta({ id: 'ShootDetail' });
export type ShootDetail = z.infer<typeof ShootDetail>;

export const ShootListQuery = z.object({ page: pageParam, order: z.enum(SHOOT_ORDERS).optional().default('newest') });
export const ShootList = z.object({
  shoots: z.array(ShootSummary),
  params: z.object({ page: z.number().int(), order: z.enum(SHOOT_ORDERS) }),
  total: z.number().int(),
  per_page: z.number().int(),
  pages: z.number().int(),
});
export type ShootList = z.infer<typeof ShootList>;

export const ShootImage = z.object({
  id: z.number().int(),
  url: z.string().describe('Full size (1280 wide)'),
  thumbnail: z.string().describe('400x400'),
  width: z.number().int(),
  height: z.number().int(),
  is_favourite: z.boolean(),
});
export type ShootImage = z.infer<typeof ShootImage>;

export const ChapterImages = z.object({
  shoot: ShootSummary,
  chapter: ShootChapter,
  chapters: z.array(ShootChapter),
  images: z.array(ShootImage),
});
export type ChapterImages = z.infer<typeof ChapterImages>;

/** One favourite: exactly one of the item fields is set, per `kind`. */
export const FavouriteItem = z.object({
  kind: z.enum(FAVOURITE_KINDS),
  created_at: z.number().int(),
  model: ModelSummary.optional(),
  shoot: ShootSummary.optional(),
  video: Video.optional(),
  image: ShootImage.extend({ shoot_id: z.number().int(), chapter_id: z.number().int() }).optional(),
  camera: CameraSummary.optional(),
});
export type FavouriteItem = z.infer<typeof FavouriteItem>;

export const FavouriteKindParam = z.object({ kind: z.enum(FAVOURITE_KINDS) });
export const FavouriteTargetParams = z.object({ kind: z.enum(FAVOURITE_KINDS), id: z.coerce.number().int().positive() });
export const FavouriteListQuery = z.object({ page: pageParam });
export const FavouriteList = z.object({
  items: z.array(FavouriteItem),
  params: z.object({ page: z.number().int(), kind: z.enum(FAVOURITE_KINDS) }),
  total: z.number().int(),
  per_page: z.number().int(),
  pages: z.number().int(),
});
export type FavouriteList = z.infer<typeof FavouriteList>;

export const HOME_SECTION_KINDS = { video: 'video', model: 'model', shoot: 'shoot' } as const;

/** GET /home: every section of product §2 with its items; empty sections are sent empty so the client can hide them. */
export const HomeSection = z.object({
  name: z.enum([
    'top_rated', 'newcomers', 'trending', 'our_favorites', 'new_stuff', 'for_you', 'continue',
    'fav_models', 'fav_galleries', 'fav_videos', 'might_like',
  ]),
  kind: z.enum(['video', 'model', 'shoot']),
  videos: z.array(Video).optional(),
  models: z.array(ModelSummary).optional(),
  shoots: z.array(ShootSummary).optional(),
  /** For `continue`: seconds watched per video id. */
  progress: z.record(z.string(), z.number()).optional(),
});
export const Home = z.object({ sections: z.array(HomeSection) });

/** GET /showcase: what a visitor may see of the catalog on the landing page. */
export const Showcase = z
  .object({
    shoots: z.array(ShootSummary).describe('The newest published shoots'),
    models: z.array(ModelSummary).describe('The newest models'),
    trailers: z.array(Video).describe('The newest videos tagged Trailer while the trailer feature is on for the viewer; else empty'),
  })
  .meta({ id: 'Showcase' });
export type Showcase = z.infer<typeof Showcase>;
export type HomeSection = z.infer<typeof HomeSection>;
export type Home = z.infer<typeof Home>;

/** An "update" is a release: a shoot with its videos (product §2 /recent_updates, /update/{id}, /feeds). */
export const FeedQuery = z.object({ page: pageParam });
export const Feed = z.object({
  items: z.array(ShootSummary),
  params: z.object({ page: z.number().int() }),
  total: z.number().int(),
  per_page: z.number().int(),
  pages: z.number().int(),
  personal: z.boolean().describe('True when built from the member\'s favourite models'),
});
export type Feed = z.infer<typeof Feed>;

/** GET /models/{id}/videos?page */
export const ModelVideosQuery = ModelListQuery.pick({ page: true });

/** GET /shoots/{shootId}/chapters/{chapterId} */
export const ChapterParams = z.object({
  shootId: z.coerce.number().int().positive(),
  chapterId: z.coerce.number().int().positive(),
});
