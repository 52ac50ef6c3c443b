import { BO_CATALOG_PER_PAGE, type BoModelAccountBody, type BoModelBody, type BoModelCameraBody, type BoModelDetail, type BoModelList, type BoModelListQuery, type BoModelSummary } from '@velora/shared';
import { conflict, HttpError, notFound } from '../../lib/http-error';
import { isDbId, offsetOf, pagesOf } from '../../lib/paging';
import type { AuthContext } from '../sessions/sessions.service';
import type { CatalogContext } from './catalog-context';
import { backofficeCatalogRepository as repo, type BoModelRow } from './backoffice-catalog.repository';

// Models in the back office (decision record 075): her profile, picture, account and camera, and whether members see her.

const unix = (date: Date) => Math.floor(new Date(date).getTime() / 1000);

export function catalogModels(ctx: CatalogContext) {
  const { db, media, cameras } = ctx;

  const toSummary = (row: BoModelRow): BoModelSummary => ({
    id: row.id,
    name_en: row.name_en,
    country: row.country,
    published: row.published,
    picture: media.previewUrl('model', row.id, '400x400'),
    shoot_count: row.shoot_count,
    account: row.account_user_id !== null && row.account_username !== null ? { user_id: row.account_user_id, username: row.account_username } : null,
    created_at: unix(row.created_at),
  });

  async function detail(id: number): Promise<BoModelDetail> {
    const row = isDbId(id) ? await repo.model(db, id) : null;
    if (!row) throw notFound(`No model with id ${id}`);
    const camera = await repo.camera(db, id);
    return {
      ...toSummary(row),
      description: row.description,
      camera: camera && { name: camera.name, title: camera.title, chat_mode: camera.chat_mode, price_per_minute: camera.price_per_minute },
    };
  }

  async function requireModel(id: number): Promise<void> {
    if (!(await repo.model(db, id))) throw notFound(`No model with id ${id}`);
  }

  return {
    modelDetail: detail,

    async listModels(query: BoModelListQuery): Promise<BoModelList> {
      const q = query.q || undefined;
      const [total, rows] = await Promise.all([repo.countModels(db, q), repo.models(db, q, BO_CATALOG_PER_PAGE, offsetOf(query.page, BO_CATALOG_PER_PAGE))]);
      return { models: rows.map(toSummary), total, page: query.page, pages: pagesOf(total, BO_CATALOG_PER_PAGE), per_page: BO_CATALOG_PER_PAGE };
    },

    async createModel(body: BoModelBody): Promise<BoModelDetail> {
      return detail(await repo.insertModel(db, body));
    },

    async updateModel(id: number, body: BoModelBody): Promise<BoModelDetail> {
      if (!(await repo.updateModel(db, id, body))) throw notFound(`No model with id ${id}`);
      return detail(id);
    },

    async setPublished(id: number, published: boolean): Promise<BoModelDetail> {
      if (!(await repo.setModelPublished(db, id, published))) throw notFound(`No model with id ${id}`);
      return detail(id);
    },

    /** Her new picture: every size members see is cut from it. */
    async setPicture(id: number, file: { name: string; data: Buffer }): Promise<BoModelDetail> {
      await requireModel(id);
      const prepared = await ctx.prepare(file);
      await media.storeOriginal('model', id, prepared.data);
      return detail(id);
    },

    /**
     * Links an account (she can then use the studio: the model role follows from users.model_id) or unlinks hers.
     * A team member's account is not a model's: the studio and the back office stay apart.
     */
    async setAccount(id: number, body: BoModelAccountBody): Promise<BoModelDetail> {
      await db.transaction(async (tx) => {
        if (!(await repo.lockModel(tx, id))) throw notFound(`No model with id ${id}`);
        if (body.login === null) return repo.linkAccount(tx, id, null);
        const account = await repo.accountByLogin(tx, body.login);
        if (!account) throw new HttpError(404, 'NOT_FOUND', `No account has the username or email "${body.login}"`, { login: 'No account has this username or email' });
        if (account.model_id !== null && account.model_id !== id) {
          throw conflict(`This account belongs to model ${account.model_id}: unlink it there first`, { login: 'Belongs to another model' });
        }
        if (account.is_team_member) throw conflict('A team member\'s account cannot be a model\'s', { login: 'Is a team member' });
        return repo.linkAccount(tx, id, account.id);
      });
      return detail(id);
    },

    /** Her camera's title and chat, through the cameras module as if she changed them in her studio (her tags stay). */
    async setCamera(id: number, body: BoModelCameraBody, actor: AuthContext): Promise<BoModelDetail> {
      await requireModel(id);
      const current = await repo.camera(db, id);
      await cameras.updateStudio({ ...actor, modelId: id }, { ...body, tag_ids: current?.tag_ids ?? [] });
      return detail(id);
    },
  };
}
