import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddTeamMemberBody, TeamMember, TeamMembershipBody } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';
import { TEAM_QUERY_KEY } from './get-team';

/** POST /backoffice/team: an existing account (username or email) gets team kinds and roles. */
export function addTeamMember(body: AddTeamMemberBody): Promise<TeamMember> {
  return requireData(call('backoffice.team.add', { body }));
}

/** PUT /backoffice/team/{user_id}: a person's team membership, kinds and roles. */
export function updateTeamMember({ userId, body }: { userId: number; body: TeamMembershipBody }): Promise<TeamMember> {
  return requireData(call('backoffice.team.update', { params: { user_id: userId }, body }));
}

/** POST /backoffice/team/{user_id}/second-factor/reset: a lost authenticator app removed. */
export async function resetSecondFactor(userId: number): Promise<void> {
  await call('backoffice.team.resetSecondFactor', { params: { user_id: userId } });
}

function useTeamChange<A, R>(mutationFn: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: TEAM_QUERY_KEY }) });
}

export const useAddTeamMember = () => useTeamChange(addTeamMember);
export const useUpdateTeamMember = () => useTeamChange(updateTeamMember);
export const useResetSecondFactor = () => useTeamChange(resetSecondFactor);
