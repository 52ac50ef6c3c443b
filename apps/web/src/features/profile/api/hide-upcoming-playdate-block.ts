import { useMutation } from '@tanstack/react-query';
import type { StatusOk, UpcomingPlaydateBlockHiddenBody } from '@velora/shared';
import type { z } from 'zod';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

export type UpcomingPlaydateBlockHidden = z.infer<typeof UpcomingPlaydateBlockHiddenBody>;

/** POST /user/upcoming_playdate_block_hidden {hide}. */
export function hideUpcomingPlaydateBlock(body: UpcomingPlaydateBlockHidden): Promise<StatusOk> {
  return requireData(call('user.upcomingPlaydateBlockHidden', { body }));
}

export function useHideUpcomingPlaydateBlock() {
  return useMutation({ mutationFn: hideUpcomingPlaydateBlock });
}
