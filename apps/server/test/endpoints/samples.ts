import type { EndpointName } from '@velora/shared';
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
const model = (w: EndpointWorld) => ({ id: w.catalog.models[0]!.id });
const shoot = (w: EndpointWorld) => ({ id: w.catalog.shoots[0]!.id });
const feature = (w: EndpointWorld) => ({ id: w.ids.featureName });
const other = (w: EndpointWorld) => ({ name: w.users.other.username });
const playdate = (w: EndpointWorld) => ({ id: w.ids.playdateId });
const camera = (w: EndpointWorld) => ({ name: w.ids.cameraName });
let shows = 0;

export const SAMPLES: Partial<Record<EndpointName, Sample>> = {
  'auth.register': (_w, role) => {
    registrations += 1;
    const name = `reg_${role}_${registrations}`;
    return { body: { username: name, email: `${name}@example.com`, password: 'long-enough-password' } };
  },
  'auth.login': (w) => ({ body: { username: w.users.other.username, password: PASSWORD } }),
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
  'studio.camera.schedule.add': (w) => {
    shows += 1;
    return { body: { starts_at: Math.floor(w.deps.now().getTime() / 1000) + shows * 86_400, duration_minutes: 60 } };
  },
};
