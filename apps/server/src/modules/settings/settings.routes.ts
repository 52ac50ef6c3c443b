import type { FastifyPluginAsync } from 'fastify';
import { ENDPOINTS } from '@velora/shared';
import { route } from '../../http/register-endpoint';
import type { SettingsService } from './settings.service';

// The back office's site settings (decision record 072). Each write's audit entry holds the row as it was before.

type Params<T> = { params: T };

export const settingsRoutes: FastifyPluginAsync<{ settings: SettingsService }> = async (app, { settings }) => {
  const flagBefore = { before: async (r: unknown) => settings.flag((r as Params<{ name: string }>).params.name), subject: (r: unknown) => ({ type: 'flag', id: (r as Params<{ name: string }>).params.name }) };

  route(app, ENDPOINTS['backoffice.flags.list'], async () => settings.flags());
  route(app, ENDPOINTS['backoffice.flags.update'], async (r) => settings.updateFlag(r.params.name, r.body), { audit: flagBefore });
  route(app, ENDPOINTS['backoffice.flags.setCampaign'], async (r) => settings.setCampaignFlag(r.params.name, r.params.campaign, r.body), { audit: flagBefore });
  route(app, ENDPOINTS['backoffice.flags.removeCampaign'], async (r) => settings.removeCampaignFlag(r.params.name, r.params.campaign), { audit: flagBefore });

  route(app, ENDPOINTS['backoffice.prices.get'], async () => settings.prices());
  route(app, ENDPOINTS['backoffice.plans.update'], async (r) => settings.updatePlan(r.params.id, r.body), {
    audit: { before: async (r) => settings.plan((r.params as { id: number }).id), subject: (r) => ({ type: 'plan', id: (r.params as { id: number }).id }) },
  });
  route(app, ENDPOINTS['backoffice.packages.update'], async (r) => settings.updatePackage(r.params.id, r.body), {
    audit: { before: async (r) => settings.coinPackage((r.params as { id: number }).id), subject: (r) => ({ type: 'coin_package', id: (r.params as { id: number }).id }) },
  });
  const vatAudit = {
    before: async (r: unknown) => settings.vatRate((r as Params<{ country: string }>).params.country),
    subject: (r: unknown) => ({ type: 'vat_rate', id: (r as Params<{ country: string }>).params.country }),
  };
  route(app, ENDPOINTS['backoffice.vat.set'], async (r) => settings.setVatRate(r.params.country, r.body), { audit: vatAudit });
  route(
    app,
    ENDPOINTS['backoffice.vat.remove'],
    async (r) => {
      await settings.removeVatRate(r.params.country);
    },
    { audit: vatAudit },
  );
};
