import {
  RETAG_PAGE_SIZE,
  TRAILER_TAG_NAME,
  type BackofficeTagList,
  type RetagBody,
  type RetagResult,
  type RetagVideo,
  type RetagVideoList,
  type Tag,
  type TagNamesBody,
} from '@velora/shared';
import { isUniqueViolation, type Queryable } from '../../db/database';
import { HttpError, notFound } from '../../lib/http-error';
import type { Platform } from '../../platform';
import type { MediaService } from '../media/media.service';
import { tagsRepository, type RetagVideoRow, type TagLanguageField, type TagRow, type VideoTagLinkRow } from './tags.repository';

// The back office's tags (decision record 071). Members' catalog pages and tag lists are cached per table and dropped
// when `tags` or `video_tags` change (decision record 051), so every write here shows to members at once.

const LANGUAGE_NAMES: Record<TagLanguageField, string> = { name_en: 'English', name_de: 'German', name_fr: 'French' };

const toTag = (row: TagRow): Tag => ({ id: row.id, name_en: row.name_en, name_de: row.name_de, name_fr: row.name_fr, video_count: row.video_count });

function duplicateName(taken: Partial<Record<TagLanguageField, string>>): HttpError {
  const fields = Object.fromEntries(
    (Object.entries(taken) as Array<[TagLanguageField, string]>).map(([field, name]) => [field, `Another tag is already called "${name}" in ${LANGUAGE_NAMES[field]}`]),
  );
  const names = Object.values(taken).map((name) => `"${name}"`).join(', ');
  return new HttpError(409, 'DUPLICATE_TAG_NAME', `Another tag already has the name ${names}`, fields);
}

const protectedTag = (message: string) => new HttpError(409, 'PROTECTED_TAG', message, { name_en: `"${TRAILER_TAG_NAME}" marks trailers and keeps its English name` });

export interface TagsDeps extends Pick<Platform, 'db'> {
  media: Pick<MediaService, 'imageUrl'>;
}

export function createTagsService({ db, media }: TagsDeps) {
  /** Refuses a name another tag has in the same language; the unique indexes of migration 0022 decide a race. */
  async function withNamesChecked<T>(tx: Queryable, names: TagNamesBody, exceptId: number | null, write: () => Promise<T>): Promise<T> {
    const taken = await tagsRepository.namesTaken(tx, names, exceptId);
    if (Object.keys(taken).length > 0) throw duplicateName(taken);
    return write();
  }

  /** A lost race with another creation or rename of the same name: the same 409, read again after the fact. */
  async function raceAsConflict<T>(names: TagNamesBody, exceptId: number | null, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const taken = await tagsRepository.namesTaken(db, names, exceptId);
      throw duplicateName(Object.keys(taken).length > 0 ? taken : { name_en: names.name_en });
    }
  }

  function toVideos(rows: RetagVideoRow[], links: VideoTagLinkRow[]): RetagVideo[] {
    const byVideo = new Map<number, RetagVideo['tags']>();
    for (const link of links) {
      const list = byVideo.get(link.video_id) ?? [];
      list.push({ id: link.id, name_en: link.name_en, name_de: link.name_de, name_fr: link.name_fr });
      byVideo.set(link.video_id, list);
    }
    return rows.map((row) => ({
      id: row.id,
      title: row.title,
      published_at: Math.floor(new Date(row.published_at).getTime() / 1000),
      // The back office is staff: they see the real cover, never a restricted viewer's placeholder.
      thumbnail: media.imageUrl('video', row.id, '370x206', null),
      tags: byVideo.get(row.id) ?? [],
    }));
  }

  async function videosOf(tx: Queryable, ids: readonly number[]): Promise<RetagVideo[]> {
    const rows = await tagsRepository.lockVideos(tx, ids);
    return toVideos(rows, await tagsRepository.tagsOf(tx, ids));
  }

  return {
    async list(search: string | null): Promise<BackofficeTagList> {
      return { tags: (await tagsRepository.list(db, search)).map(toTag) };
    },

    /** One tag as the back office shows it (an audit entry's state before a change). */
    async get(id: number): Promise<Tag | null> {
      const row = await tagsRepository.find(db, id);
      return row ? toTag(row) : null;
    },

    create(names: TagNamesBody): Promise<Tag> {
      return raceAsConflict(names, null, () =>
        db.transaction((tx) =>
          withNamesChecked(tx, names, null, async () => {
            const id = await tagsRepository.insert(tx, names);
            return toTag((await tagsRepository.find(tx, id))!);
          }),
        ),
      );
    },

    rename(id: number, names: TagNamesBody): Promise<Tag> {
      return raceAsConflict(names, id, () =>
        db.transaction(async (tx) => {
          const current = await tagsRepository.find(tx, id, true);
          if (!current) throw notFound(`No tag with id ${id}`);
          if (current.name_en === TRAILER_TAG_NAME && names.name_en !== TRAILER_TAG_NAME) {
            throw protectedTag(`The English name of "${TRAILER_TAG_NAME}" marks trailers (product §1): it cannot change`);
          }
          return withNamesChecked(tx, names, id, async () => {
            await tagsRepository.rename(tx, id, names);
            return toTag((await tagsRepository.find(tx, id))!);
          });
        }),
      );
    },

    /** The tag and the videos it was on, as an audit entry keeps them (enough to put it back by hand). */
    async withVideos(id: number): Promise<(Tag & { video_ids: number[] }) | null> {
      const row = await tagsRepository.find(db, id);
      return row ? { ...toTag(row), video_ids: await tagsRepository.videoIdsTagged(db, id) } : null;
    },

    async remove(id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const current = await tagsRepository.find(tx, id, true);
        if (!current) throw notFound(`No tag with id ${id}`);
        if (current.name_en === TRAILER_TAG_NAME) throw protectedTag(`"${TRAILER_TAG_NAME}" marks trailers (product §1): it cannot be deleted`);
        await tagsRepository.remove(tx, id);
      });
    },

    async videos(query: { page: number; query: string | null; tag?: number | undefined; untagged: boolean }): Promise<RetagVideoList> {
      const filter = { search: query.query, tagId: query.tag ?? null, untagged: query.untagged };
      // Past any real catalog a page is empty anyway; the cap keeps the offset a number PostgreSQL accepts.
      const page = Math.min(query.page, 1_000_000);
      const [total, rows] = await Promise.all([tagsRepository.countVideos(db, filter), tagsRepository.pageOfVideos(db, filter, RETAG_PAGE_SIZE, (page - 1) * RETAG_PAGE_SIZE)]);
      const links = rows.length > 0 ? await tagsRepository.tagsOf(db, rows.map((row) => row.id)) : [];
      return { videos: toVideos(rows, links), page, per_page: RETAG_PAGE_SIZE, total, pages: Math.ceil(total / RETAG_PAGE_SIZE) };
    },

    /** The selected videos as they are (an audit entry's `before`), in the order of their ids. */
    async selection(ids: readonly number[]): Promise<RetagVideo[]> {
      const rows = await db.query<RetagVideoRow>('SELECT v.id, v.title, v.published_at FROM videos v WHERE v.id = ANY($1::int[]) ORDER BY v.id', [ids]);
      return toVideos(rows, await tagsRepository.tagsOf(db, ids));
    },

    /** Adds and removes tags on every selected video in one transaction: a missing video or tag changes nothing. */
    retag(body: RetagBody): Promise<RetagResult> {
      return db.transaction(async (tx) => {
        const videos = await tagsRepository.lockVideos(tx, body.video_ids);
        const missingVideos = body.video_ids.filter((id) => !videos.some((video) => video.id === id));
        if (missingVideos.length > 0) {
          throw new HttpError(404, 'NOT_FOUND', `No video with id ${missingVideos.join(', ')}`, { video_ids: `No video with id ${missingVideos.join(', ')}` });
        }
        const tagIds = [...body.add, ...body.remove];
        const found = new Set(await tagsRepository.shareTags(tx, tagIds));
        const fields: Record<string, string> = {};
        for (const key of ['add', 'remove'] as const) {
          const missing = body[key].filter((id) => !found.has(id));
          if (missing.length > 0) fields[key] = `No tag with id ${missing.join(', ')}`;
        }
        if (Object.keys(fields).length > 0) throw new HttpError(404, 'NOT_FOUND', Object.values(fields).join('; '), fields);
        const added = await tagsRepository.link(tx, body.video_ids, body.add);
        const removed = await tagsRepository.unlink(tx, body.video_ids, body.remove);
        return { videos: await videosOf(tx, body.video_ids), added, removed };
      });
    },
  };
}
export type TagsService = ReturnType<typeof createTagsService>;
