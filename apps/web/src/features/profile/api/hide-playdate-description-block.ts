import { useMutation } from '@tanstack/react-query';
import type { PlaydateDescriptionBlockHiddenBody, StatusOk } from '@velora/shared';
import type { z } from 'zod';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

export type PlaydateDescriptionBlockHidden = z.infer<typeof PlaydateDescriptionBlockHiddenBody>;

/** POST /user/playdate_description_block_hidden {hideDescriptionBlock}. */
export function hidePlaydateDescriptionBlock(body: PlaydateDescriptionBlockHidden): Promise<StatusOk> {
  return requireData(call('user.playdateDescriptionBlockHidden', { body }));
}

export function useHidePlaydateDescriptionBlock() {
  return useMutation({ mutationFn: hidePlaydateDescriptionBlock });
}
