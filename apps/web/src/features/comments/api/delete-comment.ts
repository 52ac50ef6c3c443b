import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/http';
import { commentsQueryPrefix } from './get-comments';

/** DELETE /videos/{id}/comments/{commentId} → 204 (403 when it is not yours). */
export async function deleteComment(videoId: number, commentId: number): Promise<void> {
  await api.delete(`/videos/${videoId}/comments/${commentId}`);
}

export function useDeleteComment(videoId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (commentId: number) => deleteComment(videoId, commentId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: commentsQueryPrefix(videoId) }),
  });
}
