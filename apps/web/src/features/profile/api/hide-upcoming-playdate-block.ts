import { useMutation } from '@tanstack/react-query';
import type { StatusOk, UpcomingPlaydateBlockHiddenBody } from '@velora/shared';
import type { z } from 'zod';
import { api, requireData } from '@/lib/http';

export type UpcomingPlaydateBlockHidden = z.infer<typeof UpcomingPlaydateBlockHiddenBody>;

/** POST /user/upcoming_playdate_block_hidden {hide}. */
export function hideUpcomingPlaydateBlock(body: UpcomingPlaydateBlockHidden): Promise<StatusOk> {
  return requireData(api.post<StatusOk>('/user/upcoming_playdate_block_hidden', body));
}

export function useHideUpcomingPlaydateBlock() {
  return useMutation({ mutationFn: hideUpcomingPlaydateBlock });
}
