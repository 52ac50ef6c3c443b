import type { FastifyPluginAsync } from 'fastify';
import { ENDPOINTS } from '@velora/shared';
import { route } from '../../http/register-endpoint';
import { requireAuth } from '../../plugins/auth';
import type { PlaydatesService } from './playdates.service';

// Playdates (decision record 040): requests, schedules, lists, reminders, the studio and the team's limits. The rooms
// (GET /playdates/:type/:id, the studio's room, chat replay, feedback) are the playdate-rooms module's. Law limits,
// capabilities, idempotency and rate-limit declarations come from the endpoint table.
export const playdatesRoutes: FastifyPluginAsync<{ playdates: PlaydatesService }> = async (app, { playdates }) => {
  route(app, ENDPOINTS['playdates.private.camera'], async (r) => playdates.privateOffer(r.params.id, requireAuth(r)));
  route(app, ENDPOINTS['playdates.private.quote'], async (r) => playdates.quote(r.params.id, requireAuth(r), r.query.duration));
  route(app, ENDPOINTS['playdates.private.request'], async (r) => playdates.request(r.params.id, requireAuth(r), r.body));
  route(app, ENDPOINTS['playdates.private.requestCheck'], async (r) => playdates.requestCheck(r.params.id, requireAuth(r)));
  route(app, ENDPOINTS['playdates.private.cancel'], async (r) => playdates.cancelByMember(r.params.id, requireAuth(r)));
  route(app, ENDPOINTS['playdates.private.status'], async (r) => playdates.status(r.params.id, requireAuth(r)));
  route(app, ENDPOINTS['playdates.private.list'], async (r) => playdates.privateList(requireAuth(r)));
  route(app, ENDPOINTS['playdates.private.cameras'], async (r) => playdates.cameras(r.query.page, requireAuth(r)));
  route(app, ENDPOINTS['playdates.private.extendOffer'], async (r) => playdates.extendOffer(r.params.id, requireAuth(r)));
  route(app, ENDPOINTS['playdates.private.extend'], async (r) => playdates.extend(r.params.id, requireAuth(r), r.body.duration));

  route(app, ENDPOINTS['playdates.camera.closestPublic'], async (r) => playdates.closestPublic(r.params.id, requireAuth(r)));
  route(app, ENDPOINTS['playdates.camera.closestPrivate'], async (r) => playdates.closestPrivate(r.params.id, requireAuth(r)));
  route(app, ENDPOINTS['playdates.camera.pendingRequest'], async (r) => playdates.pendingRequest(r.params.id, requireAuth(r)));
  route(app, ENDPOINTS['playdates.public.list'], async (r) => playdates.publicList(requireAuth(r)));

  route(app, ENDPOINTS['playdates.reminder.on'], async (r) => playdates.reminderOn(r.params.type, r.params.id, requireAuth(r)));
  route(app, ENDPOINTS['playdates.reminder.off'], async (r) => playdates.reminderOff(r.params.type, r.params.id, requireAuth(r)));

  route(app, ENDPOINTS['studio.playdates.get'], async (r) => playdates.studio(requireAuth(r)));
  route(app, ENDPOINTS['studio.playdates.settings'], async (r) => playdates.saveSettings(requireAuth(r), r.body));
  route(app, ENDPOINTS['studio.playdates.schedule'], async (r) => playdates.schedule(requireAuth(r), r.body));
  route(app, ENDPOINTS['studio.playdates.accept'], async (r) => playdates.accept(r.params.id, requireAuth(r), r.body));
  route(app, ENDPOINTS['studio.playdates.decline'], async (r) => playdates.decline(r.params.id, requireAuth(r), r.body));
  route(app, ENDPOINTS['studio.playdates.cancel'], async (r) => playdates.cancelByModel(r.params.id, requireAuth(r)));
  route(app, ENDPOINTS['studio.playdates.end'], async (r) => playdates.endPublic(r.params.id, requireAuth(r)));

  route(app, ENDPOINTS['team.playdateLimits.get'], async () => playdates.limits());
  // The back office's playdate limits (decision record 072): the audit entry keeps the limits as they were.
  route(app, ENDPOINTS['team.playdateLimits.set'], async (r) => playdates.setLimits(r.body), {
    audit: { before: async () => playdates.limits(), subject: () => ({ type: 'settings', id: 'playdate_limits' }) },
  });
};
