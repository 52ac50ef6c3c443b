import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Comment } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';
import { commentsQueryPrefix } from './get-comments';

/** POST /videos/{id}/comments {body} → 201 with the comment (400 with fields.body; 429 when too fast). */
export function postComment(videoId: number, body: string): Promise<Comment> {
  return requireData(call('comments.post', { params: { id: videoId }, body: { body } }));
}

export function usePostComment(videoId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => postComment(videoId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: commentsQueryPrefix(videoId) }),
  });
}
