import { useMutation } from '@tanstack/react-query';
import type { PlaydateDescriptionBlockHiddenBody, StatusOk } from '@velora/shared';
import type { z } from 'zod';
import { api, requireData } from '@/lib/http';

export type PlaydateDescriptionBlockHidden = z.infer<typeof PlaydateDescriptionBlockHiddenBody>;

/** POST /user/playdate_description_block_hidden {hideDescriptionBlock}. */
export function hidePlaydateDescriptionBlock(body: PlaydateDescriptionBlockHidden): Promise<StatusOk> {
  return requireData(api.post<StatusOk>('/user/playdate_description_block_hidden', body));
}

export function useHidePlaydateDescriptionBlock() {
  return useMutation({ mutationFn: hidePlaydateDescriptionBlock });
}
