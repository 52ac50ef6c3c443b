import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Tag, TagNamesBody } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';
import { BACKOFFICE_TAGS_KEY } from './get-tags';

/** POST /backoffice/tags: a new tag with its three names. */
export function createTag(body: TagNamesBody): Promise<Tag> {
  return requireData(call('backoffice.tags.create', { body }));
}

/** PUT /backoffice/tags/{tag_id}: new names in the three languages. */
export function renameTag({ id, body }: { id: number; body: TagNamesBody }): Promise<Tag> {
  return requireData(call('backoffice.tags.update', { params: { tag_id: id }, body }));
}

/** DELETE /backoffice/tags/{tag_id} (capability admin.settings): the tag leaves every video. */
export async function deleteTag(id: number): Promise<void> {
  await call('backoffice.tags.delete', { params: { tag_id: id } });
}

/**
 * After a change of tags: the back office's lists, and the catalog this browser shows members (`['videos', …]`: the
 * video lists and the tag filter), so a staff member who is also browsing sees the new names at once.
 */
export function invalidateAfterTagChange(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([queryClient.invalidateQueries({ queryKey: BACKOFFICE_TAGS_KEY }), queryClient.invalidateQueries({ queryKey: ['videos'] })]);
}

function useTagChange<A, R>(mutationFn: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => invalidateAfterTagChange(queryClient) });
}

export const useCreateTag = () => useTagChange(createTag);
export const useRenameTag = () => useTagChange(renameTag);
export const useDeleteTag = () => useTagChange(deleteTag);
