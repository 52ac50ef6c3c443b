import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/http/call';
import { commentsQueryPrefix } from './get-comments';

/** DELETE /videos/{id}/comments/{commentId} → 204 (403 when it is not yours). */
export async function deleteComment(videoId: number, commentId: number): Promise<void> {
  await call('comments.delete', { params: { id: videoId, commentId } });
}

export function useDeleteComment(videoId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (commentId: number) => deleteComment(videoId, commentId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: commentsQueryPrefix(videoId) }),
  });
}
