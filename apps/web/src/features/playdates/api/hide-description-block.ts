import type { StatusOk } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

// The profile feature has the same call for its settings form; a feature does not import another.

/** POST /user/playdate_description_block_hidden {hideDescriptionBlock}: the overview's explanation (product §4 playdate_block). */
export function hideDescriptionBlock(): Promise<StatusOk> {
  return requireData(call('user.playdateDescriptionBlockHidden', { body: { hideDescriptionBlock: true } }));
}
