import {
  FLAG_CATALOGUE,
  flagSettingsProblems,
  flagSpecOf,
  type AdminCoinPackage,
  type AdminPlan,
  type CoinPackageBody,
  type Flag,
  type FlagBody,
  type FlagList,
  type FlagOverrideBody,
  type PlanBody,
  type PriceSettings,
  type VatRate,
  type VatRateBody,
} from '@velora/shared';
import { isUniqueViolation } from '../../db/database';
import { badRequest, conflict, notFound } from '../../lib/http-error';
import { createTableCache } from '../../lib/table-cache';
import type { Platform } from '../../platform';
import type { FeaturesService } from '../features/features.service';
import { settingsRepository as repo } from './settings.repository';

// Site settings in the back office (decision record 072): feature flags site-wide and per campaign, plans, coin
// packages and VAT rates. Nothing here caches a flag: every answer that depends on one reads it, and the one cache in
// front of these tables (the VAT rates below, the landing's teasers in home) is dropped on every instance when its
// table changes (decision record 051).

const stale = (what: string) => conflict(`${what} was changed by someone else since you loaded it: reload and try again`, { revision: 'Out of date' });

type StoredFeature = Awaited<ReturnType<FeaturesService['stored']>>;

function flagsFrom({ rows, campaigns }: StoredFeature): Flag[] {
  const byName = new Map(rows.map((row) => [row.name, row]));
  const names = [...FLAG_CATALOGUE.map((spec) => spec.name as string), ...rows.map((row) => row.name).filter((name) => !flagSpecOf(name)).sort()];
  return names.map((name) => {
    const spec = flagSpecOf(name);
    const row = byName.get(name);
    return {
      name,
      known: spec !== undefined,
      group: spec?.group ?? null,
      setting_names: [...(spec?.settings ?? [])],
      versions: [...(spec?.versions ?? [])],
      is_active: row?.is_active ?? false,
      version: row?.version ?? null,
      settings: row?.settings ?? {},
      revision: row?.revision ?? 0,
      overrides: campaigns
        .filter((c) => c.name === name)
        .map((c) => ({ campaign: c.campaign, is_active: c.is_active, version: c.version, settings: c.settings ?? {} })),
    };
  });
}

function checkSettings(name: string, settings: Record<string, unknown>): void {
  const problems = flagSettingsProblems(name, settings);
  if (problems) throw badRequest(`Settings ${Object.keys(problems).join(', ')} are not valid for ${name}`, problems);
}

export function createSettingsService({ db, features }: Pick<Platform, 'db'> & { features: FeaturesService }) {
  const vatCache = createTableCache<Record<string, number>>({ tables: ['vat_rates'], changes: db.changes, max: 1, maxBytes: 64 * 1024, ttlMs: 60 * 60_000 });

  async function flag(name: string): Promise<Flag> {
    return flagsFrom(await features.stored()).find((f) => f.name === name)!;
  }

  return {
    async flags(): Promise<FlagList> {
      return { flags: flagsFrom(await features.stored()) };
    },
    flag,

    async updateFlag(name: string, body: FlagBody): Promise<Flag> {
      checkSettings(name, body.settings);
      const written = await features.setAtRevision({ name, is_active: body.is_active, version: body.version, settings: body.settings }, body.revision);
      if (written === null) throw stale(`The flag ${name}`);
      return flag(name);
    },

    async setCampaignFlag(name: string, campaign: string, body: FlagOverrideBody): Promise<Flag> {
      checkSettings(name, body.settings);
      await features.setForCampaign(campaign, { name, is_active: body.is_active, version: body.version, settings: body.settings });
      return flag(name);
    },

    async removeCampaignFlag(name: string, campaign: string): Promise<Flag> {
      if (!(await features.removeForCampaign(campaign, name))) throw notFound(`The campaign ${campaign} has no override of ${name}`);
      return flag(name);
    },

    async prices(): Promise<PriceSettings> {
      const [plans, packages, vatRates] = await Promise.all([repo.plans(db), repo.packages(db), repo.vatRates(db)]);
      return { plans, packages, vat_rates: vatRates };
    },
    plan: (id: number) => repo.plan(db, id),
    coinPackage: (id: number) => repo.coinPackage(db, id),
    vatRate: (country: string) => repo.vatRate(db, country),

    async updatePlan(id: number, body: PlanBody): Promise<AdminPlan> {
      if (!(await repo.plan(db, id))) throw notFound(`No plan ${id}`);
      try {
        // Thrown inside: a stale edit must not leave another plan's mark cleared.
        return await db.transaction(async (tx) => {
          if (body.recommended) await repo.clearRecommendedBut(tx, id);
          const updated = await repo.updatePlan(tx, id, body);
          if (!updated) throw stale(`The plan ${id}`);
          return updated;
        });
      } catch (error) {
        // Two plans marked recommended at once: the index keeps one, the other edit lost the race.
        if (isUniqueViolation(error, 'membership_plans_one_recommended')) throw stale(`The recommended plan`);
        throw error;
      }
    },

    async updatePackage(id: number, body: CoinPackageBody): Promise<AdminCoinPackage> {
      if (!(await repo.coinPackage(db, id))) throw notFound(`No coin package ${id}`);
      const updated = await repo.updatePackage(db, id, body);
      if (!updated) throw stale(`The coin package ${id}`);
      return updated;
    },

    async setVatRate(country: string, body: VatRateBody): Promise<VatRate> {
      const written = await repo.writeVatRate(db, country, body.rate_bp, body.revision);
      if (!written) throw stale(`The VAT rate of ${country}`);
      return written;
    },

    async removeVatRate(country: string): Promise<void> {
      if (!(await repo.deleteVatRate(db, country))) throw notFound(`No VAT rate for ${country}`);
    },

    /** The VAT rates by country (basis points), for pricing; cached until the table changes on any instance. */
    vatRates(): Promise<Record<string, number>> {
      return vatCache.get('all', async () => Object.fromEntries((await repo.vatRates(db)).map((r) => [r.country, r.rate_bp])));
    },
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;
