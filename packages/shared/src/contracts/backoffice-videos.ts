import { z } from 'zod';
import { plainLine, plainLines, unixSeconds } from './common';

// Videos in the back office (decision record 074): a draft is started, its source uploaded (tus, resumable) and
// transcoded, then described and published now, scheduled or unpublished again. Members see only published videos.

/** Where a video stands, as the back office lists it. */
export const BACKOFFICE_VIDEO_STATUSES = ['uploading', 'transcoding', 'failed', 'draft', 'scheduled', 'published'] as const;
export type BackofficeVideoStatus = (typeof BACKOFFICE_VIDEO_STATUSES)[number];

/** The tus endpoint the browser uploads a video's source to (outside the endpoint table: the tus protocol's own). */
export const VIDEO_UPLOAD_PATH = '/api/backoffice/uploads';

const id = (what: string) => z.coerce.number().int(`Must be ${what}`).positive(`Must be ${what}`).max(2_147_483_647, `Must be ${what}`);

export const BackofficeVideoParams = z.object({ id: id('a video id') });

export const BackofficeVideoModel = z.object({ id: z.number().int(), name: z.string() });

export const BackofficeVideoSummary = z
  .object({
    id: z.number().int(),
    title: z.string(),
    status: z.enum(BACKOFFICE_VIDEO_STATUSES),
    /** Unix seconds: when it went public, or goes public (scheduled); null for a draft. */
    published_at: z.number().int().nullable(),
    /** Seconds, once the source was read. */
    duration: z.number().int(),
    trailer: z.boolean(),
    models: z.array(BackofficeVideoModel),
    /** How far the transcode has got, 0 to 1, while it runs. */
    progress: z.number().nullable(),
    created_at: z.number().int(),
  })
  .meta({ id: 'BackofficeVideoSummary' });
export type BackofficeVideoSummary = z.infer<typeof BackofficeVideoSummary>;

export const BackofficeVideoList = z
  .object({ videos: z.array(BackofficeVideoSummary), total: z.number().int(), page: z.number().int(), page_size: z.number().int() })
  .meta({ id: 'BackofficeVideoList' });
export type BackofficeVideoList = z.infer<typeof BackofficeVideoList>;

export const BackofficeVideoListQuery = z.object({
  query: z.string().trim().max(100, 'Must be at most 100 characters').check(...plainLine()).optional(),
  status: z.enum(BACKOFFICE_VIDEO_STATUSES, { message: `Must be one of ${BACKOFFICE_VIDEO_STATUSES.join(', ')}` }).optional(),
  page: z.coerce.number().int('Must be a whole number').min(1, 'Must be at least 1').max(100_000, 'Must be at most 100000').default(1),
});

export const BackofficeVideoDetail = BackofficeVideoSummary.extend({
  description: z.string(),
  /** The transcoded media: status pending | processing | ready | failed, and its error. */
  media: z
    .object({
      status: z.enum(['pending', 'processing', 'ready', 'failed']),
      progress: z.number().nullable(),
      renditions: z.array(z.number().int()),
      error: z.string().nullable(),
    })
    .nullable(),
  /** The newest upload of the source. */
  upload: z
    .object({
      id: z.string(),
      status: z.enum(['uploading', 'received', 'failed']),
      file_name: z.string(),
      size: z.number().int(),
      error: z.string().nullable(),
    })
    .nullable(),
  /** Whether it has a cover (GET …/cover shows it; never a public URL before publishing). */
  has_cover: z.boolean(),
  /** A signed playlist of the transcoded video for the back office's preview; null until it is ready. */
  preview_url: z.string().nullable(),
}).meta({ id: 'BackofficeVideoDetail' });
export type BackofficeVideoDetail = z.infer<typeof BackofficeVideoDetail>;

const title = z.string().trim().min(1, 'Required').max(200, 'Must be at most 200 characters').check(...plainLine());

export const CreateBackofficeVideoBody = z.object({ title });
export type CreateBackofficeVideoBody = z.infer<typeof CreateBackofficeVideoBody>;

export const UpdateBackofficeVideoBody = z.object({
  title,
  description: z.string().max(5000, 'Must be at most 5000 characters').check(...plainLines()),
  model_ids: z
    .array(id('a model id'))
    .max(20, 'Must be at most 20 models')
    .refine((ids) => new Set(ids).size === ids.length, 'Must not repeat a model')
    .meta({ uniqueItems: true }),
  /** Tags the video Trailer (product §1): with the trailer feature on, members who are not premium may play it. */
  trailer: z.boolean(),
});
export type UpdateBackofficeVideoBody = z.infer<typeof UpdateBackofficeVideoBody>;

export const PublishBackofficeVideoBody = z.object({
  /** Unix seconds to schedule; null or absent publishes now. */
  at: unixSeconds().nullable().optional(),
});
export type PublishBackofficeVideoBody = z.infer<typeof PublishBackofficeVideoBody>;

/** A JPEG, PNG or WebP picture as a data URL, about 700 KB at most: inside the API's 1 MiB body (the web scales it first). */
export const COVER_IMAGE_MAX_CHARS = 1_000_000;

/** Either a frame of the video (`at_seconds`) or a picture (`image`); a refusal names the field. */
export const BackofficeVideoCoverBody = z
  .object({
    at_seconds: z.number().min(0, 'Must be 0 or more').max(86_400, 'Must be at most 86400').optional(),
    image: z
      .string()
      .max(COVER_IMAGE_MAX_CHARS, 'Must be a picture of at most 700 KB')
      .regex(/^data:image\/(jpeg|png|webp);base64,[A-Za-z0-9+/]+=*$/, 'Must be a JPEG, PNG or WebP picture as a data URL')
      .optional(),
  })
  .superRefine((body, ctx) => {
    if ((body.at_seconds === undefined) === (body.image === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['at_seconds'], message: 'Give either at_seconds (a frame of the video) or image (a picture)' });
    }
  });
export type BackofficeVideoCoverBody = z.infer<typeof BackofficeVideoCoverBody>;

export const BackofficeVideoFrames = z
  .object({ frames: z.array(z.object({ at_seconds: z.number(), image: z.string() })) })
  .meta({ id: 'BackofficeVideoFrames' });
export type BackofficeVideoFrames = z.infer<typeof BackofficeVideoFrames>;

/** The cover as a small JPEG data URL; null while there is none. */
export const BackofficeVideoCover = z.object({ image: z.string().nullable() }).meta({ id: 'BackofficeVideoCover' });
export type BackofficeVideoCover = z.infer<typeof BackofficeVideoCover>;

export const BackofficeVideoModelChoices = z.object({ models: z.array(BackofficeVideoModel) }).meta({ id: 'BackofficeVideoModelChoices' });
export type BackofficeVideoModelChoices = z.infer<typeof BackofficeVideoModelChoices>;
