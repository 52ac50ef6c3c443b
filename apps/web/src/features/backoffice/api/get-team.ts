import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TeamList } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

/** GET /backoffice/team (capability admin.team): everyone who works on the site. */
export function getTeam(signal?: AbortSignal): Promise<TeamList> {
  return requireData(call('backoffice.team.list', {}, { signal }));
}

export const TEAM_QUERY_KEY = ['backoffice', 'team'] as const;

export const teamQueryOptions = () => queryOptions({ queryKey: TEAM_QUERY_KEY, queryFn: ({ signal }) => getTeam(signal) });

export function useTeam() {
  return useQuery(teamQueryOptions());
}
