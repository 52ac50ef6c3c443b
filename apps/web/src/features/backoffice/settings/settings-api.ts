import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CoinPackageBody, FlagBody, FlagList, FlagOverrideBody, FeatureName, PlanBody, PriceSettings, VatRateBody } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

// The back office's site settings (decision record 072): flags, plans, coin packages and VAT rates (admin.settings).
// Every change refetches its list, so a 409 (someone else changed it) shows the current state to edit again.

export const FLAGS_QUERY_KEY = ['backoffice', 'flags'] as const;
export const PRICES_QUERY_KEY = ['backoffice', 'prices'] as const;

/** GET /backoffice/flags */
export const flagsQueryOptions = () =>
  queryOptions({ queryKey: FLAGS_QUERY_KEY, queryFn: ({ signal }): Promise<FlagList> => requireData(call('backoffice.flags.list', {}, { signal })) });
/** Asked only of someone who may (admin.settings): anyone else would get a 403. */
export const useFlags = (enabled = true) => useQuery({ ...flagsQueryOptions(), enabled });

/** GET /backoffice/prices */
export const pricesQueryOptions = () =>
  queryOptions({ queryKey: PRICES_QUERY_KEY, queryFn: ({ signal }): Promise<PriceSettings> => requireData(call('backoffice.prices.get', {}, { signal })) });
export const usePrices = (enabled = true) => useQuery({ ...pricesQueryOptions(), enabled });

function useChange<A, R>(queryKey: readonly string[], mutationFn: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey }) });
}

export const useUpdateFlag = () =>
  useChange(FLAGS_QUERY_KEY, ({ name, body }: { name: FeatureName; body: FlagBody }) => requireData(call('backoffice.flags.update', { params: { name }, body })));
export const useSetCampaignFlag = () =>
  useChange(FLAGS_QUERY_KEY, ({ name, campaign, body }: { name: FeatureName; campaign: string; body: FlagOverrideBody }) =>
    requireData(call('backoffice.flags.setCampaign', { params: { name, campaign }, body })),
  );
export const useRemoveCampaignFlag = () =>
  useChange(FLAGS_QUERY_KEY, ({ name, campaign }: { name: FeatureName; campaign: string }) => requireData(call('backoffice.flags.removeCampaign', { params: { name, campaign } })));

export const useUpdatePlan = () => useChange(PRICES_QUERY_KEY, ({ id, body }: { id: number; body: PlanBody }) => requireData(call('backoffice.plans.update', { params: { id }, body })));
export const useUpdatePackage = () =>
  useChange(PRICES_QUERY_KEY, ({ id, body }: { id: number; body: CoinPackageBody }) => requireData(call('backoffice.packages.update', { params: { id }, body })));
export const useSetVatRate = () =>
  useChange(PRICES_QUERY_KEY, ({ country, body }: { country: string; body: VatRateBody }) => requireData(call('backoffice.vat.set', { params: { country }, body })));
export const useRemoveVatRate = () =>
  useChange(PRICES_QUERY_KEY, async (country: string) => {
    await call('backoffice.vat.remove', { params: { country } });
  });
