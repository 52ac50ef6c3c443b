import { DEFAULT_PLAYDATE_LIMITS, type EndpointName } from '@velora/shared';
import { playdateReplayKey, signPlaydateReplayToken } from '../../src/lib/playdate-replay-token';
import { PASSWORD, type EndpointWorld, type SuiteRole } from './endpoint-world';

// Valid values the schemas cannot know: ids that exist in the world, tokens, the right password. Merged over the
// generated request part by part (a field here wins over the generated one).

export interface RequestParts {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
}

type Sample = (world: EndpointWorld, role: SuiteRole) => RequestParts | Promise<RequestParts>;

let registrations = 0;
const video = (w: EndpointWorld) => ({ id: w.catalog.videoIds[0]! });
/** A video no other sample uses: the back office's writes (retitling, unpublishing) change it. */
const lastVideo = (w: EndpointWorld) => ({ id: w.catalog.videoIds.at(-1)! });
const model = (w: EndpointWorld) => ({ id: w.catalog.models[0]!.id });
const shoot = (w: EndpointWorld) => ({ id: w.catalog.shoots[0]!.id });
const feature = (w: EndpointWorld) => ({ id: w.ids.featureName });
const other = (w: EndpointWorld) => ({ name: w.users.other.username });
const playdate = (w: EndpointWorld) => ({ id: w.ids.playdateId });
const camera = (w: EndpointWorld) => ({ name: w.ids.cameraName });
let shows = 0;
/** A fresh document page for a back-office call to read, save, publish or delete (decision record 076). */
let suitePages = 0;
const suitePage = async (w: EndpointWorld): Promise<{ id: number; path: string; version: number }> => {
  suitePages += 1;
  const [row] = await w.deps.db.query<{ id: number; path: string; version: number }>(
    "INSERT INTO pages (path, type, title, source) VALUES ($1, 'document', 'Suite page', '<p>Suite</p>') RETURNING id, path, version",
    [`/suite-page-${suitePages}`],
  );
  return row!;
};
const suiteDocument = (path: string) => ({
  path,
  type: 'document',
  title: 'Suite page',
  source: '<p>Suite</p>',
  landing_en: null,
  landing_de: null,
  published: true,
  password: undefined,
  remove_password: undefined,
});
const noMeta = { title: '', description: '', keywords: '' };
let suiteMeta = 0;
let publicPlaydates = 0;
/** The suite camera's model takes private playdate requests and the premium member has coins to request one. */
let offerReady: Promise<void> | null = null;
const offer = (w: EndpointWorld): Promise<void> =>
  (offerReady ??= (async () => {
    await w.deps.db.query(
      `INSERT INTO playdate_settings (model_id, private_enabled, price_per_minute, durations, hours_days, hours_from_minute, hours_to_minute, time_zone)
       SELECT model_id, true, 10, '{5,10}', '{0,1,2,3,4,5,6}', 0, 1440, 'Europe/Berlin' FROM cameras WHERE name = $1 ON CONFLICT DO NOTHING`,
      [w.ids.cameraName],
    );
    await w.services.coins.grant(w.users.premium.id, 1000, 'Suite coins', 'suite-playdates');
  })());
/** A finished public playdate of the suite model (its chat replay is public). */
const finishedPublic = new WeakMap<EndpointWorld, Promise<number>>();
const finishedPublicPlaydate = (w: EndpointWorld): Promise<number> => {
  let id = finishedPublic.get(w);
  if (!id) {
    id = (async () => {
      const [row] = await w.deps.db.query<{ id: number }>(
        `INSERT INTO playdates (model_id, kind, title, starts_at, duration_minutes, status, ended_at)
         VALUES ($1, 'public', 'Suite show', now() - interval '2 hours', 60, 'finished', now() - interval '1 hour') RETURNING id`,
        [w.catalog.models[0]!.id],
      );
      return row!.id;
    })();
    finishedPublic.set(w, id);
  }
  return id;
};
const playdateCamera = async (w: EndpointWorld) => {
  await offer(w);
  const [row] = await w.deps.db.query<{ id: number }>('SELECT id FROM cameras WHERE name = $1', [w.ids.cameraName]);
  return { id: row!.id };
};

let suiteTags = 0;
const suiteTagNames = () => {
  suiteTags += 1;
  return { name_en: `Suite tag ${suiteTags}`, name_de: `Suite-Schlagwort ${suiteTags}`, name_fr: `Étiquette ${suiteTags}` };
};
const suiteTag = async (w: EndpointWorld) => {
  const names = suiteTagNames();
  const [row] = await w.deps.db.query<{ id: number }>('INSERT INTO tags (name_en, name_de, name_fr) VALUES ($1, $2, $3) RETURNING id', [names.name_en, names.name_de, names.name_fr]);
  return row!.id;
};
/** The first row of a price table, made once if the world has none, with its current revision. */
async function settingsRow(w: EndpointWorld, table: 'membership_plans' | 'coin_packages', insert: string): Promise<{ id: number; revision: number }> {
  const read = () => w.deps.db.query<{ id: number; revision: number }>(`SELECT id, revision FROM ${table} ORDER BY id LIMIT 1`);
  let [row] = await read();
  if (!row) {
    await w.deps.db.query(`${insert} ON CONFLICT DO NOTHING`);
    [row] = await read();
  }
  return row!;
}
/** A draft of the suite's own for the writer's calls (decision record 073), so the public blog's sample article stays published. */
const writerArticles = new WeakMap<EndpointWorld, Promise<{ id: number; categoryId: number }>>();
const writerArticle = (w: EndpointWorld): Promise<{ id: number; categoryId: number }> => {
  let article = writerArticles.get(w);
  if (!article) {
    article = (async () => {
      const [category] = await w.deps.db.query<{ id: number }>('SELECT id FROM blog_categories ORDER BY id LIMIT 1');
      const [row] = await w.deps.db.query<{ id: number }>(
        `INSERT INTO blog_articles (alias, language, title, body_markdown, body_html, category_id, published_at)
         VALUES ('suite-draft', 'en', 'Suite draft', 'Suite *draft*', '<p>Suite <em>draft</em></p>', $1, NULL) RETURNING id`,
        [category!.id],
      );
      return { id: row!.id, categoryId: category!.id };
    })();
    writerArticles.set(w, article);
  }
  return article;
};
/** The draft's id and its current version (each write moves the version on; a stale one would be a 409). */
const writerArticleNow = async (w: EndpointWorld) => {
  const { id, categoryId } = await writerArticle(w);
  const [row] = await w.deps.db.query<{ version: number }>('SELECT version FROM blog_articles WHERE id = $1', [id]);
  return { id, categoryId, version: row!.version };
};
let blogWrites = 0;

export const SAMPLES: Partial<Record<EndpointName, Sample>> = {
  'auth.register': (_w, role) => {
    registrations += 1;
    const name = `reg_${role}_${registrations}`;
    return { body: { username: name, email: `${name}@example.com`, password: 'long-enough-password' } };
  },
  'auth.login': (w) => ({ body: { username: w.users.other.username, password: PASSWORD } }),
  // A well-formed code of an authenticator app (the schema's pattern); whether it is the current one is the service's.
  'secondFactor.confirm': () => ({ body: { code: '123456' } }),
  'secondFactor.verify': () => ({ body: { code: '123456' } }),
  'secondFactor.recoveryCodes': () => ({ body: { code: '123456' } }),
  'auth.forgotPassword': (w) => ({ body: { username: w.users.other.username } }),
  'auth.identity': () => ({ params: { provider: 'google' }, body: { token: 'not-a-valid-id-token', language: 'en' } }),
  'user.changePassword': () => ({ body: { password: PASSWORD, newPassword: PASSWORD } }),
  'user.changeUsername': (_w, role) => ({ body: { userName: `renamed_${role}`, password: PASSWORD } }),
  'user.changeEmail': (_w, role) => ({ body: { newEmail: `new_${role}@example.com`, password: PASSWORD } }),
  'features.featureFeedback.get': (w) => ({ params: feature(w) }),
  'features.featureFeedback.save': (w) => ({ params: feature(w) }),
  'features.featureFeedback.delete': (w) => ({ params: feature(w) }),
  'features.view': (w) => ({ params: feature(w) }),
  'features.trackAction': (w) => ({ params: feature(w) }),
  'videos.detail': (w) => ({ params: video(w) }),
  'videos.playback.record': (w) => ({ params: video(w) }),
  'videos.playbacks': (w) => ({ params: video(w) }),
  'videos.similar': (w) => ({ params: video(w) }),
  'videos.free': (w) => ({ query: { token: w.ids.freeVideoToken } }),
  'videos.unlock': (w) => ({ body: { token: w.ids.unlockToken } }),
  'comments.list': (w) => ({ params: video(w) }),
  'comments.post': (w) => ({ params: video(w), body: { body: 'A comment of the endpoint suite' } }),
  'comments.delete': (w) => ({ params: { ...video(w), commentId: 1 } }),
  'models.detail': (w) => ({ params: model(w) }),
  'models.videos': (w) => ({ params: model(w) }),
  'models.shoots': (w) => ({ params: model(w) }),
  'shoots.detail': (w) => ({ params: shoot(w) }),
  'shoots.chapter': (w) => ({ params: { shootId: w.catalog.shoots[0]!.id, chapterId: w.catalog.chapters[0]!.id } }),
  'feeds.update': (w) => ({ params: shoot(w) }),
  'favourites.add': (w) => ({ params: { kind: 'model', ...model(w) } }),
  'favourites.remove': (w) => ({ params: { kind: 'model', ...model(w) } }),
  'messages.conversation': (w) => ({ params: other(w) }),
  'messages.send': (w) => ({ params: other(w), body: { text: 'Hello from the endpoint suite' } }),
  'messages.read': (w) => ({ params: other(w) }),
  'messages.clear': (w) => ({ params: other(w) }),
  'messages.delete': (w) => ({ params: { ...other(w), messageId: '1' } }),
  'messages.playdateCameras': (w) => ({ query: { id: w.ids.playdateId } }),
  'messages.playdate.get': (w) => ({ params: playdate(w) }),
  'messages.playdate.send': (w) => ({ params: playdate(w), body: { text: 'See you soon' } }),
  'messages.playdate.read': (w) => ({ params: playdate(w) }),
  'messages.playdate.clear': (w) => ({ params: playdate(w) }),
  'coins.tip': (w) => ({ body: { model_id: w.catalog.models[0]!.id, coins: 1 } }),
  'payments.checkout': (w) => ({ body: { kind: 'subscription', plan_id: w.ids.planId } }),
  'payments.webhook': () => ({ params: { provider: 'sandbox' } }),
  'pages.get': (w) => ({ params: { '*': w.ids.pagePath.replace(/^\//, '') } }),
  'pages.landing': (w) => ({ params: { id: w.ids.landingId } }),
  'pages.contact': async (w) => ({ body: { captcha: await w.captcha() } }),
  'pages.contentReport': async (w) => ({ body: { captcha: await w.captcha() } }),
  'blog.article': (w) => ({ params: { alias: w.ids.blogAlias } }),
  'cameras.detail': (w) => ({ params: camera(w) }),
  'cameras.photos': (w) => ({ params: camera(w) }),
  'cameras.videos': (w) => ({ params: camera(w) }),
  'cameras.watch': (w) => ({ params: camera(w) }),
  'cameras.feedback.ask': (w) => ({ params: camera(w) }),
  'cameras.feedback.send': (w) => ({ params: camera(w), body: { rating: 4, message: 'Lovely show' } }),
  'cameras.mails.unsubscribe': (w) => ({ query: { token: w.services.cameras.unsubscribeToken(w.users.other.id) } }),
  'studio.camera.update': () => ({ body: { title: 'Suite camera', tag_ids: [], chat_mode: 'free', price_per_minute: null } }),
  'playdates.private.camera': async (w) => ({ params: await playdateCamera(w) }),
  'playdates.private.quote': async (w) => ({ params: await playdateCamera(w), query: { duration: '5' } }),
  'playdates.private.request': async (w) => ({ params: await playdateCamera(w), body: { duration: 5, starts_at: null, price_per_minute: 10 } }),
  'playdates.private.requestCheck': async (w) => ({ params: await playdateCamera(w) }),
  'playdates.private.cancel': (w) => ({ params: playdate(w) }),
  'playdates.private.status': (w) => ({ params: playdate(w) }),
  'playdates.private.extendOffer': (w) => ({ params: playdate(w) }),
  'playdates.private.extend': (w) => ({ params: playdate(w), body: { duration: 5 } }),
  'playdates.camera.closestPublic': async (w) => ({ params: await playdateCamera(w) }),
  'playdates.camera.closestPrivate': async (w) => ({ params: await playdateCamera(w) }),
  'playdates.camera.pendingRequest': async (w) => ({ params: await playdateCamera(w) }),
  // The rooms (decision record 041): the suite's playdate is the premium member's private one with the suite model.
  'playdates.room': (w) => ({ params: { type: 'private', ...playdate(w) } }),
  'studio.playdates.room': (w) => ({ params: playdate(w) }),
  'playdates.public.chatHistory': async (w) => ({ query: { token: signPlaydateReplayToken(playdateReplayKey(w.deps.config), await finishedPublicPlaydate(w)) } }),
  'playdates.feedback.list': () => ({}),
  'playdates.feedback.send': (w) => ({ params: playdate(w), body: { rating: 5, message: 'Lovely' } }),
  'playdates.feedback.close': (w) => ({ params: playdate(w) }),
  'playdates.reminder.on': (w) => ({ params: { type: 'private', ...playdate(w) } }),
  'playdates.reminder.off': (w) => ({ params: { type: 'private', ...playdate(w) } }),
  'studio.playdates.settings': () => ({
    body: { private_enabled: true, price_per_minute: 10, durations: [5, 10], hours: { days: [1, 2, 3], from_minute: 600, to_minute: 1200, time_zone: 'Europe/Berlin' } },
  }),
  'studio.playdates.schedule': (w) => {
    publicPlaydates += 1;
    return { body: { title: 'Suite show', starts_at: Math.floor(w.deps.now().getTime() / 1000) + publicPlaydates * 86_400, duration_minutes: 60 } };
  },
  'studio.playdates.accept': (w) => ({ params: playdate(w), body: { starts_at: null } }),
  'studio.playdates.decline': (w) => ({ params: playdate(w), body: {} }),
  'studio.playdates.cancel': (w) => ({ params: playdate(w) }),
  'studio.playdates.end': (w) => ({ params: playdate(w) }),
  'team.playdateLimits.set': () => ({ body: DEFAULT_PLAYDATE_LIMITS }),
  // Site settings (decision record 072): a plan and a package of the world at their current revision, a real currency.
  'backoffice.plans.update': async (w) => {
    const row = await settingsRow(w, 'membership_plans', "INSERT INTO membership_plans (token, name, period, price_cents) VALUES ('suite-plan', 'Suite', 'MONTH', 1000)");
    return { params: { id: row.id }, body: { price_cents: 1000, currency: 'EUR', active: true, sort: 0, recommended: false, revision: row.revision } };
  },
  'backoffice.packages.update': async (w) => {
    const row = await settingsRow(w, 'coin_packages', "INSERT INTO coin_packages (token, coins, price_cents) VALUES ('suite-coins', 100, 999)");
    return { params: { id: row.id }, body: { coins: 100, bonus_coins: 0, price_cents: 999, currency: 'EUR', active: true, sort: 0, revision: row.revision } };
  },
  'backoffice.pages.get': async (w) => ({ params: { id: (await suitePage(w)).id } }),
  'backoffice.pages.create': () => {
    suitePages += 1;
    return { body: suiteDocument(`/suite-new-page-${suitePages}`) };
  },
  'backoffice.pages.update': async (w) => {
    const page = await suitePage(w);
    return { params: { id: page.id }, body: { ...suiteDocument(page.path), version: page.version } };
  },
  'backoffice.pages.publish': async (w) => ({ params: { id: (await suitePage(w)).id }, body: { published: false } }),
  'backoffice.pages.delete': async (w) => ({ params: { id: (await suitePage(w)).id } }),
  'backoffice.meta.get': () => ({ query: { path: '/models' } }),
  'backoffice.meta.save': () => {
    suiteMeta += 1;
    return { body: { path: `/suite-meta-${suiteMeta}`, robots: 'noindex, follow', texts: { en: { ...noMeta, title: 'Suite' }, de: noMeta, fr: noMeta }, version: null } };
  },
  'backoffice.meta.delete': async (w) => {
    suiteMeta += 1;
    const [row] = await w.deps.db.query<{ id: number }>('INSERT INTO path_meta (path, title_en) VALUES ($1, $2) RETURNING id', [`/suite-meta-${suiteMeta}`, 'Suite']);
    return { params: { id: row!.id } };
  },
  // Back-office videos (decision record 074): a catalog video; a description with no models, so an admin's call succeeds.
  'backoffice.videos.get': (w) => ({ params: video(w) }),
  'backoffice.videos.coverImage': (w) => ({ params: video(w) }),
  'backoffice.videos.frames': (w) => ({ params: video(w) }),
  'backoffice.videos.update': (w) => ({ params: lastVideo(w), body: { title: 'Suite video', description: '', model_ids: [], trailer: false } }),
  'backoffice.videos.publish': (w) => ({ params: video(w), body: {} }),
  'backoffice.videos.unpublish': (w) => ({ params: lastVideo(w) }),
  'backoffice.videos.cover': (w) => ({ params: video(w), body: { at_seconds: 1 } }),
  // The back office's catalog (decision record 075). Unpublishing takes the last model and shoot, which no other sample uses.
  'backoffice.models.detail': (w) => ({ params: model(w) }),
  'backoffice.models.update': (w) => ({ params: model(w), body: { name_en: 'Suite model', description: 'Suite text', country: 'DE' } }),
  'backoffice.models.picture': (w) => ({ params: model(w) }),
  'backoffice.models.account': (w) => ({ params: { id: w.catalog.models.at(-1)!.id }, body: { login: null } }),
  'backoffice.models.camera': (w) => ({ params: model(w), body: { title: 'Suite cam', chat_mode: 'free', price_per_minute: null } }),
  'backoffice.models.publish': (w) => ({ params: model(w) }),
  'backoffice.models.unpublish': (w) => ({ params: { id: w.catalog.models.at(-1)!.id } }),
  'backoffice.shoots.detail': (w) => ({ params: shoot(w) }),
  'backoffice.shoots.create': (w) => ({ body: { title: 'Suite shoot', description: '', model_id: w.catalog.models[0]!.id, video_ids: [] } }),
  'backoffice.shoots.update': (w) => ({ params: shoot(w), body: { title: 'Suite shoot', description: '', model_id: w.catalog.models[0]!.id, video_ids: [] } }),
  'backoffice.shoots.upload': (w) => ({ params: shoot(w) }),
  'backoffice.shoots.order': (w) => ({ params: shoot(w) }),
  'backoffice.shoots.cover': (w) => ({ params: shoot(w) }),
  'backoffice.shoots.removeImage': (w) => ({ params: { id: w.catalog.shoots[0]!.id, image_id: 1 } }),
  'backoffice.shoots.publish': (w) => ({ params: shoot(w), body: { publish_at: null } }),
  'backoffice.shoots.unpublish': (w) => ({ params: { id: w.catalog.shoots.at(-1)!.id } }),
  'studio.camera.schedule.add': (w) => {
    shows += 1;
    return { body: { starts_at: Math.floor(w.deps.now().getTime() / 1000) + shows * 86_400, duration_minutes: 60 } };
  },
  // Back-office tags: names no other tag has, and a tag of its own for each call that renames, deletes or adds one.
  'backoffice.tags.create': () => ({ body: suiteTagNames() }),
  'backoffice.tags.update': async (w) => ({ params: { tag_id: await suiteTag(w) }, body: suiteTagNames() }),
  'backoffice.tags.delete': async (w) => ({ params: { tag_id: await suiteTag(w) } }),
  'backoffice.retag.videos': () => ({ query: { untagged: 'false' } }),
  'backoffice.retag.apply': async (w) => ({ body: { video_ids: [w.catalog.videoIds[0]!], add: [await suiteTag(w)], remove: [] } }),
  'backoffice.blog.get': async (w) => ({ params: { id: (await writerArticle(w)).id } }),
  'backoffice.blog.create': async (w) => {
    blogWrites += 1;
    return { body: { alias: `suite-new-${blogWrites}`, language: 'en', category_id: (await writerArticle(w)).categoryId, cover_image: null } };
  },
  'backoffice.blog.save': async (w) => {
    const { id, categoryId, version } = await writerArticleNow(w);
    return { params: { id }, body: { alias: 'suite-draft', language: 'en', category_id: categoryId, cover_image: null, version } };
  },
  'backoffice.blog.publish': async (w) => {
    const { id, version } = await writerArticleNow(w);
    return { params: { id }, body: { version, publish_at: Math.floor(w.deps.now().getTime() / 1000) + 86_400 } };
  },
  'backoffice.blog.unpublish': async (w) => {
    const { id, version } = await writerArticleNow(w);
    return { params: { id }, body: { version } };
  },
  'backoffice.blog.categories.create': () => {
    blogWrites += 1;
    return { body: { slug: `suite-category-${blogWrites}` } };
  },
  'backoffice.blog.categories.rename': async (w) => ({ params: { id: (await writerArticle(w)).categoryId } }),
};
