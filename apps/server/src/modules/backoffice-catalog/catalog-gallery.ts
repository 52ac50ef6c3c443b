import type { BoShootCoverBody, BoShootDetail, BoShootOrderBody } from '@velora/shared';
import type { Queryable } from '../../db/database';
import { conflict, notFound } from '../../lib/http-error';
import type { CatalogContext } from './catalog-context';
import { backofficeCatalogRepository as repo } from './backoffice-catalog.repository';

// A shoot's gallery (decision record 075): images added many at a time (all or none), put in order, removed, and one
// of them chosen as the cover. An image's original is written before its row commits, so a published shoot never shows
// a row without its picture; a failed upload removes what it wrote.

export function catalogGallery(ctx: CatalogContext, detail: (id: number) => Promise<BoShootDetail>) {
  const { db, media, log } = ctx;

  /** Copies the chosen image's original to the shoot's cover (every cover size is cut from it). */
  async function coverFrom(shootId: number, imageId: number): Promise<void> {
    await media.copyOriginal({ kind: 'image', id: imageId }, { kind: 'shoot', id: shootId });
  }

  async function lockShoot(tx: Queryable, id: number) {
    const row = await repo.shoot(tx, id, true);
    if (!row) throw notFound(`No shoot with id ${id}`);
    return row;
  }

  return {
    async upload(shootId: number, files: Array<{ name: string; data: Buffer }>): Promise<BoShootDetail> {
      // Every file is judged and made into its original before anything is written: one refusal refuses them all.
      const prepared: Array<{ data: Buffer; width: number; height: number }> = [];
      for (const file of files) prepared.push(await ctx.prepare(file));
      let written: number[] = [];
      const forget = async (ids: number[]) => {
        for (const id of ids) await media.removeOriginal('image', id).catch((err: unknown) => log.error({ err, id }, 'an upload could not remove its file'));
      };
      try {
        await db.transaction(async (tx) => {
          // The transaction may run again (decision record 063): the files of an attempt that did not commit go first.
          await forget(written);
          written = [];
          const shoot = await lockShoot(tx, shootId);
          const chapterId = await repo.uploadChapter(tx, shootId, shoot.title);
          let position = await repo.nextPosition(tx, chapterId);
          for (const image of prepared) {
            const id = await repo.insertImage(tx, chapterId, position++, image.width, image.height);
            written.push(id);
            await media.storeOriginal('image', id, image.data);
          }
          if (shoot.cover_image_id === null && written[0] !== undefined) {
            await repo.setCover(tx, shootId, written[0]);
            await coverFrom(shootId, written[0]);
          }
        });
      } catch (error) {
        await forget(written);
        throw error;
      }
      return detail(shootId);
    },

    async order(shootId: number, body: BoShootOrderBody): Promise<BoShootDetail> {
      await db.transaction(async (tx) => {
        await lockShoot(tx, shootId);
        const current = (await repo.images(tx, shootId)).map((image) => image.id);
        const given = new Set(body.image_ids);
        if (current.length !== given.size || current.some((id) => !given.has(id))) {
          throw conflict('The gallery changed meanwhile: reload it and put it in order again', { image_ids: 'Must list every image of the shoot once' });
        }
        await repo.setPositions(tx, body.image_ids);
      });
      return detail(shootId);
    },

    async remove(shootId: number, imageId: number): Promise<BoShootDetail> {
      const wasCover = await db.transaction(async (tx) => {
        const shoot = await lockShoot(tx, shootId);
        if (!(await repo.deleteImage(tx, shootId, imageId))) throw notFound(`No image ${imageId} in shoot ${shootId}`);
        // The foreign key clears cover_image_id; the next image, if any, becomes the cover.
        if (shoot.cover_image_id !== imageId) return { was: false, next: null };
        const next = (await repo.images(tx, shootId))[0]?.id ?? null;
        await repo.setCover(tx, shootId, next);
        return { was: true, next };
      });
      await media.removeOriginal('image', imageId);
      if (wasCover.was) {
        if (wasCover.next !== null) await coverFrom(shootId, wasCover.next);
        else await media.removeOriginal('shoot', shootId);
      }
      return detail(shootId);
    },

    async cover(shootId: number, body: BoShootCoverBody): Promise<BoShootDetail> {
      await db.transaction(async (tx) => {
        await lockShoot(tx, shootId);
        if (!(await repo.images(tx, shootId)).some((image) => image.id === body.image_id)) {
          throw notFound(`No image ${body.image_id} in shoot ${shootId}`);
        }
        await repo.setCover(tx, shootId, body.image_id);
      });
      await coverFrom(shootId, body.image_id);
      return detail(shootId);
    },
  };
}
