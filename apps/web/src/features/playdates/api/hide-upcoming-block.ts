import type { StatusOk } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

/** POST /user/upcoming_playdate_block_hidden {hide}: the overview's tip above the upcoming shows (product §4 upcoming_playdate_block). */
export function hideUpcomingBlock(): Promise<StatusOk> {
  return requireData(call('user.upcomingPlaydateBlockHidden', { body: { hide: true } }));
}
